/**
 * Profile password change (admin.md 5, 8; issue 10) in a dialog: the current password first;
 * new password and confirmation must match ('Senhas não conferem' / 'A nova senha e confirmação
 * devem ser iguais.'). Everyone in the panel is staff, so the new password follows the panel
 * rule the service enforces for staff: at least 12 characters ('Senha muito fraca' / 'A senha
 * deve ter pelo menos 12 caracteres.'), and the service's feedback list for the other rules.
 * Success 'Senha Alterada' (the account's other sessions are signed out); errors show the
 * service's message.
 */
import { Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { PANEL_PASSWORD_MIN } from '@prata/contracts';
import { Button, Card, Dialog, Field, PasswordInput, toast } from '@prata/shared-ui';
import { errorCode, errorIssues, errorMessage } from '../../../lib/api-client.ts';
import { useChangePassword } from '../api/change-password.ts';
import styles from './profile.module.css';

/** The first rule the form breaks, as a toast (title, description), or null. */
export function passwordChangeProblem(currentPassword: string, password: string, confirmPassword: string): [string, string] | null {
  if (!currentPassword) return ['Campos obrigatórios', 'Informe a senha atual.'];
  if (password !== confirmPassword) return ['Senhas não conferem', 'A nova senha e confirmação devem ser iguais.'];
  if (password.length < PANEL_PASSWORD_MIN) return ['Senha muito fraca', 'A senha deve ter pelo menos 12 caracteres.'];
  return null;
}

export function ChangePasswordCard() {
  const [open, setOpen] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const change = useChangePassword();

  const close = () => {
    setOpen(false);
    setCurrentPassword('');
    setPassword('');
    setConfirmPassword('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordChangeProblem(currentPassword, password, confirmPassword);
    if (problem) {
      toast.error(problem[0], { description: problem[1] });
      return;
    }
    change.mutate(
      { currentPassword, password, confirmPassword },
      {
        onSuccess: () => {
          toast.success('Senha Alterada', { description: 'Sua senha foi atualizada com sucesso.' });
          close();
        },
        onError: (error) => {
          const code = errorCode(error);
          if (code === 'weak_password') toast.error('Senha muito fraca', { description: errorIssues(error).join(' ') || errorMessage(error, '') });
          else if (code === 'wrong_password') toast.error('Senha atual incorreta', { description: 'Verifique a senha e tente novamente.' });
          else toast.error('Erro', { description: errorMessage(error, 'Não foi possível alterar a senha.') });
        },
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
        description="Confirme a senha atual e escolha uma nova: pelo menos 12 caracteres, com letras maiúsculas, minúsculas, números e símbolos. As outras sessões da sua conta serão encerradas."
      >
        <form className={styles.form} onSubmit={submit} noValidate>
          <Field label="Senha atual">
            {(control) => (
              <PasswordInput {...control} name="currentPassword" autoComplete="current-password" value={currentPassword} onChange={(event) => setCurrentPassword(event.target.value)} />
            )}
          </Field>
          <Field label="Nova senha" hint="Mínimo 12 caracteres">
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
