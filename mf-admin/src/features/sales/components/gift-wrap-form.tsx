/**
 * 'Embalagem para presente' on the sales page, beside the PIX discount: whether the checkout offers
 * it and its price per order (typed in reais, sent in cents), which the service charges at each
 * order. react-hook-form with the shared `giftWrapFormSchema`. Success 'Embalagem para presente
 * salva'; failure 'Erro ao salvar' with the service's message.
 */
import { centsToDecimal } from '@prata/contracts';
import type { GiftWrapSetting } from '@prata/contracts/gifts';
import { giftWrapFormSchema } from '@prata/contracts/shipping';
import { Button, Input, Skeleton } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { Form, FormCheckbox, FormField, bodyField, useZodForm } from '@prata/shared-ui/form';
import { reportSaveFailure } from '../../../lib/save-failure.ts';
import { useGiftWrap, useSaveGiftWrap } from '../api/gift-wrap.ts';
import styles from './sales.module.css';

export function GiftWrapForm() {
  const stored = useGiftWrap();
  if (stored.isPending) return <Skeleton height={64} />;
  if (stored.isError) return <p className={styles.muted}>Não foi possível carregar a embalagem para presente.</p>;
  return <GiftWrapFields setting={stored.data} />;
}

function GiftWrapFields({ setting }: { setting: GiftWrapSetting }) {
  const save = useSaveGiftWrap();
  const form = useZodForm(giftWrapFormSchema, { values: { enabled: setting.enabled, priceCents: centsToDecimal(setting.priceCents).replace('.', ',') } });

  const submit = async (update: GiftWrapSetting) => {
    try {
      await save.mutateAsync(update);
      toast.success('Embalagem para presente salva');
    } catch (error) {
      reportSaveFailure(form, error, bodyField<{ enabled: boolean; priceCents: string }>(['enabled', 'priceCents']));
    }
  };

  return (
    <Form form={form} onSubmit={submit} className={styles.threshold} aria-label="Embalagem para presente">
      <FormCheckbox control={form.control} name="enabled" label="Oferecer embalagem para presente" />
      <FormField control={form.control} name="priceCents" label="Preço da embalagem (R$)">
        {(control) => <Input {...control} inputMode="decimal" />}
      </FormField>
      <Button type="submit" size="sm" variant="outline" loading={save.isPending}>
        Salvar embalagem
      </Button>
    </Form>
  );
}
