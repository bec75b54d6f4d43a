/** Title block of an admin page. */
import type { ReactNode } from 'react';
import styles from './routes.module.css';

export function PageHeader({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>{title}</h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
    </header>
  );
}
