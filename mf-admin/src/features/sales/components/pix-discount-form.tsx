/**
 * The PIX discount field of the sales page's payment methods: a whole percentage (0: no
 * discount, at most 30) the service applies to orders paid by PIX and the storefront shows as
 * 'R$ x no PIX'. react-hook-form with the shared `pixDiscountFormSchema`. Success 'Desconto no PIX
 * salvo'; failure 'Erro ao salvar' with the service's message.
 */
import { pixDiscountFormSchema, type PixDiscountSetting } from '@prata/contracts';
import { Button, Input, Skeleton, toast } from '@prata/shared-ui';
import { Form, FormField, bodyField, serverIssues, setServerErrors, useZodForm } from '@prata/shared-ui/form';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePixDiscount, useSavePixDiscount } from '../api/pix-discount.ts';
import styles from './sales.module.css';

export function PixDiscountForm() {
  const stored = usePixDiscount();
  if (stored.isPending) return <Skeleton height={64} />;
  if (stored.isError) return <p className={styles.muted}>Não foi possível carregar o desconto no PIX.</p>;
  return <PixDiscountFields percent={stored.data.percent} />;
}

function PixDiscountFields({ percent }: { percent: number }) {
  const save = useSavePixDiscount();
  const form = useZodForm(pixDiscountFormSchema, { values: { percent: String(percent) } });

  const submit = async (update: PixDiscountSetting) => {
    try {
      await save.mutateAsync(update);
      toast.success('Desconto no PIX salvo');
    } catch (error) {
      setServerErrors(form, serverIssues(error), bodyField<{ percent: string }>(['percent']));
      toast.error('Erro ao salvar', { description: errorMessage(error, 'Tente novamente em alguns instantes.') });
    }
  };

  return (
    <Form form={form} onSubmit={submit} className={styles.threshold} aria-label="Desconto no PIX">
      <FormField control={form.control} name="percent" label="Desconto no PIX (%)" hint="0 para nenhum desconto.">
        {(control) => <Input {...control} type="number" inputMode="numeric" min={0} max={30} step={1} />}
      </FormField>
      <Button type="submit" size="sm" variant="outline" loading={save.isPending}>
        Salvar desconto
      </Button>
    </Form>
  );
}
