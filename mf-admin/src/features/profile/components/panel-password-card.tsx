/**
 * Panel password change (admin.md 5, 8, 9): current, new and confirmation required; new and
 * confirmation at least 12 characters and equal ('As senhas não coincidem.'); strength checked
 * on the service. A weak password gives 'Senha muito fraca' with the service's feedback list
 * (or 'A senha não atende aos requisitos mínimos de segurança.').
 */
import { ShieldEllipsis } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { panelPasswordSchema } from '@prata/contracts';
import { Alert, Button, Card, Field, PasswordInput, toast } from '@prata/shared-ui';
import { errorCode, errorIssues, errorMessage } from '../../../lib/api-client.ts';
import { useChangePanelPassword, type PanelPasswordInput } from '../api/change-panel-password.ts';
import styles from './profile.module.css';

type Errors = Partial<Record<keyof PanelPasswordInput, string>>;
const EMPTY: PanelPasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };
const WEAK = 'A senha não atende aos requisitos mínimos de segurança.';

export function validatePanelPassword(input: PanelPasswordInput): Errors {
  const parsed = panelPasswordSchema.safeParse(input);
  const errors: Errors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof Errors] ??= issue.message;
  if (!errors.confirmPassword && input.newPassword !== input.confirmPassword) errors.confirmPassword = 'As senhas não coincidem.';
  return errors;
}

export function PanelPasswordCard() {
  const [form, setForm] = useState<PanelPasswordInput>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [feedback, setFeedback] = useState<string[]>([]);
  const change = useChangePanelPassword();

  const set = (key: keyof PanelPasswordInput) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePanelPassword(form);
    setErrors(found);
    setFeedback([]);
    if (Object.keys(found).length > 0) return;
    change.mutate(form, {
      onSuccess: () => {
        toast.success('Senha Alterada', { description: 'A senha do painel foi atualizada.' });
        setForm(EMPTY);
      },
      onError: (error) => {
        const code = errorCode(error);
        if (code === 'weak_password') {
          const issues = errorIssues(error);
          setFeedback(issues);
          toast.error('Senha muito fraca', { description: issues.length > 0 ? issues.join(' ') : WEAK });
        } else if (code === 'wrong_password') {
          toast.error('Senha atual incorreta', { description: 'Verifique a senha e tente novamente.' });
        } else {
          toast.error('Erro', { description: errorMessage(error, WEAK) });
        }
      },
    });
  };

  return (
    <Card
      title="Senha do Painel"
      description="Uma senha forte para o acesso administrativo: no mínimo 12 caracteres, com letras maiúsculas, minúsculas, números e caracteres especiais."
      icon={<ShieldEllipsis size={20} aria-hidden="true" />}
    >
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Alterar senha do painel">
        <Field label="Senha atual" error={errors.currentPassword}>
          {(control) => <PasswordInput {...control} name="currentPassword" autoComplete="current-password" value={form.currentPassword} onChange={set('currentPassword')} />}
        </Field>
        <Field label="Nova senha do painel" hint="Mínimo 12 caracteres" error={errors.newPassword}>
          {(control) => <PasswordInput {...control} name="newPassword" autoComplete="new-password" value={form.newPassword} onChange={set('newPassword')} />}
        </Field>
        <Field label="Confirmar nova senha do painel" error={errors.confirmPassword}>
          {(control) => <PasswordInput {...control} name="confirmPassword" autoComplete="new-password" value={form.confirmPassword} onChange={set('confirmPassword')} />}
        </Field>
        {feedback.length > 0 ? (
          <Alert variant="danger" role="alert" title="Senha muito fraca:">
            <ul>
              {feedback.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Salvando...' : 'Alterar Senha do Painel'}
        </Button>
      </form>
    </Card>
  );
}
