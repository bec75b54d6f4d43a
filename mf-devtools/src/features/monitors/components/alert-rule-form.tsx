/**
 * The new alert rule form of 'Alertas' (react-hook-form with the shared `alertRuleFormSchema`):
 * name, kind, threshold, window (minutes), channel and its destination (an e-mail address or a
 * webhook URL). The service's refusals (e.g. a webhook URL on a private address) show under
 * their fields; success 'Regra criada' and the form empties.
 */
import { ALERT_RULE_KINDS, ALERT_RULE_KIND_LABELS, alertRuleFormSchema, type AlertRuleInput } from '@prata/contracts';
import { Button, Input, Select } from '@prata/shared-ui';
import { ApiRequestError, toast } from '@prata/shared-ui/state';
import { Form, FormField, serverIssues, setServerErrors, useWatch, useZodForm } from '@prata/shared-ui/form';
import { useCreateAlertRule } from '../api/create-alert-rule.ts';
import styles from './monitors.module.css';

const EMPTY = { name: '', kind: 'missed_job', threshold: '1', windowMinutes: '15', channel: 'email', destination: '' } as const;
const KIND_OPTIONS = ALERT_RULE_KINDS.map((kind) => ({ value: kind, label: ALERT_RULE_KIND_LABELS[kind] }));
const CHANNEL_OPTIONS = [
  { value: 'email', label: 'E-mail' },
  { value: 'webhook', label: 'Webhook (compatível com Slack)' },
];
const FIELDS = ['name', 'kind', 'threshold', 'windowMinutes', 'channel', 'destination'] as const;

/** A service issue's path (`destination` or `body.destination`) as the form's field. */
export function fieldOf(path: string): (typeof FIELDS)[number] | undefined {
  const name = path.replace(/^body\./, '');
  return FIELDS.find((field) => field === name);
}

export function AlertRuleForm() {
  const create = useCreateAlertRule();
  const form = useZodForm(alertRuleFormSchema, { defaultValues: EMPTY });
  const channel = useWatch({ control: form.control, name: 'channel' });

  const submit = async (rule: AlertRuleInput) => {
    try {
      await create.mutateAsync(rule);
      toast.success('Regra criada');
      form.reset(EMPTY);
    } catch (error) {
      setServerErrors(form, serverIssues(error), fieldOf);
      toast.error('Erro ao salvar', { description: error instanceof ApiRequestError ? error.message : 'Tente novamente em alguns instantes.' });
    }
  };

  return (
    <Form form={form} onSubmit={submit} className={styles.ruleForm} aria-label="Nova regra de alerta">
      <FormField control={form.control} name="name" label="Nome">
        {(control) => <Input {...control} maxLength={80} />}
      </FormField>
      <FormField control={form.control} name="kind" label="Quando">
        {(control) => <Select {...control} options={KIND_OPTIONS} />}
      </FormField>
      <FormField control={form.control} name="threshold" label="Limite (ocorrências)">
        {(control) => <Input {...control} type="number" inputMode="numeric" min={1} step={1} />}
      </FormField>
      <FormField control={form.control} name="windowMinutes" label="Janela (minutos)">
        {(control) => <Input {...control} type="number" inputMode="numeric" min={1} step={1} />}
      </FormField>
      <FormField control={form.control} name="channel" label="Canal">
        {(control) => <Select {...control} options={CHANNEL_OPTIONS} />}
      </FormField>
      <FormField control={form.control} name="destination" label={channel === 'webhook' ? 'URL do webhook (https)' : 'E-mail de destino'}>
        {(control) => <Input {...control} type={channel === 'webhook' ? 'url' : 'email'} />}
      </FormField>
      <Button type="submit" size="sm" loading={create.isPending}>
        Criar regra
      </Button>
    </Form>
  );
}
