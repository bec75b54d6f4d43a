/** Loading and empty states (shared-ui): Spinner, Skeleton, EmptyState. */
import type { CSSProperties, ReactNode } from 'react';
import styles from './components.module.css';

export function Spinner({ label = 'Carregando...' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite">
      <div className={styles.spinner} aria-hidden="true" />
      <span className="p9-visually-hidden">{label}</span>
    </div>
  );
}

export function Skeleton({ style, className }: { style?: CSSProperties; className?: string }) {
  return <div aria-hidden="true" className={[styles.skeleton, className].filter(Boolean).join(' ')} style={style} />;
}

export function EmptyState({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return (
    <div className={styles.centered}>
      <div>
        <h2>{title}</h2>
        {description ? <p>{description}</p> : null}
        {action}
      </div>
    </div>
  );
}
