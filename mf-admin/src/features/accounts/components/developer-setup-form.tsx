/**
 * Developer setup form (admin.md 2, 5, 8 /admin/setup-developer): email (email type), password
 * (show/hide), full name; 'Criar Acesso de Desenvolvedor' ('Configurando...' while busy).
 * The person must have registered and confirmed their e-mail first (admin.md: 'the user must
 * register first'); the password is that account's own, typed by its holder as consent (issue
 * 10: the service never creates, confirms or takes over an account here).
 * Missing fields -> 'Campos obrigatórios' / 'Preencha todos os campos.'. Success
 * 'Desenvolvedor configurado' / 'Acesso de desenvolvedor criado para {email}', form cleared;
 * failure 'Erro' with the service's message or 'Erro ao configurar acesso de desenvolvedor.'.
 */
import { UserCog } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { developerSetupSchema } from '@prata/contracts';
import { Button, Field, Input, PasswordInput, toast } from '@prata/shared-ui';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSetupDeveloper, type DeveloperSetupInput } from '../api/setup-developer.ts';
import styles from './accounts.module.css';

const EMPTY: DeveloperSetupInput = { email: '', password: '', fullName: '' };

export function DeveloperSetupForm() {
  const [form, setForm] = useState<DeveloperSetupInput>(EMPTY);
  const [emailError, setEmailError] = useState<string>();
  const setup = useSetupDeveloper();

  const set = (key: keyof DeveloperSetupInput) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.email.trim() || !form.password || !form.fullName.trim()) {
      toast.error('Campos obrigatórios', { description: 'Preencha todos os campos.' });
      return;
    }
    const parsed = developerSetupSchema.safeParse(form);
    if (!parsed.success) {
      setEmailError(parsed.error.issues.find((issue) => issue.path[0] === 'email')?.message);
      if (!parsed.error.issues.some((issue) => issue.path[0] === 'email')) toast.error('Erro', { description: parsed.error.issues[0]?.message });
      return;
    }
    setEmailError(undefined);
    setup.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Desenvolvedor configurado', { description: `Acesso de desenvolvedor criado para ${parsed.data.email}` });
        setForm(EMPTY);
      },
      onError: (error) => toast.error('Erro', { description: errorMessage(error, 'Erro ao configurar acesso de desenvolvedor.') }),
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Configurar acesso de desenvolvedor">
      <ul className={styles.guidance}>
        <li>O usuário deve se cadastrar na loja e confirmar o email primeiro.</li>
        <li>A senha é a da conta do usuário: peça que ele mesmo a digite para confirmar o acesso.</li>
        <li>Esta ação dá à conta privilégios de desenvolvedor e de administrador.</li>
        <li>Conceda este acesso apenas a pessoas de confiança.</li>
      </ul>
      <Field label="Email" error={emailError}>
        {(control) => <Input {...control} name="email" type="email" autoComplete="off" placeholder="dev@exemplo.com" value={form.email} onChange={set('email')} />}
      </Field>
      <Field label="Senha">
        {(control) => <PasswordInput {...control} name="password" autoComplete="new-password" value={form.password} onChange={set('password')} />}
      </Field>
      <Field label="Nome completo">
        {(control) => <Input {...control} name="fullName" autoComplete="off" value={form.fullName} onChange={set('fullName')} />}
      </Field>
      <Button type="submit" disabled={setup.isPending}>
        <UserCog size={16} aria-hidden="true" />
        {setup.isPending ? 'Configurando...' : 'Criar Acesso de Desenvolvedor'}
      </Button>
    </form>
  );
}
