/**
 * Admin login (admin.md 2, 8): email and password (show/hide), 'Acessar Painel' ('Verificando...'
 * while working). Accounts with 2FA get a second step for the code (issue 3). Both steps store
 * the session through shared-ui (`signIn`, `signInWithCode`); `onSignedIn` then gets the session.
 * Toasts: 'Login realizado' (admins), 'Erro no login' with the service's message, 'Erro inesperado'.
 */
import { LockKeyhole } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { signInSchema, type Session } from '@prata/contracts';
import { ApiRequestError, Button, Field, Input, PasswordInput, signIn, signInWithCode, toast, SecondFactorForm } from '@prata/shared-ui';
import styles from './auth.module.css';

type FieldErrors = Partial<Record<'email' | 'password', string>>;

/** The service refused (4xx, with its pt-BR message) vs. anything else (network, 5xx, bugs). */
function reportFailure(error: unknown) {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) toast.error('Erro no login', { description: error.message });
  else toast.error('Erro inesperado', { description: 'Tente novamente em alguns instantes' });
}

export interface AdminLoginFormProps {
  onSignedIn: (session: Session) => void;
}

export function AdminLoginForm({ onSignedIn }: AdminLoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [challenge, setChallenge] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const finish = (session: Session) => {
    if (session.roles.includes('admin')) toast.success('Login realizado', { description: 'Bem-vindo ao painel administrativo!' });
    onSignedIn(session);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = signInSchema.safeParse({ email, password });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof FieldErrors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const result = await signIn(parsed.data.email, parsed.data.password);
      if (result.status === 'totp_required') setChallenge(result.challengeToken);
      else finish(result);
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (code: string) => {
    if (!challenge) return;
    setBusy(true);
    try {
      finish(await signInWithCode(challenge, code));
    } catch (error) {
      reportFailure(error);
      if (error instanceof ApiRequestError && error.body?.error === 'challenge_expired') setChallenge(null);
    } finally {
      setBusy(false);
    }
  };

  if (challenge) {
    return (
      <>
        <p className={styles.muted}>Sua conta usa autenticação de dois fatores.</p>
        <SecondFactorForm busy={busy} onSubmit={(code) => void submitCode(code)} onCancel={() => setChallenge(null)} />
      </>
    );
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Login administrativo">
      <Field label="Email" error={errors.email}>
        {(control) => (
          <Input {...control} name="email" type="email" autoComplete="username" placeholder="admin@exemplo.com" value={email} onChange={(event) => setEmail(event.target.value)} />
        )}
      </Field>
      <Field label="Senha" error={errors.password}>
        {(control) => <PasswordInput {...control} name="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />}
      </Field>
      <Button type="submit" disabled={busy}>
        <LockKeyhole size={16} aria-hidden="true" />
        {busy ? 'Verificando...' : 'Acessar Painel'}
      </Button>
    </form>
  );
}
