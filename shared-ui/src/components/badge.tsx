/** Badge (shared-ui): product badges Novo / Best Seller / Destaque / 'Reservado por você'. */
import type { ReactNode } from 'react';
import styles from './components.module.css';

const VARIANTS = {
  new: styles.badgeNew,
  bestseller: styles.badgeBestseller,
  featured: styles.badgeFeatured,
  reserved: styles.badgeReserved,
  neutral: styles.badgeNeutral,
} as const;

export function Badge({ variant = 'neutral', children }: { variant?: keyof typeof VARIANTS; children: ReactNode }) {
  return <span className={`${styles.badge} ${VARIANTS[variant]}`}>{children}</span>;
}
