/**
 * Alert (shared-ui): an inline message box: info, success, warning or danger, with an icon.
 * Pass `role="alert"` for messages that must interrupt, `role="status"` for polite updates.
 */
import { AlertTriangle, CheckCircle2, Info, OctagonAlert } from 'lucide-react';
import type { HTMLAttributes, ReactNode } from 'react';
import styles from './alert.module.css';

const ICONS = { info: Info, success: CheckCircle2, warning: AlertTriangle, danger: OctagonAlert } as const;

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  variant?: keyof typeof ICONS;
  title?: ReactNode;
  children?: ReactNode;
  /** Replaces the variant's icon; `null` hides it. */
  icon?: ReactNode;
}

export function Alert({ variant = 'info', title, children, icon, className, ...props }: AlertProps) {
  const Icon = ICONS[variant];
  return (
    <div className={[styles.alert, styles[variant], className].filter(Boolean).join(' ')} {...props}>
      {icon === undefined ? <Icon size={18} aria-hidden="true" className={styles.icon} /> : icon}
      <div className={styles.body}>
        {title ? <p className={styles.title}>{title}</p> : null}
        {children}
      </div>
    </div>
  );
}
