/**
 * /auth (storefront.md 2, 4, 5, 8): sign-in / sign-up toggle, link to recovery, link back to the
 * store, submit disabled while loading with 'Carregando...', the spec's toasts. Admins and
 * developers with 2FA get a code step after the password. Links from e-mails land here too:
 * `?confirmar=` (sign-up confirmation) and `?novo-email=` (e-mail change). A shopper whose
 * confirmation e-mail never arrived asks for it again: from the toast of a sign-in
 * refused with `email_not_confirmed`, or with 'Reenviar e-mail de confirmação' under the form,
 * for the address typed in the e-mail field.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from '@prata/shared-ui/router';
import { resendConfirmationSchema, signInSchema, signUpSchema, totpSignInSchema } from '@prata/contracts/auth';
import { ApiRequestError, Button, signIn, signInWithCode, toast, Card, TextField, ToggleGroup } from '@prata/shared-ui';
import { confirmEmail, confirmEmailChange } from '../api/confirm-email.ts';
import { useResendConfirmation } from '../api/resend-confirmation.ts';
import { useSignUp } from '../api/sign-up.ts';
import { fieldErrors } from '../utils/field-errors.ts';
import styles from './forms.module.css';

type Mode = 'sign-in' | 'sign-up';

const MODES: readonly { value: Mode; label: string }[] = [
  { value: 'sign-in', label: 'Entrar' },
  { value: 'sign-up', label: 'Criar conta' },
];

const RESEND_LABEL = 'Reenviar e-mail de confirmação';

function showSignInError(error: unknown, resend: () => void) {
  if (error instanceof ApiRequestError && error.body?.error === 'email_not_confirmed') {
    toast.error('Email não confirmado', { description: error.message, duration: 10_000, action: { label: 'Reenviar e-mail', onClick: resend } });
  } else if (error instanceof ApiRequestError && error.body?.error === 'invalid_credentials') {
    toast.error('Erro no login', { description: 'Email ou senha incorretos' });
  } else if (error instanceof ApiRequestError && error.body?.error === 'profile_missing') {
    toast.error('Conta não encontrada', { description: error.message, duration: 6000 });
  } else if (error instanceof ApiRequestError) {
    toast.error('Erro no login', { description: error.message });
  } else {
    toast.error('Erro', { description: 'Ocorreu um erro inesperado.' });
  }
}

export interface AuthFormProps {
  /** Called after a successful sign-in. */
  onSignedIn: () => void;
  /** `confirmar` / `novo-email` tokens from the URL, if any. */
  confirmToken?: string | null;
  emailChangeToken?: string | null;
}

