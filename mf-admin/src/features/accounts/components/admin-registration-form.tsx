/**
 * Admin registration form (admin.md 2, 5, 6, 8), in the login modal and in the users tab:
 * fullName, email, password ('Mínimo 8 caracteres'), confirmPassword, validated with the shared
 * `adminRegistrationSchema`. After submit a pending state says the confirmation e-mail was sent
 * to the entered address, with 'Criar outro registro' back to the form.
 * Errors: 409 email_in_use -> 'Erro no cadastro' (destructive), 409 admin_limit -> 'Limite
 * máximo de 3 administradores atingido', otherwise 'Erro ao criar registro de administrador'.
 *
 * Issue 10: a registration is activated only by an existing admin's approval. The store owner's
 * first registration carries the one-time setup token the service printed at start
 * (`setupToken`, from the `/admin/login?primeiro-acesso=` link): it is activated as soon as its
 * e-mail is confirmed.
 */
import { MailCheck, ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { adminRegistrationSchema, type AdminRegistrationInput } from '@prata/contracts';
import { Alert, Button, Field, Input, PasswordInput, toast } from '@prata/shared-ui';
import { errorCode, errorMessage } from '../../../lib/api-client.ts';
import { useCreateAdminRegistration } from '../api/create-admin-registration.ts';
import styles from './accounts.module.css';

type Errors = Partial<Record<keyof AdminRegistrationInput, string>>;

const EMPTY: AdminRegistrationInput = { fullName: '', email: '', password: '', confirmPassword: '' };

/** Field messages of the registration form (first message per field). */
export function validateAdminRegistration(input: AdminRegistrationInput): { errors: Errors; data?: AdminRegistrationInput } {
  const parsed = adminRegistrationSchema.safeParse(input);
  const errors: Errors = {};
  if (parsed.success) return { errors, data: parsed.data };
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof Errors;
    errors[key] ??= issue.message;
  }
  // The schema checks the match only when every field is valid: say it at once.
  if (!errors.confirmPassword && input.password !== input.confirmPassword) errors.confirmPassword = 'As senhas não coincidem';
  return { errors };
}

export function AdminRegistrationForm({ setupToken }: { setupToken?: string } = {}) {
  const [form, setForm] = useState<AdminRegistrationInput>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const create = useCreateAdminRegistration();

  const set = (key: keyof AdminRegistrationInput) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { errors: found, data } = validateAdminRegistration(form);
    setErrors(found);
    if (!data) return;
    create.mutate(setupToken ? { ...data, setupToken } : data, {
      onSuccess: () => {
        setSentTo(data.email);
        setForm(EMPTY);
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
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Registro de administrador">
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
      <Field label="Nome completo" error={errors.fullName}>
        {(control) => <Input {...control} name="fullName" autoComplete="name" value={form.fullName} onChange={set('fullName')} />}
      </Field>
      <Field label="Email" error={errors.email}>
        {(control) => <Input {...control} name="email" type="email" autoComplete="email" value={form.email} onChange={set('email')} />}
      </Field>
      <Field label="Senha" hint="Mínimo 8 caracteres" error={errors.password}>
        {(control) => <PasswordInput {...control} name="password" autoComplete="new-password" value={form.password} onChange={set('password')} />}
      </Field>
      <Field label="Confirmar senha" error={errors.confirmPassword}>
        {(control) => <PasswordInput {...control} name="confirmPassword" autoComplete="new-password" value={form.confirmPassword} onChange={set('confirmPassword')} />}
      </Field>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Criando...' : 'Criar Conta de Administrador'}
      </Button>
    </form>
  );
}
