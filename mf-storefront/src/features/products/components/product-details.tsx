/**
 * The product page's details: category, name, price in R$ (BRL cents), the instalment
 * line by the store's instalment rules (`installmentRules`: 'ou 12x de R$ 12,49 sem juros'), availability ('Em estoque' /
 * 'Esgotado', from `available` = stock minus reservations), add to cart (the cards' hook; off
 * when sold out) and the favourite toggle (the cards' controls, composed by the route), what the
 * route puts under them (`soldOut`: the back-in-stock alert of a piece, or chosen variant, with no stock), then the
 * description.
 *
 * Variants: a picker per option (variant-picker.tsx); price, instalments and
 * availability follow the chosen variant ('A partir de' the lowest price until then, when the
 * prices differ); 'Adicionar ao carrinho' without a complete choice asks 'Escolha uma opção' on
 * the first option left; the cart line and the favourite's reservation are the variant's.
 * `sizeGuide` (the route's 'Guia de tamanhos', from the content feature) shows under the options
 * of a product sized by 'Aro'.
 *
 * Engraving: a product that offers it shows the 'Gravação' option (engraving-option.tsx) above
 * the buttons; the cart line then carries the text, its price and production days, and a text the
 * service would refuse keeps the piece out of the cart with the reason under the field.
 *
 * The price by PIX under the price ('R$ 189,90 no PIX', `pixDiscountPercent` > 0, of the
 * chosen variant's price), and under the buttons what the route puts there for freight (`shipping`:
 * the quote by CEP for the chosen variant, or the product while none is chosen).
 */
import { Heart, ShoppingBag } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { CATEGORY_LABELS, type Product } from '@prata/contracts/catalogue';
import type { InstallmentRules } from '@prata/contracts/installments';
import { Badge, Button, PixPrice, Price } from '@prata/shared-ui';
import { useAddToCart } from '../hooks/use-add-to-cart.ts';
import { installmentLine } from '../utils/installments.ts';
import { chosenVariant, firstUnchosen, priceRange, type VariantChoice } from '../utils/variant-choice.ts';
import type { FavouriteControls } from './product-card.tsx';
import { VariantPicker } from './variant-picker.tsx';
import { EngravingOption, engravingChoiceProblem, type EngravingChoice } from './engraving-option.tsx';
import styles from './product-page.module.css';

export interface ProductDetailsProps {
  product: Product;
  favourites?: FavouriteControls | undefined;
  /** The size guide's link, shown when the product has an 'Aro' option. */
  sizeGuide?: ReactNode;
  /** What shows under the buttons when the piece (the product, or the chosen variant) has no stock: the back-in-stock alert for that variant. */
  soldOut?: (variantId: string | null) => ReactNode;
  /** The store's PIX discount in whole percent (0 or absent: no PIX line). */
  pixDiscountPercent?: number;
  /** The store's instalment rules (`useStoreOffers().installments`; absent: the default rules). */
  installmentRules?: InstallmentRules;
  /** The freight quote for the chosen variant (null: none chosen, or the product has none) and the chosen engraving's production days (0: none). */
  shipping?: (variantId: string | null, productionDays: number) => ReactNode;
}

export function ProductDetails({ product, favourites, sizeGuide, soldOut, pixDiscountPercent = 0, installmentRules, shipping }: ProductDetailsProps) {
  const add = useAddToCart();
  const [choice, setChoice] = useState<VariantChoice>({});
  const [askChoice, setAskChoice] = useState(false);
  const [engraving, setEngraving] = useState<EngravingChoice>({ on: false, text: '' });
  const [showEngravingProblem, setShowEngravingProblem] = useState(false);
  const engravable = product.engraving?.enabled ? product.engraving : null;
  const hasVariants = product.variants.length > 0;
  const variant = chosenVariant(product, choice);
  const range = priceRange(product);
  const priceCents = variant?.priceCents ?? (hasVariants ? range.min : product.priceCents);
  const favourite = favourites?.isFavourite(product.id) ?? false;
  const instalments = installmentLine(priceCents, installmentRules);
  const available = (variant ?? product).available > 0;

  const addToCart = () => {
    if (hasVariants && !variant) {
      setAskChoice(true);
      return;
    }
    if (engravable && engravingChoiceProblem(engravable, engraving)) {
      setShowEngravingProblem(true);
      return;
    }
    add(product, variant, engravable && engraving.on ? { text: engraving.text, priceCents: engravable.priceCents, extraDays: engravable.extraDays } : null);
  };

  return (
    <div className={styles.details}>
      <p className={styles.category}>{CATEGORY_LABELS[product.category]}</p>
      <h1 className={styles.name}>{product.name}</h1>
      <div>
        {product.isNew ? <Badge variant="new">Novo</Badge> : null} {product.isBestseller ? <Badge variant="bestseller">Best Seller</Badge> : null}
        {favourites?.isReservedByMe(product.id) ? <Badge variant="reserved">Reservado por você</Badge> : null}
      </div>
      <div className={styles.price} data-testid="product-price">
        {hasVariants && !variant && range.min !== range.max ? 'A partir de ' : null}
        <Price cents={priceCents} />
      </div>
      {pixDiscountPercent > 0 ? (
        <p className={styles.installments}>
          <PixPrice cents={priceCents} percent={pixDiscountPercent} />
        </p>
      ) : null}
      {instalments ? <p className={styles.installments}>{instalments}</p> : null}
      {hasVariants ? (
        <VariantPicker
          product={product}
          choice={choice}
          onChoice={(next) => {
            setChoice(next);
            setAskChoice(false);
          }}
          missing={askChoice ? firstUnchosen(product, choice) : null}
          sizeGuide={product.options.some((option) => option.name === 'Aro') ? sizeGuide : null}
        />
      ) : null}
      {engravable ? <EngravingOption engraving={engravable} choice={engraving} onChoice={setEngraving} showProblem={showEngravingProblem} /> : null}
      <p className={available ? styles.inStock : styles.outOfStock} data-testid="product-availability">
        {available ? 'Em estoque' : 'Esgotado'}
      </p>
      <div className={styles.actions}>
        <Button onClick={addToCart} disabled={!available}>
          <ShoppingBag size={18} aria-hidden="true" /> Adicionar ao carrinho
        </Button>
        {favourites ? (
          <Button
            variant="outline"
            className={favourite ? styles.favouriteOn : undefined}
            aria-pressed={favourite}
            onClick={() => favourites.toggle({ ...product, variantId: variant?.id ?? null })}
          >
            <Heart size={18} aria-hidden="true" fill={favourite ? 'currentColor' : 'none'} /> {favourite ? 'Favoritado' : 'Favoritar'}
          </Button>
        ) : null}
      </div>
      {soldOut && (hasVariants ? variant?.stock === 0 : product.stock === 0) ? soldOut(variant?.id ?? null) : null}
      {shipping ? shipping(variant?.id ?? null, engravable && engraving.on ? engravable.extraDays : 0) : null}
      {product.description ? <p className={styles.description}>{product.description}</p> : null}
    </div>
  );
}
