/** Five-star rating line (storefront.md 2: product cards show a fixed 4.8 with five stars). */
import { Star } from 'lucide-react';
import styles from './components.module.css';

export function Stars({ rating, label }: { rating: number; label?: string }) {
  const text = rating.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <span className={styles.stars} aria-label={label ?? `Avaliação ${text} de 5`}>
      {[0, 1, 2, 3, 4].map((i) => (
        <Star key={i} size={14} fill="currentColor" aria-hidden="true" />
      ))}
      <span className={styles.starsValue} aria-hidden="true">
        {text}
      </span>
    </span>
  );
}
