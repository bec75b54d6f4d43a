/**
 * Developer setup form (admin.md 2, 5, 8 /admin/setup-developer): email (email type), password
 * (show/hide), full name; 'Criar Acesso de Desenvolvedor' ('Configurando...' while busy).
 * The person must have registered and confirmed their e-mail first (admin.md: 'the user must
 * register first'); the password is that account's own, typed by its holder as consent (the
 * service never creates, confirms or takes over an account here).
 * The form is react-hook-form with the shared `developerSetupSchema`.
 * Missing fields -> 'Campos obrigatórios' / 'Preencha todos os campos.'. Success
 * 'Desenvolvedor configurado' / 'Acesso de desenvolvedor criado para {email}', form cleared;
 * failure 'Erro' with the service's message or 'Erro ao configurar acesso de desenvolvedor.'.
 */
import { UserCog } from 'lucide-react';
import { developerSetupSchema } from '@prata/contracts';
import { Button, Input, PasswordInput } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { Form, FormField, useZodForm, type FieldErrors } from '@prata/shared-ui/form';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSetupDeveloper, type DeveloperSetupInput } from '../api/setup-developer.ts';
import styles from './accounts.module.css';

const EMPTY: DeveloperSetupInput = { email: '', password: '', fullName: '' };

/** The developer setup form, validated by the shared `developerSetupSchema`. */
export function DeveloperSetupForm() {
  const form = useZodForm(developerSetupSchema, { defaultValues: EMPTY });
  const setup = useSetupDeveloper();

  const submit = (input: DeveloperSetupInput) => {
    setup.mutate(input, {
      onSuccess: () => {
        toast.success('Desenvolvedor configurado', { description: `Acesso de desenvolvedor criado para ${input.email}` });
        form.reset(EMPTY);
      },
      onError: (error) => toast.error('Erro', { description: errorMessage(error, 'Erro ao configurar acesso de desenvolvedor.') }),
    });
  };

  // A missing field is one toast; only a malformed e-mail is shown under its field (admin.md 8).
  const invalid = (errors: FieldErrors<DeveloperSetupInput>) => {
    const values = form.getValues();
    if (!values.email.trim() || !values.password || !values.fullName.trim()) {
      form.clearErrors();
      toast.error('Campos obrigatórios', { description: 'Preencha todos os campos.' });
      return;
    }
    const other = errors.password?.message ?? errors.fullName?.message;
    form.clearErrors(['password', 'fullName']);
    if (!errors.email && other) toast.error('Erro', { description: other });
  };

  return (
    <Form form={form} onSubmit={submit} onInvalid={invalid} className={styles.form} aria-label="Configurar acesso de desenvolvedor">
      <ul className={styles.guidance}>
        <li>O usuário deve se cadastrar na loja e confirmar o email primeiro.</li>
        <li>A senha é a da conta do usuário: peça que ele mesmo a digite para confirmar o acesso.</li>
        <li>Esta ação dá à conta privilégios de desenvolvedor e de administrador.</li>
        <li>Conceda este acesso apenas a pessoas de confiança.</li>
      </ul>
      <FormField control={form.control} name="email" label="Email">
        {(control) => <Input {...control} type="email" autoComplete="off" placeholder="dev@exemplo.com" />}
      </FormField>
      <FormField control={form.control} name="password" label="Senha">
        {(control) => <PasswordInput {...control} autoComplete="new-password" />}
      </FormField>
      <FormField control={form.control} name="fullName" label="Nome completo">
        {(control) => <Input {...control} autoComplete="off" />}
      </FormField>
      <Button type="submit" disabled={setup.isPending}>
        <UserCog size={16} aria-hidden="true" />
        {setup.isPending ? 'Configurando...' : 'Criar Acesso de Desenvolvedor'}
      </Button>
    </Form>
  );
}
