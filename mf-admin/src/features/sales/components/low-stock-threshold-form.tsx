/**
 * The low-stock threshold field of the sales page's stock alerts: one number of units
 * for the dashboard, the sales page and the bell's 'Estoque baixo', validated by the shared
 * `lowStockSettingSchema` (as typed: `lowStockSettingFormSchema`). Success 'Limite de estoque salvo'; failure 'Erro ao salvar' with the
 * service's message.
 */
import { lowStockSettingFormSchema, type LowStockSetting } from '@prata/contracts';
import { Button, Input, toast } from '@prata/shared-ui';
import { Form, FormField, bodyField, serverIssues, setServerErrors, useZodForm } from '@prata/shared-ui/form';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSaveLowStockSetting } from '../api/low-stock-setting.ts';
import styles from './sales.module.css';

const thresholdField = bodyField<{ threshold: string }>(['threshold']);

/** @param threshold the stored threshold, in units (from the sales report). */
export function LowStockThresholdForm({ threshold }: { threshold: number }) {
  const save = useSaveLowStockSetting();
  const form = useZodForm(lowStockSettingFormSchema, { values: { threshold: String(threshold) } });

  const submit = async (update: LowStockSetting) => {
    try {
      await save.mutateAsync(update);
      toast.success('Limite de estoque salvo');
    } catch (error) {
      setServerErrors(form, serverIssues(error), thresholdField);
      toast.error('Erro ao salvar', { description: errorMessage(error, 'Tente novamente em alguns instantes.') });
    }
  };

  return (
    <Form form={form} onSubmit={submit} className={styles.threshold} aria-label="Limite de estoque baixo">
      <FormField control={form.control} name="threshold" label="Alertar com até (unidades)">
        {(control) => <Input {...control} type="number" inputMode="numeric" min={0} step={1} />}
      </FormField>
      <Button type="submit" size="sm" variant="outline" loading={save.isPending}>
        Salvar limite
      </Button>
    </Form>
  );
}
