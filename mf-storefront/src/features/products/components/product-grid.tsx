/**
 * Responsive grid of product cards, with a skeleton of the same shape while loading. The cards
 * show the price by PIX with the store's offers, which the server-rendered pages
 * prefetch (pages.ts), so the first HTML has it.
 */
import type { Product } from '@prata/contracts/catalogue';
import { Card, Skeleton, useStoreOffers } from '@prata/shared-ui';
import { ProductCard, type FavouriteControls } from './product-card.tsx';
import styles from './products.module.css';

export function ProductGrid({ products, label, favourites }: { products: readonly Product[]; label: string; favourites?: FavouriteControls }) {
  const { pixDiscountPercent } = useStoreOffers();
  return (
    <ul className={styles.grid} aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} priority={index < 4} favourites={favourites} pixDiscountPercent={pixDiscountPercent} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div className={styles.grid} role="status" aria-label="Carregando produtos" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} padding="none" className={styles.card}>
          <Skeleton className={styles.mediaSkeleton} />
          <div className={styles.body}>
            <Skeleton shape="text" width="35%" />
            <Skeleton shape="text" width="85%" height={20} />
            <Skeleton shape="text" width="45%" />
            <Skeleton shape="text" width="40%" height={24} />
          </div>
        </Card>
      ))}
    </div>
  );
}
