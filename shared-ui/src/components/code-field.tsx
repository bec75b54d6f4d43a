/**
 * The verification-code field of every two-factor step (admin.md 4, 5, 9): the
 * sign-in's second factor (`SecondFactorForm`), the sign-in's TOTP enrolment
 * (`totp-enrolment-form.tsx`) and the panel's 2FA setup (mf-admin). One label, 'Código de
 * verificação', a hint of the caller's, the code in large spaced digits, and what typing keeps:
 * - `totp`: digits only, at most 6 (numeric keypad);
 * - `totp-or-recovery`: a 6-digit code or an 8-character recovery code (letters and digits,
 *   upper-cased).
 */
import type { InputHTMLAttributes } from 'react';
import { Field, Input } from './form.tsx';
import styles from './second-factor-form.module.css';

/** What the code field accepts. */
export type CodeKind = 'totp' | 'totp-or-recovery';

/** Label of every verification-code field. */
export const CODE_FIELD_LABEL = 'Código de verificação';

/** What a code field keeps of what was typed or pasted. */
export function sanitizeCode(kind: CodeKind, typed: string): string {
  return kind === 'totp' ? typed.replace(/\D/g, '').slice(0, 6) : typed.replace(/[^0-9a-zA-Z]/g, '').toUpperCase().slice(0, 8);
}

export interface CodeFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id' | 'className' | 'type'> {
  kind: CodeKind;
  /** Help text under the field. */
  hint: string;
  value: string;
  /** The sanitised code (`sanitizeCode`). */
  onValueChange: (code: string) => void;
  error?: string | undefined;
  /** Moves focus to the field when its dialog or step opens. */
  autoFocusOnOpen?: boolean;
}

/** The verification-code input with its label, hint and error. */
export function CodeField({ kind, hint, value, onValueChange, error, autoFocusOnOpen = false, ...input }: CodeFieldProps) {
  const totp = kind === 'totp';
  return (
    <Field label={CODE_FIELD_LABEL} hint={hint} error={error}>
      {(control) => (
        <Input
          name="code"
          autoComplete="one-time-code"
          {...(totp ? { inputMode: 'numeric' as const } : { autoCapitalize: 'characters', spellCheck: false })}
          maxLength={totp ? 6 : 8}
          {...input}
          {...control}
          className={`${control.className} ${styles.codeInput}`}
          value={value}
          onChange={(event) => onValueChange(sanitizeCode(kind, event.target.value))}
          {...(autoFocusOnOpen ? { 'data-autofocus': true } : {})}
        />
      )}
    </Field>
  );
}
