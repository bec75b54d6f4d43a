/**
 * Checkout `/checkout` (storefront.md 2, 4): an empty cart goes to /carrinho ('Carrinho vazio');
 * a signed-out shopper goes to /auth and comes back here after signing in. The form works on the
 * cart refreshed from the service; a placed order clears the cart and opens
 * /pedido-confirmado?pedido=<id> (the order already in the query cache). The form's code loads on
 * demand (`React.lazy`), behind the same skeleton. The visit and the order are reported as
 * `begin_checkout` and `purchase` (features/checkout/utils/analytics-events.ts).
 */
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useRef } from 'react';
import { Navigate, useNavigate } from '@prata/shared-ui/router';
import type { Order } from '@prata/contracts';
import { toast, trackEvent, useCartStore, useSessionStore } from '@prata/shared-ui/state';
import { CartNotices } from '../../features/cart/components/cart-notices.tsx';
import { useCartRefresh } from '../../features/cart/hooks/use-cart-refresh.ts';
import { useCouponCode, useShippingCep } from '../../features/cart/stores/cart-pricing.ts';
import { usePaymentConfig } from '../../lib/payment-config.ts';
import { CheckoutSkeleton } from '../../features/checkout/components/checkout-skeleton.tsx';
import { getOrderQueryOptions } from '../../features/orders/api/get-order.ts';
import { cartEvent, purchaseEvent } from '../../features/checkout/utils/analytics-events.ts';
import styles from './routes.module.css';

export const CHECKOUT_PATH = '/checkout';

/**
 * The form (with react-hook-form and the card fields) is a chunk of its own, fetched when the
 * route first renders and shown behind the checkout skeleton: the remote's first load, which
 * every store page pays (its byte budget), carries only the cart and the route guards.
 */
const loadCheckoutForm = () => import('../../features/checkout/components/checkout-form.tsx');
const CheckoutForm = lazy(() => loadCheckoutForm().then((module) => ({ default: module.CheckoutForm })));

export function CheckoutRoute() {
  const user = useSessionStore((state) => state.user);
  const sessionLoading = useSessionStore((state) => state.loading);
  const items = useCartStore((state) => state.items);
  // The CEP quoted and the coupon accepted in the cart.
  const shippingCep = useShippingCep();
  const couponCode = useCouponCode();
  const refresh = useCartRefresh();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const placed = useRef(false);
  const empty = items.length === 0;
  // The form waits for the payment configuration's first answer too (success or failure, and
  // never again once answered): its test-mode notice arriving later would push the whole form
  // down (CLS).
  const awaitingPayments = !usePaymentConfig().isFetched;

  useEffect(() => {
    // Fetched while the session and the payment configuration load, so the form rarely waits.
    void loadCheckoutForm();
    // GA4's begin_checkout / Meta's InitiateCheckout, once per visit of the page (sent only with consent).
    if (useCartStore.getState().items.length > 0) trackEvent(cartEvent('begin_checkout', useCartStore.getState().items));
  }, []);

  useEffect(() => {
    if (!empty || placed.current) return;
    toast.error('Carrinho vazio', { id: 'carrinho-vazio' });
    void navigate('/carrinho', { replace: true });
  }, [empty, navigate]);

  if (empty) return null;
  if (sessionLoading || (user && awaitingPayments)) {
    return (
      <section className={`p9-container ${styles.page}`}>
        <h1 className={styles.title}>Finalizar Compra</h1>
        <CheckoutSkeleton />
      </section>
    );
  }
  if (!user) return <Navigate to="/auth" replace state={{ from: CHECKOUT_PATH }} />;

  const onPlaced = (order: Order) => {
    placed.current = true;
    // The browser's purchase, with the order's id as event_id: the server's, when it is paid, is the same event.
    trackEvent(purchaseEvent(order));
    queryClient.setQueryData(getOrderQueryOptions(order.id).queryKey, order);
    void navigate(`/pedido-confirmado?pedido=${encodeURIComponent(order.id)}`);
    refresh.dismiss();
    useCartStore.getState().clear();
  };

  return (
    <section className={`p9-container ${styles.page}`}>
      <h1 className={styles.title}>Finalizar Compra</h1>
      <CartNotices refresh={refresh} />
      <Suspense fallback={<CheckoutSkeleton />}>
        <CheckoutForm items={items} pricesReady={refresh.status === 'fresh'} defaultEmail={user.email} defaultZipCode={shippingCep} initialCouponCode={couponCode} onPlaced={onPlaced} />
      </Suspense>
    </section>
  );
}
