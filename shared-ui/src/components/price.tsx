/**
 * Price in BRL from integer cents, pt-BR, e.g. "R$ 149,90" (storefront.md 9). With
 * `compareAtCents` the former price shows struck through before it, and assistive technology
 * hears "De R$ 199,90 por R$ 149,90".
 */
import { formatBRL } from '../lib/format.ts';
import styles from './components.module.css';

export interface PriceProps {
  cents: number;
  className?: string;
  /** A former, higher price shown struck through. */
  compareAtCents?: number;
  size?: 'sm' | 'md' | 'lg';
}

export function Price({ cents, className, compareAtCents, size }: PriceProps) {
  const sizeClass = size ? styles[`price-${size}`] : undefined;
  if (compareAtCents === undefined || compareAtCents <= cents) {
    return <span className={[sizeClass, className].filter(Boolean).join(' ') || undefined}>{formatBRL(cents)}</span>;
  }
  return (
    <span className={[styles.priceGroup, sizeClass, className].filter(Boolean).join(' ')}>
      <span className="p9-visually-hidden">
        De {formatBRL(compareAtCents)} por {formatBRL(cents)}
      </span>
      <s className={styles.priceBefore} aria-hidden="true">
        {formatBRL(compareAtCents)}
      </s>
      <span aria-hidden="true">{formatBRL(cents)}</span>
    </span>
  );
}
