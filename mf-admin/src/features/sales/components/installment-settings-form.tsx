/**
 * 'Parcelamento no cartão' on the sales page, beside the PIX discount: the card instalment rules
 * (up to how many instalments, the smallest instalment in reais, interest-free up to how many,
 * and the monthly interest above them, in percent with up to two decimals: the Price table).
 * The product page, the cart and the checkout offer the plans these rules allow, and the service
 * refuses any other. react-hook-form with the shared `installmentSettingsFormSchema`, the same
 * rules the service applies; 'Parcelamento salvo', or the service's message on the fields.
 */
import { installmentSettingsFormSchema, reaisText, type InstallmentSettings } from '@prata/contracts';
import { Button, Input, Skeleton } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { Form, FormField, bodyField, useZodForm } from '@prata/shared-ui/form';
import { reportSaveFailure } from '../../../lib/save-failure.ts';
import { useInstallmentSettings, useSaveInstallmentSettings } from '../api/installment-settings.ts';
import styles from './sales.module.css';

type FormValues = { maxInstallments: string; minInstallmentCents: string; interestFreeInstallments: string; monthlyInterestPercent: string };
const FIELDS: (keyof FormValues)[] = ['maxInstallments', 'minInstallmentCents', 'interestFreeInstallments', 'monthlyInterestPercent'];

/** A rate as the form shows it: 2.99 -> '2,99', 0 -> '0'. */
const percentText = (percent: number) => String(percent).replace('.', ',');

export function InstallmentSettingsForm() {
  const stored = useInstallmentSettings();
  if (stored.isPending) return <Skeleton height={64} />;
  if (stored.isError) return <p className={styles.muted}>Não foi possível carregar o parcelamento.</p>;
  return <Fields stored={stored.data} />;
}

function Fields({ stored }: { stored: InstallmentSettings }) {
  const save = useSaveInstallmentSettings();
  const form = useZodForm(installmentSettingsFormSchema, {
    values: {
      maxInstallments: String(stored.maxInstallments),
      minInstallmentCents: reaisText(stored.minInstallmentCents),
      interestFreeInstallments: String(stored.interestFreeInstallments),
      monthlyInterestPercent: percentText(stored.monthlyInterestPercent),
    },
  });
  const submit = async (update: InstallmentSettings) => {
    try {
      await save.mutateAsync(update);
      toast.success('Parcelamento salvo');
    } catch (error) {
      reportSaveFailure(form, error, bodyField<FormValues>(FIELDS));
    }
  };
  return (
    <Form form={form} onSubmit={submit} className={styles.threshold} aria-label="Parcelamento no cartão">
      <FormField control={form.control} name="maxInstallments" label="Parcelas no cartão (até)" hint="De 1 a 12.">
        {(control) => <Input {...control} type="number" inputMode="numeric" min={1} max={12} step={1} />}
      </FormField>
      <FormField control={form.control} name="minInstallmentCents" label="Parcela mínima (R$)" hint="Valores menores oferecem menos parcelas.">
        {(control) => <Input {...control} inputMode="decimal" />}
      </FormField>
      <FormField control={form.control} name="interestFreeInstallments" label="Sem juros até (parcelas)" hint="Igual ao máximo: todas sem juros.">
        {(control) => <Input {...control} type="number" inputMode="numeric" min={1} max={12} step={1} />}
      </FormField>
      <FormField control={form.control} name="monthlyInterestPercent" label="Juros ao mês acima disso (%)" hint="Tabela Price, ex.: 2,99.">
        {(control) => <Input {...control} inputMode="decimal" />}
      </FormField>
      <Button type="submit" size="sm" variant="outline" loading={save.isPending}>
        Salvar parcelamento
      </Button>
    </Form>
  );
}
