/**
 * 'E-mail' and 'Senha' on `/minha-conta`, with the shared schemas through
 * `@prata/shared-ui/form`:
 * - `EmailChangeForm` (`changeEmailSchema`): the new e-mail and the current password; the service
 *   e-mails a confirmation link to the new address and the change applies when it is opened
 *   (the existing link flow, `/auth?novo-email=`), so the page says to check the new inbox.
 * - `PasswordChangeForm` (`changePasswordSchema`): the current password, the new one (>= 6) twice;
 *   the other sessions end.
 * A wrong current password (400) shows under its field; other 4xx messages are toasted as the
 * service wrote them.
 */
import { changeEmailSchema, changePasswordSchema } from '@prata/contracts';
import { Alert, Button, Input, PasswordInput, toast } from '@prata/shared-ui';
import { Form, FormField, bodyField, serverIssues, setServerErrors, useZodForm, type FieldPath, type FieldValues, type UseFormReturn } from '@prata/shared-ui/form';
import { useState } from 'react';
import { useChangeEmail } from '../api/change-email.ts';
import { useChangePassword } from '../api/change-password.ts';
import { failure } from '../utils/api-failure.ts';
import styles from './account.module.css';

/** A failure's messages on the form's fields; a wrong password on `passwordField`; the rest toasted. */
function showFailure<Values extends FieldValues>(form: Pick<UseFormReturn<Values, unknown, unknown>, 'setError'>, cause: unknown, fields: FieldPath<Values>[], passwordField: FieldPath<Values>, fallback: string) {
  if (setServerErrors(form, serverIssues(cause), bodyField(fields)) > 0) return;
  const message = failure(cause, fallback);
  if (message === 'Senha atual incorreta') form.setError(passwordField, { type: 'server', message });
  else toast.error('Erro', { description: message });
}

/** The e-mail change: new address + current password; confirmed by the link sent to the new address. */
export function EmailChangeForm({ currentEmail }: { currentEmail: string }) {
  const form = useZodForm(changeEmailSchema, { defaultValues: { newEmail: '', currentPassword: '' } });
  const changing = useChangeEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = (input: { newEmail: string; currentPassword: string }) =>
    changing.mutate(input, {
      onSuccess: () => {
        setSentTo(input.newEmail);
        form.reset({ newEmail: '', currentPassword: '' });
      },
      onError: (cause) => showFailure(form, cause, ['newEmail', 'currentPassword'], 'currentPassword', 'Não foi possível alterar o e-mail.'),
    });

  return (
    <Form form={form} onSubmit={send} className={styles.form} aria-label="Alterar e-mail">
      <p className={styles.muted}>
        E-mail atual: <strong>{currentEmail}</strong>
      </p>
      {sentTo ? <Alert variant="success">Enviamos um link de confirmação para {sentTo}. O e-mail muda quando você abrir o link.</Alert> : null}
      <FormField control={form.control} name="newEmail" label="Novo e-mail">
        {(control) => <Input {...control} type="email" inputMode="email" autoComplete="email" />}
      </FormField>
      <FormField control={form.control} name="currentPassword" id="email-current-password" label="Senha atual">
        {(control) => <PasswordInput {...control} autoComplete="current-password" />}
      </FormField>
      <div className={styles.actions}>
        <Button type="submit" disabled={changing.isPending}>
          {changing.isPending ? 'Enviando...' : 'Alterar e-mail'}
        </Button>
      </div>
    </Form>
  );
}

const EMPTY_PASSWORDS = { currentPassword: '', password: '', confirmPassword: '' };

/** The password change: current password, new password and its confirmation. */
export function PasswordChangeForm() {
  const form = useZodForm(changePasswordSchema, { defaultValues: EMPTY_PASSWORDS });
  const changing = useChangePassword();

  const change = (input: typeof EMPTY_PASSWORDS) =>
    changing.mutate(input, {
      onSuccess: () => {
        form.reset(EMPTY_PASSWORDS);
        toast.success('Senha alterada', { description: 'As outras sessões da sua conta foram encerradas.' });
      },
      onError: (cause) => showFailure(form, cause, ['currentPassword', 'password', 'confirmPassword'], 'currentPassword', 'Não foi possível alterar a senha.'),
    });

  return (
    <Form form={form} onSubmit={change} className={styles.form} aria-label="Alterar senha">
      <FormField control={form.control} name="currentPassword" id="password-current-password" label="Senha atual">
        {(control) => <PasswordInput {...control} autoComplete="current-password" />}
      </FormField>
      <FormField control={form.control} name="password" label="Nova senha" hint="Pelo menos 6 caracteres">
        {(control) => <PasswordInput {...control} autoComplete="new-password" />}
      </FormField>
      <FormField control={form.control} name="confirmPassword" label="Confirme a nova senha">
        {(control) => <PasswordInput {...control} autoComplete="new-password" />}
      </FormField>
      <div className={styles.actions}>
        <Button type="submit" disabled={changing.isPending}>
          {changing.isPending ? 'Alterando...' : 'Alterar senha'}
        </Button>
      </div>
    </Form>
  );
}
