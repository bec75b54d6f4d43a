/**
 * /recuperar-senha (storefront.md 2, 4, 8): request the recovery e-mail; then a sent state that
 * allows sending to another e-mail. Toasts 'Email enviado'; failure 'Erro' with the message or
 * 'Erro ao enviar email de recuperação'.
 */
import { useState, type FormEvent } from 'react';
import { Link } from '@prata/shared-ui/router';
import { recoverSchema } from '@prata/contracts/auth';
import { Button, Card, TextField } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { useRecoverPassword } from '../api/recover-password.ts';
import styles from './forms.module.css';

export function RecoverForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const recover = useRecoverPassword();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = recoverSchema.safeParse({ email });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    try {
      await recover.mutateAsync(parsed.data.email);
      toast.success('Email enviado', { description: 'Verifique sua caixa de entrada para redefinir a senha.' });
      setSentTo(parsed.data.email);
    } catch (e) {
      toast.error('Erro', { description: e instanceof Error && e.message ? e.message : 'Erro ao enviar email de recuperação' });
    }
  };

  if (sentTo) {
    return (
      <Card as="section" padding="lg" className={styles.card} aria-labelledby="recover-title">
        <h1 id="recover-title">Email enviado</h1>
        <p className={styles.lead}>
          Se houver uma conta para <strong>{sentTo}</strong>, você receberá um link para criar uma nova senha.
        </p>
        <Button
          variant="outline"
          block
          onClick={() => {
            setSentTo(null);
            setEmail('');
          }}
        >
          Enviar para outro email
        </Button>
        <div className={styles.links}>
          <Link to="/auth">Voltar para o login</Link>
        </div>
      </Card>
    );
  }

  return (
    <Card as="section" padding="lg" className={styles.card} aria-labelledby="recover-title">
      <h1 id="recover-title">Recuperar senha</h1>
      <p className={styles.lead}>Informe seu email e enviaremos um link para criar uma nova senha.</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
        <Button type="submit" block disabled={recover.isPending}>
          {recover.isPending ? 'Carregando...' : 'Enviar link'}
        </Button>
      </form>
      <div className={styles.links}>
        <Link to="/auth">Voltar para o login</Link>
      </div>
    </Card>
  );
}
