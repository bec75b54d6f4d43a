/**
 * Second sign-in step for accounts with two-factor authentication (admin.md 4, 9):
 * a 6-digit code from the authenticator app or one of the 8-character recovery codes. Used by the
 * admin and developer logins (mf-admin, mf-devtools).
 */
import { useState, type FormEvent } from 'react';
import { totpSignInSchema } from '@prata/contracts/auth';
import { Button } from './button.tsx';
import { CodeField } from './code-field.tsx';
import styles from './second-factor-form.module.css';

const codeSchema = totpSignInSchema.shape.code;

export interface SecondFactorFormProps {
  busy: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}

export function SecondFactorForm({ busy, onSubmit, onCancel }: SecondFactorFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = codeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Código inválido');
      return;
    }
    setError(undefined);
    onSubmit(parsed.data);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Verificação em duas etapas">
      <CodeField
        kind="totp-or-recovery"
        hint="Digite o código de 6 dígitos do seu aplicativo autenticador ou um código de recuperação."
        value={code}
        onValueChange={setCode}
        error={error}
        autoFocusOnOpen
      />
      <Button type="submit" disabled={busy}>
        {busy ? 'Verificando...' : 'Verificar'}
      </Button>
      <Button variant="ghost" onClick={onCancel} disabled={busy}>
        Voltar
      </Button>
    </form>
  );
}
