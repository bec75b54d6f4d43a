/**
 * ToggleGroup (shared-ui): a labelled `role="group"` of toggle buttons (`aria-pressed`), one of
 * them pressed: category filters (`variant="chips"`) or a two-way switch such as Entrar / Criar
 * conta (`variant="segmented"`). Native buttons: Tab moves between them, Space/Enter presses.
 */
import type { ReactNode } from 'react';
import styles from './toggle-group.module.css';

export interface ToggleGroupOption<T extends string> {
  value: T;
  label: ReactNode;
}

export interface ToggleGroupProps<T extends string> {
  /** Accessible name of the group. */
  label: string;
  options: readonly ToggleGroupOption<T>[];
  value: T;
  onValueChange: (value: T) => void;
  variant?: 'chips' | 'segmented';
  className?: string;
}

export function ToggleGroup<T extends string>({ label, options, value, onValueChange, variant = 'chips', className }: ToggleGroupProps<T>) {
  return (
    <div role="group" aria-label={label} className={[styles[variant], className].filter(Boolean).join(' ')}>
      {options.map((option) => (
        <button key={option.value} type="button" className={styles.item} aria-pressed={option.value === value} onClick={() => onValueChange(option.value)}>
          {option.label}
        </button>
      ))}
    </div>
  );
}
