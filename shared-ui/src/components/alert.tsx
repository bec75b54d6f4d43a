/**
 * Alert (shared-ui): an inline message box: info, success, warning or danger, with an icon.
 * Pass `role="alert"` for messages that must interrupt, `role="status"` for polite updates.
 * With `headingLevel` the title is a heading (e.g. an error summary the page outline lists).
 */
import { AlertTriangle, CheckCircle2, Info, OctagonAlert } from 'lucide-react';
import type { HTMLAttributes, ReactNode, Ref } from 'react';
import styles from './alert.module.css';

const ICONS = { info: Info, success: CheckCircle2, warning: AlertTriangle, danger: OctagonAlert } as const;

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  variant?: keyof typeof ICONS;
  title?: ReactNode;
  children?: ReactNode;
  /** Replaces the variant's icon; `null` hides it. */
  icon?: ReactNode;
  /** Renders the title as `h2`/`h3` instead of a paragraph. */
  headingLevel?: 2 | 3;
  /** Id of the title element (to label the alert with `aria-labelledby`). */
  titleId?: string;
  ref?: Ref<HTMLDivElement>;
}

export function Alert({ variant = 'info', title, children, icon, headingLevel, titleId, className, ref, ...props }: AlertProps) {
  const Icon = ICONS[variant];
  const Title = headingLevel ? (`h${headingLevel}` as const) : 'p';
  return (
    <div ref={ref} className={[styles.alert, styles[variant], className].filter(Boolean).join(' ')} {...props}>
      {icon === undefined ? <Icon size={18} aria-hidden="true" className={styles.icon} /> : icon}
      <div className={styles.body}>
        {title ? (
          <Title id={titleId} className={styles.title}>
            {title}
          </Title>
        ) : null}
        {children}
      </div>
    </div>
  );
}
