/**
 * The product page's details (issue 22): category, name, price in R$ (BRL cents), the instalment
 * line by the store's rule ('ou 12x de R$ ... sem juros'), availability ('Em estoque' /
 * 'Esgotado', from `available` = stock minus reservations), add to cart (the cards' hook; off
 * when sold out) and the favourite toggle (the cards' controls, composed by the route), what the
 * route puts under them (`soldOut`: the back-in-stock alert of a sold-out piece), then the
 * description.
 */
import type { ReactNode } from 'react';
import { Heart, ShoppingBag } from 'lucide-react';
import { CATEGORY_LABELS, type Product } from '@prata/contracts/catalogue';
import { Badge, Button, Price } from '@prata/shared-ui';
import { useAddToCart } from '../hooks/use-add-to-cart.ts';
import { installmentLine } from '../utils/installments.ts';
import type { FavouriteControls } from './product-card.tsx';
import styles from './product-page.module.css';

export function ProductDetails({ product, favourites, soldOut }: { product: Product; favourites?: FavouriteControls | undefined; soldOut?: ReactNode }) {
  const add = useAddToCart();
  const favourite = favourites?.isFavourite(product.id) ?? false;
  const instalments = installmentLine(product.priceCents);
  const available = product.available > 0;
  return (
    <div className={styles.details}>
      <p className={styles.category}>{CATEGORY_LABELS[product.category]}</p>
      <h1 className={styles.name}>{product.name}</h1>
      <div>
        {product.isNew ? <Badge variant="new">Novo</Badge> : null} {product.isBestseller ? <Badge variant="bestseller">Best Seller</Badge> : null}
        {favourites?.isReservedByMe(product.id) ? <Badge variant="reserved">Reservado por você</Badge> : null}
      </div>
      <Price cents={product.priceCents} className={styles.price} />
      {instalments ? <p className={styles.installments}>{instalments}</p> : null}
      <p className={available ? styles.inStock : styles.outOfStock}>{available ? 'Em estoque' : 'Esgotado'}</p>
      <div className={styles.actions}>
        <Button onClick={() => add(product)} disabled={!available}>
          <ShoppingBag size={18} aria-hidden="true" /> Adicionar ao carrinho
        </Button>
        {favourites ? (
          <Button variant="outline" className={favourite ? styles.favouriteOn : undefined} aria-pressed={favourite} onClick={() => favourites.toggle(product)}>
            <Heart size={18} aria-hidden="true" fill={favourite ? 'currentColor' : 'none'} /> {favourite ? 'Favoritado' : 'Favoritar'}
          </Button>
        ) : null}
      </div>
      {soldOut}
      {product.description ? <p className={styles.description}>{product.description}</p> : null}
    </div>
  );
}
