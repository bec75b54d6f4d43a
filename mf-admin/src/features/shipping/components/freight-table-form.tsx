/**
 * "Tabela de frete" card of the Frete tab: per region and service (PAC, SEDEX), the price
 * of a package up to 1 kg, each further kilogram, and the carrier's time in business days. Quotes
 * use it when the carrier aggregator does not answer in time (or is not configured). react-hook-form
 * with the shared `freightTableFormSchema`; each row's errors show under its fields.
 * Success 'Tabela de frete salva'; failure 'Erro ao salvar' with the service's message.
 */
import { SHIPPING_REGION_NAMES, freightTableFormSchema, reaisText, type FreightRateRow } from '@prata/contracts';
import { Alert, Button, Card, Input, Skeleton, toast } from '@prata/shared-ui';
import { Form, FormField, serverIssues, setServerErrors, useZodForm, type FieldPath } from '@prata/shared-ui/form';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFreightRates, useSaveFreightRates } from '../api/freight-rates.ts';
import styles from './shipping.module.css';

/** The stored table as the form shows it. */
export function toFreightTableForm(rows: FreightRateRow[]) {
  return { rows: rows.map((row) => ({ region: row.region, service: row.service, base: reaisText(row.baseCents), perKg: reaisText(row.perExtraKgCents), minDays: String(row.minDays), maxDays: String(row.maxDays) })) };
}
type FreightTableForm = ReturnType<typeof toFreightTableForm>;

/** A 400's path (`body.3.maxDays`) -> the form's field (`rows.3.maxDays`). */
function rowField(path: string): FieldPath<FreightTableForm> | undefined {
  const match = /^body\.(\d+)\.(baseCents|perExtraKgCents|minDays|maxDays)$/.exec(path);
  if (!match) return undefined;
  const field = { baseCents: 'base', perExtraKgCents: 'perKg', minDays: 'minDays', maxDays: 'maxDays' }[match[2] as 'baseCents'];
  return `rows.${Number(match[1])}.${field}` as FieldPath<FreightTableForm>;
}

export function FreightTableForm() {
  const { data, isPending, isError } = useFreightRates();
  return (
    <Card title="Tabela de frete" description="Usada quando a transportadora não responde a tempo. Os prazos somam 1 dia útil de preparo." headingLevel={2} testId="freight-table">
      {isPending ? <Skeleton height={320} /> : isError ? <Alert variant="danger">Não foi possível carregar a tabela de frete.</Alert> : <FreightTableFields rows={data} />}
    </Card>
  );
}

function FreightTableFields({ rows }: { rows: FreightRateRow[] }) {
  const save = useSaveFreightRates();
  const form = useZodForm(freightTableFormSchema, { defaultValues: toFreightTableForm(rows) });

  const submit = async (table: FreightRateRow[]) => {
    try {
      form.reset(toFreightTableForm(await save.mutateAsync(table)));
      toast.success('Tabela de frete salva');
    } catch (error) {
      setServerErrors(form, serverIssues(error), rowField);
      toast.error('Erro ao salvar', { description: errorMessage(error, 'Tente novamente em alguns instantes.') });
    }
  };

  return (
    <Form form={form} onSubmit={submit} className={styles.form} aria-label="Tabela de frete">
      {rows.map((row, index) => (
        <fieldset key={`${row.region}-${row.service}`} className={styles.rate}>
          <legend>
            {SHIPPING_REGION_NAMES[row.region]} · {row.service}
          </legend>
          <FormField control={form.control} name={`rows.${index}.base`} label="Até 1 kg (R$)">
            {(control) => <Input {...control} inputMode="decimal" maxLength={10} />}
          </FormField>
          <FormField control={form.control} name={`rows.${index}.perKg`} label="Kg adicional (R$)">
            {(control) => <Input {...control} inputMode="decimal" maxLength={10} />}
          </FormField>
          <FormField control={form.control} name={`rows.${index}.minDays`} label="Prazo mínimo (dias úteis)">
            {(control) => <Input {...control} inputMode="numeric" maxLength={2} />}
          </FormField>
          <FormField control={form.control} name={`rows.${index}.maxDays`} label="Prazo máximo (dias úteis)">
            {(control) => <Input {...control} inputMode="numeric" maxLength={2} />}
          </FormField>
        </fieldset>
      ))}
      <Button type="submit" size="sm" loading={save.isPending}>
        Salvar tabela
      </Button>
    </Form>
  );
}
