/**
 * Form building blocks (shared-ui): `Field` (label, optional hint and error, tied to the control
 * with `aria-describedby` / `aria-invalid`) and `PasswordInput` (a password with a show/hide
 * toggle; admin.md 2 "password with show/hide").
 */
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styles from './form.module.css';

/** Props `Field` hands to its control: spread them on the input. */
export interface FieldControlProps {
  id: string;
  className: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FieldProps {
  label: ReactNode;
  /** Help text under the control (e.g. 'Mínimo 8 caracteres'). */
  hint?: ReactNode;
  /** Validation message; marks the control invalid. */
  error?: string | undefined;
  /** Control id; generated when omitted. */
  id?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** Class name of a text input styled like the ones `Field` renders. */
export const inputClassName = styles.input ?? '';

export function Field({ label, hint, error, id, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={controlId} className={styles.label}>
        {label}
      </label>
      {children({
        id: controlId,
        className: inputClassName,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  ref?: Ref<HTMLInputElement>;
}

/** A password input with a 'Mostrar senha' / 'Ocultar senha' toggle button. */
export function PasswordInput({ className, ref, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.password}>
      <input ref={ref} type={visible ? 'text' : 'password'} className={[className ?? inputClassName, styles.passwordInput].join(' ')} {...props} />
      <button
        type="button"
        className={styles.toggle}
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? 'Ocultar senha' : 'Mostrar senha'}
        aria-pressed={visible}
        aria-controls={props.id}
      >
        {visible ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
      </button>
    </div>
  );
}
