/**
 * Product card (storefront.md 2): image (or the fallback image), name, the piece's rating (its
 * approved reviews' average and count from the catalogue API, '4,7 (12)' with five stars; nothing
 * before its first approved review), price in R$, badges Novo / Best Seller / Destaque, 'Reservado por você' when reserved,
 * a favourite toggle and add-to-cart ('Produto adicionado!' toast, storefront.md 8). The name
 * links to the product's page `/produtos/<slug>`; the buttons stay buttons. A product
 * with variants cannot go to the cart without a choice: its button is 'Escolher', a
 * link to its page.
 * Favourites are passed in (`favourites`), composed by the routes from the favourites feature.
 * With the store's PIX discount (`pixDiscountPercent` > 0) the price by PIX shows under
 * the price ('R$ 189,90 no PIX').
 *
 * Images: a square frame with explicit width/height (no layout shift), lazy below the fold,
 * decoded off the main thread, and `sizes` matching the grid columns. Raster images (photos) get a
 * `srcset` of WebP renditions at several widths (the browser picks one for `sizes` and the screen's
 * density); vector images (the seeded art, the fallback) are one SVG, sharp at every width. A
 * broken image falls back to the fallback image (its `srcset` dropped).
 *
 * Icons (the heart, the bag) are CSS masks (products.module.css), not inline SVGs: a page of cards
 * repeats them on every card.
 */
import { CATEGORY_LABELS, productPagePath, type Product } from '@prata/contracts/catalogue';
import { Badge, Button, Card, PixPrice, Price, Stars, buttonClassName, fallbackImageUrl, productImageSrcSet, productImageUrl } from '@prata/shared-ui';
import { Link } from '@prata/shared-ui/router';
import { useAddToCart } from '../hooks/use-add-to-cart.ts';
import styles from './products.module.css';

/** Rendered width of a card image per viewport (the grid: 2 columns, 3 from 820 px, 4 from 1100 px). */
export const PRODUCT_IMAGE_SIZES = '(min-width: 1240px) 282px, (min-width: 1100px) calc((100vw - 104px) / 4), (min-width: 820px) calc((100vw - 80px) / 3), calc((100vw - 44px) / 2)';

/** Favourite state and action for cards (implemented by the favourites feature). */
export interface FavouriteControls {
  isFavourite(productId: string): boolean;
  isReservedByMe(productId: string): boolean;
  /** Favourites (and, signed in, reserves) a product; with variants, the chosen one (`variantId`). */
  toggle(product: Pick<Product, 'id' | 'name' | 'priceCents' | 'imageUrl'> & { variants?: readonly unknown[]; variantId?: string | null }): void;
}

export interface ProductCardProps {
  product: Product;
  priority?: boolean;
  favourites?: FavouriteControls | undefined;
  /** The store's PIX discount in whole percent (0 or absent: no PIX line). */
  pixDiscountPercent?: number;
}

export function ProductCard({ product, priority = false, favourites, pixDiscountPercent = 0 }: ProductCardProps) {
  const add = useAddToCart();
  const favourite = favourites?.isFavourite(product.id) ?? false;
  const reservedByMe = favourites?.isReservedByMe(product.id) ?? false;

  const page = productPagePath(product);

  return (
    <Card as="article" padding="none" interactive className={styles.card} data-testid="product-card">
      <div className={styles.media}>
        <img
          src={productImageUrl(product.imageUrl)}
          srcSet={productImageSrcSet(product.imageUrl)}
          alt={product.name}
          width={400}
          height={400}
          sizes={PRODUCT_IMAGE_SIZES}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          onError={(event) => {
            const img = event.currentTarget;
            if (img.src === fallbackImageUrl()) return;
            img.removeAttribute('srcset');
            img.src = fallbackImageUrl();
          }}
        />
        <div className={styles.badges}>
          {product.isNew ? <Badge variant="new">Novo</Badge> : null}
          {product.isBestseller ? <Badge variant="bestseller">Best Seller</Badge> : null}
          {product.isFeatured ? <Badge variant="featured">Destaque</Badge> : null}
          {reservedByMe ? <Badge variant="reserved">Reservado por você</Badge> : null}
        </div>
        {favourites ? (
          <Button
            variant="ghost"
            size="icon"
            className={favourite ? `${styles.favourite} ${styles.favouriteOn}` : styles.favourite}
            aria-label={favourite ? `Remover ${product.name} dos favoritos` : `Favoritar ${product.name}`}
            aria-pressed={favourite}
            onClick={() => favourites.toggle(product)}
          >
            <span className={`${styles.icon} ${styles.heartIcon}${favourite ? ` ${styles.heartIconOn}` : ''}`} aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      <div className={styles.body}>
        <p className={styles.category}>{CATEGORY_LABELS[product.category]}</p>
        <h3 className={styles.name}>
          <Link to={page} className={styles.nameLink}>
            {product.name}
          </Link>
        </h3>
        {product.rating ? <Stars rating={product.rating.average} count={product.rating.count} /> : null}
        <div className={styles.footer}>
          <div>
            <Price cents={product.priceCents} className={styles.price} />
            <PixPrice cents={product.priceCents} percent={pixDiscountPercent} className={styles.pix} />
          </div>
          {product.variants.length > 0 ? (
            <Link to={page} className={buttonClassName('primary', 'sm')} aria-label={`Escolher opção de ${product.name}`}>
              <span className={`${styles.icon} ${styles.bagIcon}`} aria-hidden="true" /> Escolher
            </Link>
          ) : (
            <Button size="sm" onClick={() => add(product)} aria-label={`Adicionar ${product.name} ao carrinho`}>
              <span className={`${styles.icon} ${styles.bagIcon}`} aria-hidden="true" /> Adicionar
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}
