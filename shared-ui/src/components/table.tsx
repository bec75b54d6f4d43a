/**
 * Table (shared-ui): a native table in a horizontally scrollable, keyboard-focusable frame (so
 * wide tables stay readable at 360 px). Name it with `caption` (visible or hidden) or
 * `aria-labelledby`; write the `thead` / `tbody` rows as usual (`th scope`).
 */
import type { ReactNode, TableHTMLAttributes } from 'react';
import styles from './table.module.css';

export interface TableProps extends TableHTMLAttributes<HTMLTableElement> {
  caption?: ReactNode;
  hideCaption?: boolean;
  /** `plain`: no frame, rows only (e.g. opening hours); `compact`: denser cells. */
  variant?: 'default' | 'compact' | 'plain';
  children: ReactNode;
}

export function Table({ caption, hideCaption = false, variant = 'default', className, children, ...props }: TableProps) {
  const table = (
    <table className={[styles.table, variant !== 'default' ? styles[variant] : '', className].filter(Boolean).join(' ')} {...props}>
      {caption ? <caption className={hideCaption ? 'p9-visually-hidden' : styles.caption}>{caption}</caption> : null}
      {children}
    </table>
  );
  if (variant === 'plain') return table;
  // A scrollable region must be reachable from the keyboard (axe scrollable-region-focusable).
  return (
    <div className={styles.frame} tabIndex={0} role="group" aria-label={typeof caption === 'string' ? caption : undefined}>
      {table}
    </div>
  );
}
