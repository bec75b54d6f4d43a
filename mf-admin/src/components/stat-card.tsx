/** A figure of the dashboard and the sales report: label, value and a line under it. */
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@prata/shared-ui';
import styles from './admin-components.module.css';

export function StatCard({ label, value, note, icon: Icon, testId }: { label: string; value: ReactNode; note?: ReactNode; icon: LucideIcon; testId?: string }) {
  return (
    <Card className={styles.stat} testId={testId}>
      <p className={styles.statLabel}>
        <Icon size={18} aria-hidden="true" /> {label}
      </p>
      <p className={styles.statValue}>{value}</p>
      {note ? <p className={styles.statNote}>{note}</p> : null}
    </Card>
  );
}

/** A row of stat cards. */
export function StatGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <section className={styles.statGrid} aria-label={label}>
      {children}
    </section>
  );
}
