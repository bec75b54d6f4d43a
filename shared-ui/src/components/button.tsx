/** Button (shared-ui). Variants: primary, outline, ghost, accent; sizes md, sm, icon. */
import type { ButtonHTMLAttributes } from 'react';
import styles from './components.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'outline' | 'ghost' | 'accent';
  size?: 'md' | 'sm' | 'icon';
}

/** Class names of a button, for links styled as buttons. */
export function buttonClassName(variant: ButtonProps['variant'] = 'primary', size: ButtonProps['size'] = 'md'): string {
  return [styles.button, styles[variant], size !== 'md' ? styles[size] : ''].filter(Boolean).join(' ');
}

export function Button({ variant = 'primary', size = 'md', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={[buttonClassName(variant, size), className].filter(Boolean).join(' ')} {...props} />;
}
