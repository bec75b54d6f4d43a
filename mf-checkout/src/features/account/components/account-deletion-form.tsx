/**
 * The account deletion dialog's form (LGPD art. 18): the current password, checked by
 * the shared `deleteOwnAccountSchema` (react-hook-form, `@prata/shared-ui/form`); the service's
 * refusal (a wrong password) shows under the field. A chunk of its own, loaded when the dialog
 * opens, so the orders pages do not load the form library.
 */
import { deleteOwnAccountSchema } from '@prata/contracts';
import { Button, PasswordInput } from '@prata/shared-ui';
import { Form, FormField, useZodForm } from '@prata/shared-ui/form';
import { useDeleteOwnAccount } from '../api/delete-own-account.ts';
import { failure } from '../utils/api-failure.ts';
import styles from './account.module.css';

export interface AccountDeletionFormProps {
  /** 'Voltar': closes the dialog. */
  onCancel: () => void;
  /** The account was deleted: the service's message. */
  onDeleted: (message: string) => void | Promise<void>;
}

/** The password confirmation that deletes the shopper's own account. */
export default function AccountDeletionForm({ onCancel, onDeleted }: AccountDeletionFormProps) {
  const form = useZodForm(deleteOwnAccountSchema, { defaultValues: { currentPassword: '' } });
  const deleting = useDeleteOwnAccount();

  const confirm = ({ currentPassword }: { currentPassword: string }) =>
    deleting.mutate(currentPassword, {
      onSuccess: ({ message }) => onDeleted(message),
      onError: (cause) => form.setError('currentPassword', { type: 'server', message: failure(cause, 'Não foi possível excluir a conta. Tente novamente.') }),
    });

  return (
    <Form form={form} onSubmit={confirm} className={styles.form} aria-label="Confirmar exclusão da conta">
      <FormField control={form.control} name="currentPassword" label="Senha atual">
        {(control) => <PasswordInput {...control} autoComplete="current-password" />}
      </FormField>
      <div className={styles.actions}>
        <Button variant="outline" onClick={onCancel}>
          Voltar
        </Button>
        <Button type="submit" variant="danger" disabled={deleting.isPending}>
          {deleting.isPending ? 'Excluindo...' : 'Excluir conta'}
        </Button>
      </div>
    </Form>
  );
}
