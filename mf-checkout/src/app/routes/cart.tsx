/**
 * Cart `/carrinho` (storefront.md 2, 4): the items of the shared cart store with quantity
 * controls (minus stops at 1, a non-number becomes 1), or the empty state; links to /produtos.
 */
import { Link } from 'react-router-dom';
import { Button, EmptyState, Price, buttonClassName, productImageUrl, useCartStore } from '@prata/shared-ui';
import styles from './checkout.module.css';

export function CartRoute() {
  const items = useCartStore((state) => state.items);
  const setQuantity = useCartStore((state) => state.setQuantity);
  const removeItem = useCartStore((state) => state.removeItem);
  if (items.length === 0) {
    return (
      <EmptyState
        title="Seu carrinho está vazio"
        description="Explore nossa coleção e encontre a joia perfeita."
        action={<Link to="/produtos" className={buttonClassName()}>Ver Produtos</Link>}
      />
    );
  }
  const total = items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);
  return (
    <section className={`p9-container ${styles.page}`}>
      <h1>Carrinho</h1>
      <ul className={styles.items} aria-label="Itens do carrinho">
        {items.map((item) => (
          <li key={item.id} className={styles.item} data-testid="cart-item">
            <img src={productImageUrl(item.imageUrl)} alt="" width={72} height={72} />
            <div>
              <strong>{item.name}</strong>
              <Price cents={item.priceCents} />
            </div>
            <div className={styles.quantity}>
              <Button variant="outline" size="sm" aria-label={`Diminuir ${item.name}`} onClick={() => setQuantity(item.id, Math.max(1, item.quantity - 1))}>
                −
              </Button>
              <input
                aria-label={`Quantidade de ${item.name}`}
                inputMode="numeric"
                value={item.quantity}
                onChange={(event) => setQuantity(item.id, Number.parseInt(event.target.value, 10))}
              />
              <Button variant="outline" size="sm" aria-label={`Aumentar ${item.name}`} onClick={() => setQuantity(item.id, item.quantity + 1)}>
                +
              </Button>
            </div>
            <Button variant="ghost" size="sm" onClick={() => removeItem(item.id)}>
              Remover
            </Button>
          </li>
        ))}
      </ul>
      <p className={styles.total}>
        Total: <Price cents={total} />
      </p>
      <Link to="/produtos">Continuar comprando</Link>
    </section>
  );
}
