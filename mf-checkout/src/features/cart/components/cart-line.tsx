/**
 * One cart line (storefront.md 4): image, name, unit price, quantity controls (the minus button
 * stops at 1, typing a non-number gives 1, 0 or less removes), line total and 'Remover'.
 * A variant's line shows its label ('Aro 16') and is named by it; `onQuantity` and
 * `onRemove` get the line's key (`cartLineKey`). An engraved line shows 'Gravação: “Ana”' and its
 * price per piece, and its total includes the engraving.
 */
import { Minus, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button, Input, Price, productImageSrcSet, productImageUrl } from '@prata/shared-ui';
import { cartLineKey, normaliseQuantity, type CartItem } from '@prata/shared-ui/state';
import styles from './cart.module.css';

export interface CartLineProps {
  item: CartItem;
  onQuantity(key: string, quantity: number): void;
  onRemove(key: string): void;
}

export function CartLine({ item, onQuantity, onRemove }: CartLineProps) {
  const key = cartLineKey(item);
  const unique = useId().replace(/[^A-Za-z0-9]/g, '');
  // An engraved line's key holds free text: its id is made up instead.
  const inputId = item.engraving ? `quantidade-${unique}` : `quantidade-${key.replace(':', '-')}`;
  const name = `${item.variantLabel ? `${item.name} (${item.variantLabel})` : item.name}${item.engraving ? ` com gravação “${item.engraving.text}”` : ''}`;
  const engravingCents = item.engraving?.priceCents ?? 0;
  return (
    <li className={styles.item} data-testid="cart-item">
      <img className={styles.image} src={productImageUrl(item.imageUrl)} srcSet={productImageSrcSet(item.imageUrl)} sizes="72px" alt="" width={72} height={72} />
      <div className={styles.info}>
        <span className={styles.name}>{item.name}</span>
        {item.variantLabel ? <span className={styles.unit} data-testid="cart-item-variant">{item.variantLabel}</span> : null}
        <span className={styles.unit}>
          <Price cents={item.priceCents} /> cada
        </span>
        {item.engraving ? (
          <span className={styles.unit} data-testid="cart-item-engraving">
            Gravação: “{item.engraving.text}” (+ <Price cents={engravingCents} /> cada)
          </span>
        ) : null}
      </div>
      <Button variant="ghost" size="sm" className={styles.remove} onClick={() => onRemove(key)} aria-label={`Remover ${name}`}>
        <Trash2 size={16} aria-hidden="true" /> Remover
      </Button>
      <div className={styles.quantity}>
        <Button
          variant="outline"
          size="icon"
          aria-label={`Diminuir quantidade de ${name}`}
          disabled={item.quantity <= 1}
          onClick={() => onQuantity(key, Math.max(1, item.quantity - 1))}
        >
          <Minus size={16} aria-hidden="true" />
        </Button>
        <label htmlFor={inputId} className="p9-visually-hidden">
          Quantidade de {name}
        </label>
        <Input id={inputId} className={styles.quantityInput} inputMode="numeric" value={item.quantity} onChange={(event) => onQuantity(key, normaliseQuantity(event.target.value))} />
        <Button variant="outline" size="icon" aria-label={`Aumentar quantidade de ${name}`} onClick={() => onQuantity(key, item.quantity + 1)}>
          <Plus size={16} aria-hidden="true" />
        </Button>
      </div>
      <span className={styles.lineTotal} data-testid="cart-line-total">
        <Price cents={(item.priceCents + engravingCents) * item.quantity} />
      </span>
    </li>
  );
}
