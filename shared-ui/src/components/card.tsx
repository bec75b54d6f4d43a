/**
 * Card (shared-ui): a surface for grouped content. With `title` it is a labelled region
 * (`section` + heading, optional icon, description and actions at the right of the title);
 * without, a plain container (`as="article"` for product cards, `as="aside"` for a side summary). `interactive` lifts on hover.
 */
import { useId, type HTMLAttributes, type ReactNode } from 'react';
import styles from './card.module.css';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** Buttons or links shown at the right of the title. */
  actions?: ReactNode;
  children?: ReactNode;
  /** Element: `section` when titled, else `div` (or `article`; `aside` for a complementary summary). */
  as?: 'section' | 'article' | 'aside' | 'div';
  /** Heading level of the title (2 by default). */
  headingLevel?: 2 | 3;
  padding?: 'none' | 'sm' | 'md' | 'lg';
  /** Lifts with a shadow on hover (clickable cards). */
  interactive?: boolean;
  /** Flat: no shadow. */
  flat?: boolean;
  testId?: string;
}

export function Card({
  title,
  description,
  icon,
  actions,
  children,
  as,
  headingLevel = 2,
  padding = 'md',
  interactive = false,
  flat = false,
  className,
  testId,
  ...rest
}: CardProps) {
  const titleId = useId();
  const Element = as ?? (title ? 'section' : 'div');
  const Heading = `h${headingLevel}` as const;
  const classes = [styles.card, styles[`pad-${padding}`], interactive ? styles.interactive : '', flat ? styles.flat : '', className].filter(Boolean).join(' ');
  return (
    <Element className={classes} aria-labelledby={title ? titleId : undefined} data-testid={testId} {...rest}>
      {title ? (
        <header className={styles.header}>
          <div>
            <Heading id={titleId} className={styles.title}>
              {icon ? <span className={styles.icon}>{icon}</span> : null}
              {title}
            </Heading>
            {description ? <p className={styles.description}>{description}</p> : null}
          </div>
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </header>
      ) : null}
      {children}
    </Element>
  );
}
