/**
 * The cart `/carrinho` (storefront.md 2, 4, 9): the shared cart's lines with quantity controls,
 * the refresh notices, a summary (subtotal, 'Frete grátis', total), 'Finalizar Compra' to
 * /checkout, 'Limpar carrinho' and links to /produtos; the empty-state screen when empty.
 */
import { Link } from '@prata/shared-ui/router';
import { Button, Card, EmptyState, buttonClassName, cartLineKey, selectCartCount, useCartStore } from '@prata/shared-ui';
import type { CartRefresh } from '../hooks/use-cart-refresh.ts';
import { CartLine } from './cart-line.tsx';
import { CartNotices } from './cart-notices.tsx';
import { OrderTotals } from '../../../components/order-totals.tsx';
import styles from './cart.module.css';

export function CartView({ refresh }: { refresh: CartRefresh }) {
  const items = useCartStore((state) => state.items);
  const count = useCartStore(selectCartCount);
  const setQuantity = useCartStore((state) => state.setQuantity);
  const removeItem = useCartStore((state) => state.removeItem);
  const clear = useCartStore((state) => state.clear);

  if (items.length === 0) {
    return (
      <>
        <CartNotices refresh={refresh} />
        <EmptyState
          title="Seu carrinho está vazio"
          description="Explore nossa coleção e encontre a joia perfeita para você."
          action={
            <Link to="/produtos" className={buttonClassName()}>
              Ver Produtos
            </Link>
          }
        />
      </>
    );
  }

  const subtotal = items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);
  return (
    <>
      <h1>Carrinho</h1>
      <CartNotices refresh={refresh} />
      <div className={styles.layout}>
        <ul className={styles.items} aria-label="Itens do carrinho">
          {items.map((item) => (
            <CartLine key={cartLineKey(item)} item={item} onQuantity={setQuantity} onRemove={removeItem} />
          ))}
        </ul>
        <Card as="aside" title="Resumo" className={styles.summary}>
          <OrderTotals pricing={{ subtotalCents: subtotal, shippingCents: null, totalCents: subtotal }} subtotalLabel={`Subtotal (${count === 1 ? '1 item' : `${count} itens`})`} shippingPending="Calculado no checkout" />
          <div className={styles.actions}>
            <Link to="/checkout" className={buttonClassName('primary')}>
              Finalizar Compra
            </Link>
            <Link to="/produtos" className={buttonClassName('outline')}>
              Continuar comprando
            </Link>
            <Button variant="ghost" onClick={clear}>
              Limpar carrinho
            </Button>
          </div>
        </Card>
      </div>
    </>
  );
}
