/**
 * Profile password change (admin.md 5, 8) in a dialog: new password and confirmation must match
 * ('Senhas não conferem' / 'A nova senha e confirmação devem ser iguais.') and have at least 6
 * characters ('Senha muito fraca' / 'A senha deve ter pelo menos 6 caracteres.'); the dialog
 * recommends 8. Success 'Senha Alterada'; errors show the service's message.
 */
import { Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { CUSTOMER_PASSWORD_MIN } from '@prata/contracts';
import { Button, Card, Dialog, Field, PasswordInput, toast } from '@prata/shared-ui';
import { errorMessage } from '../../../lib/api-client.ts';
import { useChangePassword } from '../api/change-password.ts';
import styles from './profile.module.css';

/** The first rule the pair breaks, as a toast (title, description), or null. */
export function passwordChangeProblem(password: string, confirmPassword: string): [string, string] | null {
  if (password !== confirmPassword) return ['Senhas não conferem', 'A nova senha e confirmação devem ser iguais.'];
  if (password.length < CUSTOMER_PASSWORD_MIN) return ['Senha muito fraca', 'A senha deve ter pelo menos 6 caracteres.'];
  return null;
}

export function ChangePasswordCard() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const change = useChangePassword();

  const close = () => {
    setOpen(false);
    setPassword('');
    setConfirmPassword('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordChangeProblem(password, confirmPassword);
    if (problem) {
      toast.error(problem[0], { description: problem[1] });
      return;
    }
    change.mutate(
      { password, confirmPassword },
      {
        onSuccess: () => {
          toast.success('Senha Alterada', { description: 'Sua senha foi atualizada com sucesso.' });
          close();
        },
        onError: (error) => toast.error('Erro', { description: errorMessage(error, 'Não foi possível alterar a senha.') }),
      },
    );
  };

  return (
    <Card title="Alterar Senha" description="Troque a senha que você usa para entrar na loja e no painel." icon={<Lock size={20} aria-hidden="true" />}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Alterar Senha
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title="Alterar Senha"
        description="Escolha uma nova senha. Recomendamos pelo menos 8 caracteres, combinando letras, números e símbolos."
      >
        <form className={styles.form} onSubmit={submit} noValidate>
          <Field label="Nova senha">
            {(control) => <PasswordInput {...control} name="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />}
          </Field>
          <Field label="Confirmar nova senha">
            {(control) => (
              <PasswordInput {...control} name="confirmPassword" autoComplete="new-password" value={confirmPassword} onChange={(event) => setConfirmPassword(event.target.value)} />
            )}
          </Field>
          <div className={styles.buttons}>
            <Button variant="outline" onClick={close} disabled={change.isPending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Salvando...' : 'Salvar Senha'}
            </Button>
          </div>
        </form>
      </Dialog>
    </Card>
  );
}
