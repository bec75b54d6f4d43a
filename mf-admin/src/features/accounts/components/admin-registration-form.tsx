/**
 * Admin registration form (admin.md 2, 5, 6, 8), in the login modal and in the users tab:
 * fullName, email, password ('Mínimo 8 caracteres'), confirmPassword, validated with the shared
 * `adminRegistrationSchema` (react-hook-form, `@prata/shared-ui/form`). After submit a pending state says the confirmation e-mail was sent
 * to the entered address, with 'Criar outro registro' back to the form.
 * Errors: 409 email_in_use -> 'Erro no cadastro' (destructive), 409 admin_limit -> 'Limite
 * máximo de 3 administradores atingido', otherwise 'Erro ao criar registro de administrador'.
 *
 * A registration is activated only by an existing admin's approval. The store owner's
 * first registration carries the one-time setup token the service printed at start
 * (`setupToken`, from the `/admin/login?primeiro-acesso=` link): it is activated as soon as its
 * e-mail is confirmed.
 */
import { MailCheck, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { adminRegistrationSchema, type AdminRegistrationInput } from '@prata/contracts';
import { Alert, Button, Input, PasswordInput, toast } from '@prata/shared-ui';
import { Form, FormField, useZodForm } from '@prata/shared-ui/form';
import { errorCode, errorMessage } from '../../../lib/api-client.ts';
import { useCreateAdminRegistration } from '../api/create-admin-registration.ts';
import styles from './accounts.module.css';

const EMPTY: AdminRegistrationInput = { fullName: '', email: '', password: '', confirmPassword: '' };

/** The registration form, then the 'Confirme seu email' state once it is sent. */
export function AdminRegistrationForm({ setupToken }: { setupToken?: string } = {}) {
  // The shared schema reports the password mismatch together with the other messages (zod 4 runs
  // the refinement whenever the fields have the right types).
  const form = useZodForm(adminRegistrationSchema, { defaultValues: EMPTY });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const create = useCreateAdminRegistration();

  const submit = (data: AdminRegistrationInput) => {
    create.mutate(setupToken ? { ...data, setupToken } : data, {
      onSuccess: () => {
        setSentTo(data.email);
        form.reset(EMPTY);
      },
      onError: (error) => {
        const code = errorCode(error);
        if (code === 'email_in_use') {
          toast.error('Erro no cadastro', { description: 'Este email já possui uma conta. Tente fazer login ou use outro email.' });
        } else if (code === 'admin_limit') {
          toast.error('Limite máximo de 3 administradores atingido');
        } else if (code === 'invalid_setup_token') {
          toast.error('Link de primeiro acesso inválido', { description: errorMessage(error, 'Reinicie o serviço para gerar outro.') });
        } else {
          toast.error('Erro ao criar registro de administrador');
        }
      },
    });
  };

  if (sentTo) {
    return (
      <div className={styles.pending} role="status" data-testid="admin-registration-pending">
        <MailCheck size={36} className={styles.pendingIcon} aria-hidden="true" />
        <h3>Confirme seu email</h3>
        <p>
          Enviamos um email de confirmação para <strong>{sentTo}</strong>. Abra o link da mensagem para concluir o cadastro do
          administrador.
        </p>
        <Button variant="outline" onClick={() => setSentTo(null)}>
          Criar outro registro
        </Button>
      </div>
    );
  }

  return (
    <Form form={form} onSubmit={submit} className={styles.form} aria-label="Registro de administrador">
      <Alert variant="warning" icon={<ShieldAlert size={18} aria-hidden="true" />}>
        {setupToken ? (
          <p>Primeiro acesso: esta será a conta do proprietário da loja, ativada assim que o email for confirmado.</p>
        ) : (
          <p>
            Atenção: apenas o proprietário da loja deve criar uma conta de administrador. A conta só é ativada após a confirmação por email e a
            aprovação de um administrador.
          </p>
        )}
      </Alert>
      <FormField control={form.control} name="fullName" label="Nome completo">
        {(control) => <Input {...control} autoComplete="name" />}
      </FormField>
      <FormField control={form.control} name="email" label="Email">
        {(control) => <Input {...control} type="email" autoComplete="email" />}
      </FormField>
      <FormField control={form.control} name="password" label="Senha" hint="Mínimo 8 caracteres">
        {(control) => <PasswordInput {...control} autoComplete="new-password" />}
      </FormField>
      <FormField control={form.control} name="confirmPassword" label="Confirmar senha">
        {(control) => <PasswordInput {...control} autoComplete="new-password" />}
      </FormField>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Criando...' : 'Criar Conta de Administrador'}
      </Button>
    </Form>
  );
}
