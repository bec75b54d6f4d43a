/**
 * Button (shared-ui). Variants: primary, outline, ghost, accent, danger; sizes md, sm, lg, icon.
 * `loading` disables the button, marks it `aria-busy` and shows a small spinner before the label.
 * `buttonClassName()` styles links as buttons (a router `Link`, an external `<a>`).
 */
import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './components.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'outline' | 'ghost' | 'accent' | 'danger';
  size?: 'md' | 'sm' | 'lg' | 'icon';
  /** Busy: disabled, `aria-busy`, with a spinner. */
  loading?: boolean;
  /** Takes the whole width of its container. */
  block?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** Class names of a button, for links styled as buttons. */
export function buttonClassName(variant: ButtonProps['variant'] = 'primary', size: ButtonProps['size'] = 'md', options: { block?: boolean } = {}): string {
  return [styles.button, styles[variant], size !== 'md' ? styles[size] : '', options.block ? styles.block : ''].filter(Boolean).join(' ');
}

export function Button({ variant = 'primary', size = 'md', loading = false, block = false, className, type = 'button', disabled, children, ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={[buttonClassName(variant, size, { block }), className].filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <span className={styles.buttonSpinner} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
