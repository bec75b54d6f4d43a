/**
 * The verification-code field of every two-factor step (admin.md 4, 5, 9): the
 * sign-in's second factor (`SecondFactorForm`), the sign-in's TOTP enrolment
 * (`totp-enrolment-form.tsx`) and the panel's 2FA setup (mf-admin). One label, 'Código de
 * verificação', a hint of the caller's, the code in large spaced digits, and what typing keeps:
 * - `totp`: digits only, at most 6 (numeric keypad);
 * - `totp-or-recovery`: a 6-digit code or an 8-character recovery code (letters and digits,
 *   upper-cased).
 */
import { useState, type InputHTMLAttributes } from 'react';
import type { ZodType } from 'zod';
import { RECOVERY_CODE_LENGTH, TOTP_DIGITS } from '@prata/contracts/auth';
import { Field, Input } from './form.tsx';
import styles from './second-factor-form.module.css';

/** What the code field accepts. */
export type CodeKind = 'totp' | 'totp-or-recovery';

/** Label of every verification-code field. */
export const CODE_FIELD_LABEL = 'Código de verificação';

/** What a code field keeps of what was typed or pasted. */
export function sanitizeCode(kind: CodeKind, typed: string): string {
  return kind === 'totp' ? typed.replace(/\D/g, '').slice(0, TOTP_DIGITS) : typed.replace(/[^0-9a-zA-Z]/g, '').toUpperCase().slice(0, RECOVERY_CODE_LENGTH);
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
          maxLength={totp ? TOTP_DIGITS : RECOVERY_CODE_LENGTH}
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

/** A code being typed into a `CodeField`, checked by a schema when the form is sent. */
export interface CodeEntry {
  code: string;
  setCode: (code: string) => void;
  /** The schema's message for the last refused code. */
  error: string | undefined;
  /** Parses the code: the schema's output goes to `onSubmit`, a refusal to `error`. */
  submit: () => void;
}

/** The state of a code step: the typed code, parsed by `schema` (a shared contracts schema) on submit. */
export function useCodeEntry(schema: ZodType<string>, onSubmit: (code: string) => void): CodeEntry {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const submit = () => {
    const parsed = schema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Código inválido');
      return;
    }
    setError(undefined);
    onSubmit(parsed.data);
  };

  return { code, setCode, error, submit };
}
