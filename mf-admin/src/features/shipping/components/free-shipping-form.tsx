/**
 * "Frete grátis" card of the Frete tab: the amount of goods from which the cheapest
 * delivery option is free, and the regions it applies to (all five: all of Brazil; an empty amount
 * turns it off). react-hook-form with the shared `freeShippingFormSchema` (reais typed, sent in
 * cents). Success 'Frete grátis salvo'; failure 'Erro ao salvar' with the service's message.
 */
import { SHIPPING_REGIONS, SHIPPING_REGION_NAMES, freeShippingFormSchema, reaisText, type FreeShippingSetting, type ShippingRegion } from '@prata/contracts';
import { Alert, Button, Card, Checkbox, Input, Skeleton, toast } from '@prata/shared-ui';
import { Form, FormField, bodyField, serverIssues, setServerErrors, useController, useZodForm } from '@prata/shared-ui/form';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFreeShipping, useSaveFreeShipping } from '../api/free-shipping.ts';
import styles from './shipping.module.css';

/** The stored setting as the form shows it ('299,90'; every region checked for all of Brazil). */
export function toFreeShippingForm(setting: FreeShippingSetting): { threshold: string; regions: ShippingRegion[] } {
  return { threshold: setting.thresholdCents === null ? '' : reaisText(setting.thresholdCents), regions: setting.regions ?? [...SHIPPING_REGIONS] };
}

export function FreeShippingForm() {
  const { data, isPending, isError } = useFreeShipping();
  return (
    <Card title="Frete grátis" description="A opção de entrega mais barata sai de graça a partir deste valor em produtos, nas regiões marcadas." headingLevel={2} testId="free-shipping">
      {isPending ? <Skeleton height={160} /> : isError ? <Alert variant="danger">Não foi possível carregar o frete grátis.</Alert> : <FreeShippingFields setting={data} />}
    </Card>
  );
}

function FreeShippingFields({ setting }: { setting: FreeShippingSetting }) {
  const save = useSaveFreeShipping();
  const form = useZodForm(freeShippingFormSchema, { defaultValues: toFreeShippingForm(setting) });
  const regions = useController({ control: form.control, name: 'regions' });

  const submit = async (update: FreeShippingSetting) => {
    try {
      form.reset(toFreeShippingForm(await save.mutateAsync(update)));
      toast.success('Frete grátis salvo');
    } catch (error) {
      setServerErrors(form, serverIssues(error), bodyField(['regions']));
      toast.error('Erro ao salvar', { description: errorMessage(error, 'Tente novamente em alguns instantes.') });
    }
  };
  const toggle = (region: ShippingRegion, checked: boolean) =>
    regions.field.onChange(checked ? SHIPPING_REGIONS.filter((candidate) => candidate === region || regions.field.value.includes(candidate)) : regions.field.value.filter((candidate) => candidate !== region));

  return (
    <Form form={form} onSubmit={submit} className={styles.form} aria-label="Frete grátis">
      <FormField control={form.control} name="threshold" label="A partir de (R$)" hint="Deixe em branco para não oferecer frete grátis.">
        {(control) => <Input {...control} inputMode="decimal" placeholder="299,90" maxLength={10} />}
      </FormField>
      <fieldset className={styles.regions}>
        <legend>Regiões</legend>
        {SHIPPING_REGIONS.map((region) => (
          <Checkbox key={region} name="regions" value={region} label={SHIPPING_REGION_NAMES[region]} checked={regions.field.value.includes(region)} onChange={(event) => toggle(region, event.target.checked)} />
        ))}
        {regions.fieldState.error ? <p className={styles.error} role="alert">{regions.fieldState.error.message}</p> : null}
      </fieldset>
      <Button type="submit" size="sm" loading={save.isPending}>
        Salvar frete grátis
      </Button>
    </Form>
  );
}
