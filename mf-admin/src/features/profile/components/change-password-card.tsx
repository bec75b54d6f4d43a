/**
 * Profile password change (admin.md 5, 8) in a dialog: the current password first;
 * new password and confirmation must match ('Senhas não conferem' / 'A nova senha e confirmação
 * devem ser iguais.'). Everyone in the panel is staff, so the new password follows the panel
 * rule the service enforces for staff: at least 12 characters ('Senha muito fraca' / 'A senha
 * deve ter pelo menos 12 caracteres.'), and the service's feedback list for the other rules.
 * The form is react-hook-form (`@prata/shared-ui/form`); the broken rule is a toast.
 * Success 'Senha Alterada' (the account's other sessions are signed out); errors show the
 * service's message.
 */
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { PANEL_PASSWORD_MIN, type ChangePasswordInput } from '@prata/contracts';
import { Button, Card, Dialog, Field, PasswordInput, toast } from '@prata/shared-ui';
import { Form, useZodForm, validatorSchema, type FormValidation } from '@prata/shared-ui/form';
import { errorCode, errorIssues, errorMessage } from '../../../lib/api-client.ts';
import { useChangePassword } from '../api/change-password.ts';
import styles from './profile.module.css';

const EMPTY: ChangePasswordInput = { currentPassword: '', password: '', confirmPassword: '' };

/** The first rule the form breaks, as a toast (title, description), or null. */
export function passwordChangeProblem(currentPassword: string, password: string, confirmPassword: string): [string, string] | null {
  if (!currentPassword) return ['Campos obrigatórios', 'Informe a senha atual.'];
  if (password !== confirmPassword) return ['Senhas não conferem', 'A nova senha e confirmação devem ser iguais.'];
  if (password.length < PANEL_PASSWORD_MIN) return ['Senha muito fraca', 'A senha deve ter pelo menos 12 caracteres.'];
  return null;
}

/** The dialog's rules (`passwordChangeProblem`): the broken one's title and description, on the form (`root`). */
const changePasswordFormSchema = validatorSchema(
  (values: ChangePasswordInput): FormValidation<ChangePasswordInput> => {
    const problem = passwordChangeProblem(values.currentPassword, values.password, values.confirmPassword);
    return problem ? { success: false, errors: { root: problem.join('\n') } } : { success: true, data: values };
  },
);

/** The profile password card and its dialog. */
export function ChangePasswordCard() {
  const [open, setOpen] = useState(false);
  const form = useZodForm(changePasswordFormSchema, { defaultValues: EMPTY });
  const change = useChangePassword();

  const close = () => {
    setOpen(false);
    form.reset(EMPTY);
  };

  const submit = (input: ChangePasswordInput) => {
    change.mutate(input, {
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
    });
  };

  // The broken rule is a toast, not a message under a field (admin.md 8).
  const invalid = (errors: { root?: { message?: string } }) => {
    const [title = 'Erro', description] = (errors.root?.message ?? '').split('\n');
    toast.error(title, { description });
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
        <Form form={form} onSubmit={submit} onInvalid={invalid} className={styles.form}>
          <Field label="Senha atual">{(control) => <PasswordInput {...control} {...form.register('currentPassword')} autoComplete="current-password" />}</Field>
          <Field label="Nova senha" hint="Mínimo 12 caracteres">
            {(control) => <PasswordInput {...control} {...form.register('password')} autoComplete="new-password" />}
          </Field>
          <Field label="Confirmar nova senha">{(control) => <PasswordInput {...control} {...form.register('confirmPassword')} autoComplete="new-password" />}</Field>
          <div className={styles.buttons}>
            <Button variant="outline" onClick={close} disabled={change.isPending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Salvando...' : 'Salvar Senha'}
            </Button>
          </div>
        </Form>
      </Dialog>
    </Card>
  );
}
