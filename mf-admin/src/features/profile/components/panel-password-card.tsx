/**
 * Panel password change (admin.md 5, 8, 9): current, new and confirmation required; new and
 * confirmation at least 12 characters and equal ('As senhas não coincidem.'); strength checked
 * on the service (the form: react-hook-form with the shared `panelPasswordSchema`, whose messages
 * show under the fields). A weak password gives 'Senha muito fraca' with the service's feedback list
 * (or 'A senha não atende aos requisitos mínimos de segurança.').
 */
import { ShieldEllipsis } from 'lucide-react';
import { useState } from 'react';
import { panelPasswordSchema } from '@prata/contracts';
import { Alert, Button, Card, PasswordInput } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { Form, FormField, useZodForm } from '@prata/shared-ui/form';
import { errorCode, errorIssues, errorMessage } from '../../../lib/api-client.ts';
import { useChangePanelPassword, type PanelPasswordInput } from '../api/change-panel-password.ts';
import styles from './profile.module.css';

const EMPTY: PanelPasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };
const WEAK = 'A senha não atende aos requisitos mínimos de segurança.';

/** The panel password card: its form validated by the shared `panelPasswordSchema`. */
export function PanelPasswordCard() {
  const form = useZodForm(panelPasswordSchema, { defaultValues: EMPTY });
  /** The service's strength feedback of the last attempt (not a field: the rules the password missed). */
  const [feedback, setFeedback] = useState<string[]>([]);
  const change = useChangePanelPassword();

  const submit = (input: PanelPasswordInput) => {
    setFeedback([]);
    change.mutate(input, {
      onSuccess: () => {
        toast.success('Senha Alterada', { description: 'A senha do painel foi atualizada.' });
        form.reset(EMPTY);
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
      <Form form={form} onSubmit={submit} onInvalid={() => setFeedback([])} className={styles.form} aria-label="Alterar senha do painel">
        <FormField control={form.control} name="currentPassword" label="Senha atual">
          {(control) => <PasswordInput {...control} autoComplete="current-password" />}
        </FormField>
        <FormField control={form.control} name="newPassword" label="Nova senha do painel" hint="Mínimo 12 caracteres">
          {(control) => <PasswordInput {...control} autoComplete="new-password" />}
        </FormField>
        <FormField control={form.control} name="confirmPassword" label="Confirmar nova senha do painel">
          {(control) => <PasswordInput {...control} autoComplete="new-password" />}
        </FormField>
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
      </Form>
    </Card>
  );
}
