/**
 * The checkout remote's exposed App: `/carrinho`, a cart reminder's link `/carrinho/recuperar/:token`, `/checkout`, `/pedido-confirmado`, the
 * shopper's account `/minha-conta`, and the shopper's orders `/minha-conta/pedidos` and `/minha-conta/pedidos/:id`, an order followed
 * without signing in `/pedido/:token` and its lookup `/rastrear-pedido` (absolute
 * paths, mounted by the shell for the routes the registry gives the checkout), inside the
 * generic error screen's boundary. Unknown paths show the not-found page.
 */
import { Route, Routes } from '@prata/shared-ui/router';
import { NotFoundPage, PageErrorBoundary } from '@prata/shared-ui';
import { CartRoute } from './routes/cart.tsx';
import { CheckoutRoute } from './routes/checkout.tsx';
import { MyAccountRoute } from './routes/my-account.tsx';
import { MyOrderRoute } from './routes/my-order.tsx';
import { MyOrdersRoute } from './routes/my-orders.tsx';
import { OrderConfirmedRoute } from './routes/order-confirmed.tsx';
import { OrderTrackingRoute } from './routes/order-tracking.tsx';
import { RecoverCartRoute } from './routes/recover-cart.tsx';
import { TrackOrderRoute } from './routes/track-order.tsx';

export default function CheckoutApp() {
  return (
    <PageErrorBoundary source="checkout">
      <Routes>
        <Route path="/carrinho" element={<CartRoute />} />
        <Route path="/carrinho/recuperar/:token" element={<RecoverCartRoute />} />
        <Route path="/checkout" element={<CheckoutRoute />} />
        <Route path="/pedido-confirmado" element={<OrderConfirmedRoute />} />
        <Route path="/minha-conta" element={<MyAccountRoute />} />
        <Route path="/minha-conta/pedidos" element={<MyOrdersRoute />} />
        <Route path="/minha-conta/pedidos/:id" element={<MyOrderRoute />} />
        <Route path="/pedido/:token" element={<OrderTrackingRoute />} />
        <Route path="/rastrear-pedido" element={<TrackOrderRoute />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </PageErrorBoundary>
  );
}
