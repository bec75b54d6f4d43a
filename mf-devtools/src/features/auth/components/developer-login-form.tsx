/**
 * Developer login (admin.md 2, 8): email and password; accounts with 2FA pass the code step
 * (the steps are shared-ui's `usePanelSignIn`).
 * After sign-in the session's roles must include developer; otherwise the user is signed out and
 * told 'Acesso Negado' (Você não tem permissão de desenvolvedor.). Success: 'Acesso Concedido'
 * and `onGranted`. Wrong credentials: 'Erro no Login' (Credenciais inválidas ou você não tem
 * permissão de desenvolvedor.); anything unexpected: 'Não foi possível fazer login. Tente novamente.'.
 */
import { Code2 } from 'lucide-react';
import type { Session } from '@prata/contracts';
import { ApiRequestError, Button, Field, Input, PasswordInput, SecondFactorForm, signOut, toast, usePanelSignIn } from '@prata/shared-ui';
import styles from './auth.module.css';

const BAD_CREDENTIALS = 'Credenciais inválidas ou você não tem permissão de desenvolvedor.';
const GENERIC = 'Não foi possível fazer login. Tente novamente.';

function reportFailure(error: unknown, codeStep: boolean) {
  if (!(error instanceof ApiRequestError) || error.status === 0 || error.status >= 500) {
    toast.error('Erro', { description: GENERIC });
  } else if (!codeStep && (error.status === 400 || error.status === 401)) {
    toast.error('Erro no Login', { description: BAD_CREDENTIALS });
  } else {
    toast.error('Erro no Login', { description: error.message });
  }
}

export function DeveloperLoginForm({ onGranted }: { onGranted: () => void }) {
  const form = usePanelSignIn({
    onSession: async (session: Session) => {
      if (!session.roles.includes('developer')) {
        await signOut().catch(() => undefined);
        toast.error('Acesso Negado', { description: 'Você não tem permissão de desenvolvedor.' });
        return;
      }
      toast.success('Acesso Concedido', { description: 'Bem-vindo ao dashboard de desenvolvimento.' });
      onGranted();
    },
    onFailure: (error, step) => reportFailure(error, step === 'code'),
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
    <form className={styles.form} onSubmit={(event) => void form.submit(event)} noValidate aria-label="Login de desenvolvedor">
      <Field label="Email" error={form.errors.email}>
        {(control) => <Input {...control} name="email" type="email" autoComplete="username" value={form.email} onChange={(event) => form.setEmail(event.target.value)} />}
      </Field>
      <Field label="Senha" error={form.errors.password}>
        {(control) => <PasswordInput {...control} name="password" autoComplete="current-password" value={form.password} onChange={(event) => form.setPassword(event.target.value)} />}
      </Field>
      <Button type="submit" disabled={form.busy}>
        <Code2 size={16} aria-hidden="true" />
        {form.busy ? 'Verificando...' : 'Entrar'}
      </Button>
    </form>
  );
}
