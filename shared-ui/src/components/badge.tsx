/**
 * Badge (shared-ui): product badges Novo / Best Seller / Destaque / 'Reservado por você', role
 * and status labels. Variants keep AA contrast on their own background.
 */
import type { ReactNode } from 'react';
import styles from './components.module.css';

const VARIANTS = {
  new: styles.badgeNew,
  bestseller: styles.badgeBestseller,
  featured: styles.badgeFeatured,
  reserved: styles.badgeReserved,
  neutral: styles.badgeNeutral,
  success: styles.badgeSuccess,
  warning: styles.badgeWarning,
  danger: styles.badgeDanger,
} as const;

export type BadgeVariant = keyof typeof VARIANTS;

export function Badge({ variant = 'neutral', children, className }: { variant?: BadgeVariant; children: ReactNode; className?: string }) {
  return <span className={[styles.badge, VARIANTS[variant], className].filter(Boolean).join(' ')}>{children}</span>;
}
