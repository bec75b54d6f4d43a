/**
 * Five-star rating (product cards: the approved reviews' average and count, '4,7 (12)'). One image
 * for assistive technology ('Avaliação 4,7 de 5, 12 avaliações'); a star is filled when the rating
 * reaches its half (4.8 and 4.5: five, 3.4: three).
 *
 * The five stars are one element painted by CSS (a star mask repeated five times over a gold and
 * silver gradient), not five inline SVGs: a catalogue page shows 36 cards, and five SVG stars per
 * card were ~160 KB of the server-rendered HTML.
 */
import type { CSSProperties } from 'react';
import styles from './components.module.css';

/**
 * The rating as pt-BR shows it ('4,8'). One formatter for every call: `toLocaleString` with
 * options builds a new `Intl.NumberFormat` each time (~60 µs on the server, for every card of a
 * server-rendered page).
 */
const ratingFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** How many of the five stars are filled for `rating` (0-5): those whose half the rating reaches. */
export function filledStars(rating: number): number {
  return [0, 1, 2, 3, 4].filter((i) => rating >= i + 0.5).length;
}

/** How many reviews a rating counts, as the label reads it ('1 avaliação', '12 avaliações'). */
function reviewsText(count: number): string {
  return `${count} ${count === 1 ? 'avaliação' : 'avaliações'}`;
}

/**
 * The rating's stars, `size` px high, and optionally its value ('4,8'); with `count`, how many
 * reviews it averages after the value ('4,8 (12)').
 */
export function Stars({ rating, label, showValue = true, size = 14, count }: { rating: number; label?: string; showValue?: boolean; size?: number; count?: number }) {
  const text = ratingFormat.format(rating);
  const row = { '--p9-star-size': `${size}px`, '--p9-star-fill': `${filledStars(rating) * 20}%` } as CSSProperties;
  const counted = count === undefined ? '' : `, ${reviewsText(count)}`;
  return (
    <span className={styles.stars} role="img" aria-label={label ?? `Avaliação ${text} de 5${counted}`}>
      <span className={styles.starRow} style={row} aria-hidden="true" />
      {showValue ? (
        <span className={styles.starsValue} aria-hidden="true">
          {count === undefined ? text : `${text} (${count})`}
        </span>
      ) : null}
    </span>
  );
}
