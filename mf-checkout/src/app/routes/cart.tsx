/**
 * Cart `/carrinho` (storefront.md 2, 4): the shared cart, its prices refreshed from the service
 * on every visit (changes shown as notices), or the empty state.
 */
import { CartView } from '../../features/cart/components/cart-view.tsx';
import { useCartRefresh } from '../../features/cart/hooks/use-cart-refresh.ts';
import styles from './routes.module.css';

export function CartRoute() {
  const refresh = useCartRefresh();
  return (
    <section className={`p9-container ${styles.page}`}>
      <CartView refresh={refresh} />
    </section>
  );
}