export function AuthForm({ onSignedIn, confirmToken, emailChangeToken }: AuthFormProps) {
  const [mode, setMode] = useState<Mode>('sign-in');
  const [values, setValues] = useState({ fullName: '', email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const signUp = useSignUp();
  const resendConfirmation = useResendConfirmation();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    if (confirmToken) {
      confirmEmail(confirmToken).then(
        (r) => toast.success('Email confirmado!', { description: r.message }),
        (e: unknown) => toast.error('Erro', { description: e instanceof Error ? e.message : 'Ocorreu um erro inesperado.' }),
      );
    }
    if (emailChangeToken) {
      confirmEmailChange(emailChangeToken).then(
        (r) => toast.success('Email Alterado', { description: r.message }),
        (e: unknown) => toast.error('Erro', { description: e instanceof Error ? e.message : 'Ocorreu um erro inesperado.' }),
      );
    }
  }, [confirmToken, emailChangeToken]);

  /** Asks for the confirmation e-mail again for the address in the e-mail field. */
  const resend = async () => {
    const parsed = resendConfirmationSchema.safeParse({ email: values.email });
    if (!parsed.success) {
      setErrors({ email: values.email.trim() ? (parsed.error.issues[0]?.message ?? 'Email inválido') : 'Informe seu email para reenviarmos a confirmação.' });
      return;
    }
    setErrors({});
    try {
      const result = await resendConfirmation.mutateAsync(parsed.data.email);
      toast.success('Email enviado', { description: result.message });
    } catch (error) {
      toast.error('Erro ao reenviar', { description: error instanceof ApiRequestError ? error.message : 'Ocorreu um erro inesperado.' });
    }
  };

  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'sign-up') {
      const parsed = signUpSchema.safeParse(values);
      setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
      if (!parsed.success) return;
      setLoading(true);
      try {
        await signUp.mutateAsync(parsed.data);
        toast.success('Cadastro realizado!', { description: 'Verifique seu email para confirmar a conta.' });
        setMode('sign-in');
        setValues((v) => ({ ...v, password: '' }));
      } catch (error) {
        if (error instanceof ApiRequestError && error.body?.error === 'user_already_registered') {
          toast.error('Usuário já cadastrado', { description: 'Este email já está cadastrado. Faça login.' });
        } else if (error instanceof ApiRequestError) {
          toast.error('Erro no cadastro', { description: error.message });
        } else {
          toast.error('Erro', { description: 'Ocorreu um erro inesperado.' });
        }
      } finally {
        setLoading(false);
      }
      return;
    }
    const parsed = signInSchema.safeParse(values);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (!parsed.success) return;
    setLoading(true);
    try {
      const result = await signIn(parsed.data.email, parsed.data.password);
      if (result.status === 'totp_required') {
        setChallenge(result.challengeToken);
      } else if (result.status === 'totp_enrolment_required') {
        // Staff without 2FA set up their authenticator on the panel's login, which shows the QR code.
        toast.error('Autenticação de dois fatores obrigatória', {
          description: 'Contas de administrador e desenvolvedor precisam configurar a autenticação de dois fatores. Entre pelo Painel Administrativo para configurá-la.',
        });
      } else {
        toast.success('Login realizado com sucesso!');
        onSignedIn();
      }
    } catch (error) {
      showSignInError(error, () => void resend());
    } finally {
      setLoading(false);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = totpSignInSchema.safeParse({ challengeToken: challenge, code });
    if (!parsed.success) {
      setErrors({ code: parsed.error.issues[0]?.message ?? 'Código inválido' });
      return;
    }
    setLoading(true);
    try {
      await signInWithCode(parsed.data.challengeToken, parsed.data.code);
      toast.success('Login realizado com sucesso!');
      onSignedIn();
    } catch (error) {
      showSignInError(error, () => void resend());
    } finally {
      setLoading(false);
    }
  };

  if (challenge) {
    return (
      <Card as="section" padding="lg" className={styles.card} aria-labelledby="auth-title">
        <h1 id="auth-title">Verificação em duas etapas</h1>
        <p className={styles.lead}>Digite o código de 6 dígitos do seu aplicativo autenticador ou um código de recuperação.</p>
        <form className={styles.form} onSubmit={submitCode} noValidate>
          <TextField label="Código" name="code" autoComplete="one-time-code" inputMode="text" value={code} onChange={(e) => setCode(e.target.value)} error={errors.code} />
          <Button type="submit" block loading={loading}>
            {loading ? 'Carregando...' : 'Verificar'}
          </Button>
        </form>
      </Card>
    );
  }

  return (
    <Card as="section" padding="lg" className={styles.card} aria-labelledby="auth-title">
      <h1 id="auth-title">{mode === 'sign-in' ? 'Entrar' : 'Criar conta'}</h1>
      <p className={styles.lead}>{mode === 'sign-in' ? 'Acesse sua conta para reservar seus favoritos.' : 'Cadastre-se para reservar favoritos e finalizar compras.'}</p>
      <ToggleGroup
        variant="segmented"
        label="Entrar ou criar conta"
        className={styles.tabs}
        value={mode}
        onValueChange={(next) => {
          setMode(next);
          setErrors({});
        }}
        options={MODES}
      />
      <form className={styles.form} onSubmit={submit} noValidate>
        {mode === 'sign-up' ? (
          <TextField label="Nome completo" name="fullName" autoComplete="name" value={values.fullName} onChange={set('fullName')} error={errors.fullName} />
        ) : null}
        <TextField label="Email" name="email" type="email" autoComplete="email" value={values.email} onChange={set('email')} error={errors.email} />
        <TextField
          label="Senha"
          name="password"
          type="password"
          autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
          value={values.password}
          onChange={set('password')}
          error={errors.password}
        />
        <Button type="submit" block loading={loading}>
          {loading ? 'Carregando...' : mode === 'sign-in' ? 'Entrar' : 'Criar conta'}
        </Button>
      </form>
      <div className={styles.links}>
        <Link to="/recuperar-senha">Esqueceu sua senha?</Link>
        <Link to="/">Voltar à loja</Link>
      </div>
      {mode === 'sign-in' ? (
        <div className={styles.links}>
          <Button variant="ghost" size="sm" loading={resendConfirmation.isPending} onClick={() => void resend()}>
            {RESEND_LABEL}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
