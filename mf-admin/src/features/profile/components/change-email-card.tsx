/**
 * E-mail change (admin.md 5, 8): the new e-mail and the current password, both required
 * ('Campos obrigatórios' / 'Preencha o novo email e a senha atual.'); a wrong password gives
 * 'Senha atual incorreta'; success 'Email Alterado', asking to confirm through the new e-mail.
 * With 2FA on the service also asks for a code: the form then shows a code field
 * (authenticator or recovery code) and the next submit sends it. The form is react-hook-form
 * with the shared `changeEmailSchema`.
 */
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { changeEmailSchema, type ChangeEmailInput } from '@prata/contracts';
import { Button, Card, Input, PasswordInput, toast } from '@prata/shared-ui';
import { Form, FormField, useZodForm, type UseFormReturn } from '@prata/shared-ui/form';
import { errorCode, errorMessage } from '../../../lib/api-client.ts';
import { useChangeEmail } from '../api/change-email.ts';
import styles from './profile.module.css';

/** The code field is registered only while it shows (`shouldUnregister`). */
const EMPTY = { newEmail: '', currentPassword: '' };

/** The e-mail change card: its form validated by the shared `changeEmailSchema`. */
export function ChangeEmailCard() {
  const form = useZodForm(changeEmailSchema, { defaultValues: EMPTY });
  /** True once the service asked for a second-factor code: the code field shows. */
  const [codeAsked, setCodeAsked] = useState(false);
  const change = useChangeEmail();

  const submit = (input: ChangeEmailInput) => {
    change.mutate(input, {
      onSuccess: (answer) => {
        toast.success('Email Alterado', { description: answer.message });
        setCodeAsked(false);
        form.reset(EMPTY);
      },
      onError: (error) => {
        const reason = errorCode(error);
        if (reason === 'wrong_password') toast.error('Senha atual incorreta', { description: 'Verifique a senha e tente novamente.' });
        else if (reason === 'code_required' || reason === 'invalid_code') {
          setCodeAsked(true);
          if (form.getValues('code') === undefined) form.setValue('code', '');
          form.setError('code', { type: 'server', message: errorMessage(error, '') });
        } else toast.error('Erro', { description: errorMessage(error, 'Não foi possível alterar o email.') });
      },
    });
  };

  return (
    <Card title="Alterar Email" description="Enviaremos um link de confirmação para o novo endereço." icon={<Mail size={20} aria-hidden="true" />}>
      <Form form={form} onSubmit={submit} onInvalid={() => requiredMissing(form)} className={styles.form} aria-label="Alterar email">
        <FormField control={form.control} name="newEmail" label="Novo email">
          {(control) => <Input {...control} type="email" autoComplete="email" />}
        </FormField>
        <FormField control={form.control} name="currentPassword" label="Senha atual">
          {(control) => <PasswordInput {...control} autoComplete="current-password" />}
        </FormField>
        {codeAsked ? (
          <FormField control={form.control} name="code" label="Código de verificação" hint="Do aplicativo autenticador, ou um código de recuperação" shouldUnregister>
            {(control) => <Input {...control} autoComplete="one-time-code" />}
          </FormField>
        ) : null}
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Enviando...' : 'Alterar Email'}
        </Button>
      </Form>
    </Card>
  );
}

/**
 * An empty e-mail or password is said once, as a toast ('Campos obrigatórios'), not under the
 * fields; other messages (an invalid e-mail, a malformed code) stay under their fields.
 */
function requiredMissing(form: UseFormReturn<{ newEmail: string; currentPassword: string; code?: string | undefined }, unknown, ChangeEmailInput>): void {
  const { newEmail, currentPassword } = form.getValues();
  if (newEmail.trim() && currentPassword) return;
  form.clearErrors();
  toast.error('Campos obrigatórios', { description: 'Preencha o novo email e a senha atual.' });
}
