/**
 * Developer login (admin.md 2, 8): email and password; accounts with 2FA pass the code step.
 * After sign-in the session's roles must include developer; otherwise the user is signed out and
 * told 'Acesso Negado' (Você não tem permissão de desenvolvedor.). Success: 'Acesso Concedido'
 * and `onGranted`. Wrong credentials: 'Erro no Login' (Credenciais inválidas ou você não tem
 * permissão de desenvolvedor.); anything unexpected: 'Não foi possível fazer login. Tente novamente.'.
 */
import { Code2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { signInSchema, type Session } from '@prata/contracts';
import { ApiRequestError, Button, Field, Input, PasswordInput, signIn, signInWithCode, signOut, toast, SecondFactorForm } from '@prata/shared-ui';
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

type FieldErrors = Partial<Record<'email' | 'password', string>>;

export function DeveloperLoginForm({ onGranted }: { onGranted: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [challenge, setChallenge] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const complete = async (session: Session) => {
    if (!session.roles.includes('developer')) {
      setChallenge(null);
      await signOut().catch(() => undefined);
      toast.error('Acesso Negado', { description: 'Você não tem permissão de desenvolvedor.' });
      return;
    }
    toast.success('Acesso Concedido', { description: 'Bem-vindo ao dashboard de desenvolvimento.' });
    onGranted();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = signInSchema.safeParse({ email, password });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof FieldErrors] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const result = await signIn(parsed.data.email, parsed.data.password);
      if (result.status === 'totp_required') setChallenge(result.challengeToken);
      else await complete(result);
    } catch (error) {
      reportFailure(error, false);
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (code: string) => {
    if (!challenge) return;
    setBusy(true);
    try {
      await complete(await signInWithCode(challenge, code));
    } catch (error) {
      reportFailure(error, true);
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
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Login de desenvolvedor">
      <Field label="Email" error={errors.email}>
        {(control) => <Input {...control} name="email" type="email" autoComplete="username" value={email} onChange={(event) => setEmail(event.target.value)} />}
      </Field>
      <Field label="Senha" error={errors.password}>
        {(control) => <PasswordInput {...control} name="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />}
      </Field>
      <Button type="submit" disabled={busy}>
        <Code2 size={16} aria-hidden="true" />
        {busy ? 'Verificando...' : 'Entrar'}
      </Button>
    </form>
  );
}
