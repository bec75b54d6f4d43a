/**
 * /reset-password (storefront.md 4, 5, 8): new password and confirmation (must match, >= 6);
 * 'Senha atualizada', then /auth after 2 s; failure 'Erro ao atualizar senha'.
 */
import { useState, type FormEvent } from 'react';
import { Link } from '@prata/shared-ui/router';
import { resetPasswordSchema } from '@prata/contracts/auth';
import { Button, Card, TextField } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { useResetPassword } from '../api/reset-password.ts';
import { fieldErrors } from '../utils/field-errors.ts';
import styles from './forms.module.css';

/** Delay before going to /auth after a successful reset, in ms (storefront.md 9). */
export const RESET_REDIRECT_MS = 2000;

export function ResetForm({ token, onDone }: { token: string | null; onDone: () => void }) {
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reset = useResetPassword();

  if (!token) {
    return (
      <Card as="section" padding="lg" className={styles.card} aria-labelledby="reset-title">
        <h1 id="reset-title">Link inválido</h1>
        <p className={styles.lead}>Este link de redefinição é inválido ou expirou.</p>
        <Link to="/recuperar-senha">Solicitar um novo link</Link>
      </Card>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ token, ...values });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (!parsed.success) return;
    try {
      await reset.mutateAsync(parsed.data);
      toast.success('Senha atualizada', { description: 'Agora você já pode entrar com a nova senha.' });
      window.setTimeout(onDone, RESET_REDIRECT_MS);
    } catch (error) {
      toast.error('Erro ao atualizar senha', { description: error instanceof Error ? error.message : undefined });
    }
  };

  return (
    <Card as="section" padding="lg" className={styles.card} aria-labelledby="reset-title">
      <h1 id="reset-title">Criar nova senha</h1>
      <p className={styles.lead}>Escolha uma nova senha para a sua conta.</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField label="Nova senha" name="password" type="password" autoComplete="new-password" value={values.password} onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))} error={errors.password} />
        <TextField
          label="Confirmar senha"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(e) => setValues((v) => ({ ...v, confirmPassword: e.target.value }))}
          error={errors.confirmPassword}
        />
        <Button type="submit" block disabled={reset.isPending || reset.isSuccess}>
          {reset.isPending ? 'Carregando...' : 'Atualizar senha'}
        </Button>
      </form>
    </Card>
  );
}
