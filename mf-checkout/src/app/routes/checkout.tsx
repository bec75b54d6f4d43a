/**
 * Checkout `/checkout` (storefront.md 2, 4): an empty cart goes to /carrinho ('Carrinho vazio');
 * a signed-out shopper goes to /auth and comes back here after signing in. The form works on the
 * cart refreshed from the service; a placed order clears the cart and opens
 * /pedido-confirmado?pedido=<id> (the order already in the query cache).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate } from '@prata/shared-ui/router';
import type { Order } from '@prata/contracts';
import { toast, useCartStore, useSessionStore } from '@prata/shared-ui';
import { CartNotices } from '../../features/cart/components/cart-notices.tsx';
import { useCartRefresh } from '../../features/cart/hooks/use-cart-refresh.ts';
import { CheckoutForm } from '../../features/checkout/components/checkout-form.tsx';
import { usePaymentConfig } from '../../lib/payment-config.ts';
import { CheckoutSkeleton } from '../../features/checkout/components/checkout-skeleton.tsx';
import { getOrderQueryOptions } from '../../features/orders/api/get-order.ts';
import styles from './routes.module.css';

export const CHECKOUT_PATH = '/checkout';

export function CheckoutRoute() {
  const user = useSessionStore((state) => state.user);
  const sessionLoading = useSessionStore((state) => state.loading);
  const items = useCartStore((state) => state.items);
  const refresh = useCartRefresh();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const placed = useRef(false);
  const empty = items.length === 0;
  // The form waits for the payment configuration's first answer too (success or failure, and
  // never again once answered): its test-mode notice arriving later would push the whole form
  // down (CLS, issue 15).
  const awaitingPayments = !usePaymentConfig().isFetched;

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
    queryClient.setQueryData(getOrderQueryOptions(order.id).queryKey, order);
    void navigate(`/pedido-confirmado?pedido=${encodeURIComponent(order.id)}`);
    refresh.dismiss();
    useCartStore.getState().clear();
  };

  return (
    <section className={`p9-container ${styles.page}`}>
      <h1 className={styles.title}>Finalizar Compra</h1>
      <CartNotices refresh={refresh} />
      <CheckoutForm items={items} pricesReady={refresh.status === 'fresh'} defaultEmail={user.email} onPlaced={onPlaced} />
    </section>
  );
}
