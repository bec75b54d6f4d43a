/**
 * E-mail change (admin.md 5, 8): the new e-mail and the current password, both required
 * ('Campos obrigatórios' / 'Preencha o novo email e a senha atual.'); a wrong password gives
 * 'Senha atual incorreta'; success 'Email Alterado', asking to confirm through the new e-mail.
 */
import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { changeEmailSchema } from '@prata/contracts';
import { Button, Card, Field, Input, PasswordInput, toast } from '@prata/shared-ui';
import { errorCode, errorMessage } from '../../../lib/api-client.ts';
import { useChangeEmail } from '../api/change-email.ts';
import styles from './profile.module.css';

export function ChangeEmailCard() {
  const [newEmail, setNewEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const change = useChangeEmail();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!newEmail.trim() || !currentPassword) {
      toast.error('Campos obrigatórios', { description: 'Preencha o novo email e a senha atual.' });
      return;
    }
    const parsed = changeEmailSchema.safeParse({ newEmail, currentPassword });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      return;
    }
    setEmailError(undefined);
    change.mutate(parsed.data, {
      onSuccess: (answer) => {
        toast.success('Email Alterado', { description: answer.message });
        setNewEmail('');
        setCurrentPassword('');
      },
      onError: (error) =>
        errorCode(error) === 'wrong_password'
          ? toast.error('Senha atual incorreta', { description: 'Verifique a senha e tente novamente.' })
          : toast.error('Erro', { description: errorMessage(error, 'Não foi possível alterar o email.') }),
    });
  };

  return (
    <Card title="Alterar Email" description="Enviaremos um link de confirmação para o novo endereço." icon={<Mail size={20} aria-hidden="true" />}>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Alterar email">
        <Field label="Novo email" error={emailError}>
          {(control) => <Input {...control} name="newEmail" type="email" autoComplete="email" value={newEmail} onChange={(event) => setNewEmail(event.target.value)} />}
        </Field>
        <Field label="Senha atual">
          {(control) => (
            <PasswordInput {...control} name="currentPassword" autoComplete="current-password" value={currentPassword} onChange={(event) => setCurrentPassword(event.target.value)} />
          )}
        </Field>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Enviando...' : 'Alterar Email'}
        </Button>
      </form>
    </Card>
  );
}
