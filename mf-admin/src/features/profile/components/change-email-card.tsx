/**
 * E-mail change (admin.md 5, 8): the new e-mail and the current password, both required
 * ('Campos obrigatórios' / 'Preencha o novo email e a senha atual.'); a wrong password gives
 * 'Senha atual incorreta'; success 'Email Alterado', asking to confirm through the new e-mail.
 * With 2FA on the service also asks for a code (issue 10): the form then shows a code field
 * (authenticator or recovery code) and the next submit sends it.
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
  const [code, setCode] = useState('');
  const [codeAsked, setCodeAsked] = useState<string>();
  const [emailError, setEmailError] = useState<string>();
  const change = useChangeEmail();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!newEmail.trim() || !currentPassword) {
      toast.error('Campos obrigatórios', { description: 'Preencha o novo email e a senha atual.' });
      return;
    }
    const parsed = changeEmailSchema.safeParse({ newEmail, currentPassword, ...(codeAsked ? { code } : {}) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'code') setCodeAsked(issue.message);
      else setEmailError(issue?.message);
      return;
    }
    setEmailError(undefined);
    change.mutate(parsed.data, {
      onSuccess: (answer) => {
        toast.success('Email Alterado', { description: answer.message });
        setNewEmail('');
        setCurrentPassword('');
        setCode('');
        setCodeAsked(undefined);
      },
      onError: (error) => {
        const reason = errorCode(error);
        if (reason === 'wrong_password') toast.error('Senha atual incorreta', { description: 'Verifique a senha e tente novamente.' });
        else if (reason === 'code_required' || reason === 'invalid_code') setCodeAsked(errorMessage(error, ''));
        else toast.error('Erro', { description: errorMessage(error, 'Não foi possível alterar o email.') });
      },
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
        {codeAsked !== undefined ? (
          <Field label="Código de verificação" hint="Do aplicativo autenticador, ou um código de recuperação" error={codeAsked}>
            {(control) => <Input {...control} name="code" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} />}
          </Field>
        ) : null}
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Enviando...' : 'Alterar Email'}
        </Button>
      </form>
    </Card>
  );
}
