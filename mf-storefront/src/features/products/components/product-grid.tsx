/** Responsive grid of product cards, with a skeleton while loading. */
import type { Product } from '@prata/contracts';
import { Skeleton } from '@prata/shared-ui';
import { ProductCard, type FavouriteControls } from './product-card.tsx';
import styles from './products.module.css';

export function ProductGrid({ products, label, favourites }: { products: readonly Product[]; label: string; favourites?: FavouriteControls }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} priority={index < 4} favourites={favourites} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div className={styles.grid} role="status" aria-label="Carregando produtos">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.card}>
          <Skeleton style={{ aspectRatio: '1 / 1' }} />
          <div className={styles.body}>
            <Skeleton style={{ height: 20, width: '80%' }} />
            <Skeleton style={{ height: 16, width: '40%' }} />
          </div>
        </div>
      ))}
    </div>
  );
}
