/**
 * Five-star rating (storefront.md 2: product cards show a fixed 4.8 with five stars). One image
 * for assistive technology ('Avaliação 4,8 de 5'); the stars fill to the rating.
 */
import { Star } from 'lucide-react';
import styles from './components.module.css';

export function Stars({ rating, label, showValue = true, size = 14 }: { rating: number; label?: string; showValue?: boolean; size?: number }) {
  const text = rating.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <span className={styles.stars} role="img" aria-label={label ?? `Avaliação ${text} de 5`}>
      {[0, 1, 2, 3, 4].map((i) => (
        <Star key={i} size={size} fill="currentColor" aria-hidden="true" className={rating >= i + 0.5 ? undefined : styles.starOff} />
      ))}
      {showValue ? (
        <span className={styles.starsValue} aria-hidden="true">
          {text}
        </span>
      ) : null}
    </span>
  );
}
