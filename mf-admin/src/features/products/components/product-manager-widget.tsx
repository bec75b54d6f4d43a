/**
 * The product manager as a widget other remotes show (exposed as `./ProductManager`): the home
 * page's inline manager for admins (storefront.md 2). Renders nothing for anyone else; the
 * service refuses their calls anyway.
 */
import { useSessionStore } from '@prata/shared-ui/state';
import { ProductManager } from './product-manager.tsx';
import styles from './products.module.css';

export default function ProductManagerWidget() {
  const isAdmin = useSessionStore((state) => state.isAdmin);
  if (!isAdmin) return null;
  return (
    <section className={styles.widget} aria-labelledby="inline-product-manager">
      <h2 id="inline-product-manager" className={styles.widgetTitle}>
        Gerenciar Produtos
      </h2>
      <ProductManager compact />
    </section>
  );
}
