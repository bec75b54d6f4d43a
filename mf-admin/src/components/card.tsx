/** A titled panel card used across the admin tabs. */
import { useId, type ReactNode } from 'react';
import styles from './card.module.css';

export interface CardProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** Buttons shown at the right of the title. */
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
  testId?: string;
}

export function Card({ title, description, icon, actions, children, className, testId }: CardProps) {
  const titleId = useId();
  return (
    <section className={[styles.card, className].filter(Boolean).join(' ')} aria-labelledby={titleId} data-testid={testId}>
      <header className={styles.header}>
        <div>
          <h2 id={titleId} className={styles.title}>
            {icon ? <span className={styles.icon}>{icon}</span> : null}
            {title}
          </h2>
          {description ? <p className={styles.description}>{description}</p> : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}
