/** The checkout remote's exposed App: `/carrinho`, `/checkout`, `/pedido-confirmado`. */
import { Route, Routes } from 'react-router-dom';
import { EmptyState, NotFoundPage } from '@prata/shared-ui';
import { CartRoute } from './routes/cart.tsx';

export default function CheckoutApp() {
  return (
    <Routes>
      <Route path="/carrinho" element={<CartRoute />} />
      <Route path="/checkout" element={<EmptyState title="Finalizar compra" description="O checkout estará disponível em breve." />} />
      <Route path="/pedido-confirmado" element={<EmptyState title="Pedido confirmado" description="Obrigado pela sua compra!" />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
