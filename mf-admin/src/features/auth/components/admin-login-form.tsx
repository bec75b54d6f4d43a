/**
 * Admin login (admin.md 2, 8): email and password (show/hide), 'Acessar Painel' ('Verificando...'
 * while working). Accounts with 2FA get a second step for the code (issue 3). The steps are
 * shared-ui's `usePanelSignIn`; `onSignedIn` then gets the session.
 * Toasts: 'Login realizado' (admins), 'Erro no login' with the service's message, 'Erro inesperado'.
 */
import { LockKeyhole } from 'lucide-react';
import type { Session } from '@prata/contracts';
import { ApiRequestError, Button, Field, Input, PasswordInput, SecondFactorForm, toast, usePanelSignIn } from '@prata/shared-ui';
import styles from './auth.module.css';

/** The service refused (4xx, with its pt-BR message) vs. anything else (network, 5xx, bugs). */
function reportFailure(error: unknown) {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) toast.error('Erro no login', { description: error.message });
  else toast.error('Erro inesperado', { description: 'Tente novamente em alguns instantes' });
}

export interface AdminLoginFormProps {
  onSignedIn: (session: Session) => void;
}

export function AdminLoginForm({ onSignedIn }: AdminLoginFormProps) {
  const form = usePanelSignIn({
    onSession: (session: Session) => {
      if (session.roles.includes('admin')) toast.success('Login realizado', { description: 'Bem-vindo ao painel administrativo!' });
      onSignedIn(session);
    },
    onFailure: reportFailure,
  });

  if (form.challenge) {
    return (
      <>
        <p className={styles.muted}>Sua conta usa autenticação de dois fatores.</p>
        <SecondFactorForm busy={form.busy} onSubmit={(code) => void form.submitCode(code)} onCancel={form.cancelChallenge} />
      </>
    );
  }

  return (
    <form className={styles.form} onSubmit={(event) => void form.submit(event)} noValidate aria-label="Login administrativo">
      <Field label="Email" error={form.errors.email}>
        {(control) => (
          <Input {...control} name="email" type="email" autoComplete="username" placeholder="admin@exemplo.com" value={form.email} onChange={(event) => form.setEmail(event.target.value)} />
        )}
      </Field>
      <Field label="Senha" error={form.errors.password}>
        {(control) => <PasswordInput {...control} name="password" autoComplete="current-password" value={form.password} onChange={(event) => form.setPassword(event.target.value)} />}
      </Field>
      <Button type="submit" disabled={form.busy}>
        <LockKeyhole size={16} aria-hidden="true" />
        {form.busy ? 'Verificando...' : 'Acessar Painel'}
      </Button>
    </form>
  );
}
