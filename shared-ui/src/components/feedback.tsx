/**
 * Loading and empty states (shared-ui): Spinner (short waits, actions), Skeleton (lists and
 * content while loading: prefer it to a spinner for lists), EmptyState (nothing to show).
 */
import type { CSSProperties, ReactNode } from 'react';
import styles from './components.module.css';

export interface SpinnerProps {
  /** Announced to assistive technology. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  /** Also shows the label next to the spinner. */
  showLabel?: boolean;
}

export function Spinner({ label = 'Carregando...', size = 'md', showLabel = false }: SpinnerProps) {
  return (
    <div role="status" aria-live="polite" className={styles.spinnerBox}>
      <div className={[styles.spinner, size !== 'md' ? styles[`spinner-${size}`] : ''].filter(Boolean).join(' ')} aria-hidden="true" />
      <span className={showLabel ? styles.spinnerLabel : 'p9-visually-hidden'}>{label}</span>
    </div>
  );
}

export interface SkeletonProps {
  style?: CSSProperties;
  className?: string;
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** `text` lines, `rect` blocks (images), `circle` avatars. */
  shape?: 'rect' | 'text' | 'circle';
}

/** A placeholder block; hidden from assistive technology (announce loading on its container). */
export function Skeleton({ style, className, width, height, shape = 'rect' }: SkeletonProps) {
  const size: CSSProperties = { ...(width !== undefined ? { width } : {}), ...(height !== undefined ? { height } : {}) };
  return (
    <div
      aria-hidden="true"
      className={[styles.skeleton, shape !== 'rect' ? styles[`skeleton-${shape}`] : '', className].filter(Boolean).join(' ')}
      style={{ ...size, ...style }}
    />
  );
}

/** Lines of text skeleton inside a busy, labelled status region. */
export function SkeletonText({ lines = 3, label = 'Carregando...' }: { lines?: number; label?: string }) {
  return (
    <div role="status" aria-busy="true" className={styles.skeletonText}>
      <span className="p9-visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} shape="text" width={i === lines - 1 && lines > 1 ? '60%' : '100%'} />
      ))}
    </div>
  );
}

export interface EmptyStateProps {
  title: string;
  description?: string;
  action?: ReactNode;
  /** A decorative icon above the title. */
  icon?: ReactNode;
  /** Heading level of the title (2 by default; 1 when the state is the whole page). */
  headingLevel?: 1 | 2 | 3;
  /** Smaller, for a state inside a card or a panel. */
  compact?: boolean;
}

export function EmptyState({ title, description, action, icon, headingLevel = 2, compact = false }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={compact ? `${styles.centered} ${styles.compact}` : styles.centered}>
      <div>
        {icon ? (
          <div className={styles.emptyIcon} aria-hidden="true">
            {icon}
          </div>
        ) : null}
        <Heading className={styles.emptyTitle}>{title}</Heading>
        {description ? <p>{description}</p> : null}
        {action}
      </div>
    </div>
  );
}
