/**
 * 'Recuperação de vendas' on the sales page, beside the PIX discount: the owner's recovery
 * settings (cart reminders on/off and their two delays in hours, how many days after an expired
 * PIX or boleto the shopper may still generate a new one, and how many days after delivery the
 * review request goes). react-hook-form with the shared `recoverySettingsFormSchema`, the same
 * rules the service applies; 'Recuperação salva', or the service's message on the fields.
 */
import { RotateCcw } from 'lucide-react';
import { recoverySettingsFormSchema, type RecoverySettings } from '@prata/contracts';
import { Button, Card, Input, Skeleton } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { Form, FormCheckbox, FormField, bodyField, useZodForm } from '@prata/shared-ui/form';
import { reportSaveFailure } from '../../../lib/save-failure.ts';
import { useRecoverySettings, useSaveRecoverySettings } from '../api/recovery-settings.ts';
import styles from './sales.module.css';

type FormValues = { cartRemindersEnabled: boolean; cartFirstReminderHours: string; cartSecondReminderHours: string; paymentRenewalWindowDays: string; reviewRequestDelayDays: string };
const FIELDS: (keyof FormValues)[] = ['cartRemindersEnabled', 'cartFirstReminderHours', 'cartSecondReminderHours', 'paymentRenewalWindowDays', 'reviewRequestDelayDays'];

export function RecoverySettingsForm() {
  const stored = useRecoverySettings();
  return (
    <Card title="Recuperação de vendas" description="Lembretes de carrinho por e-mail, novo PIX ou boleto para pedidos vencidos e o pedido de avaliação após a entrega." icon={<RotateCcw size={20} aria-hidden="true" />} testId="recovery-settings">
      {stored.isPending ? <Skeleton height={64} /> : stored.isError ? <p className={styles.muted}>Não foi possível carregar as configurações de recuperação.</p> : <Fields stored={stored.data} />}
    </Card>
  );
}

function Fields({ stored }: { stored: RecoverySettings }) {
  const save = useSaveRecoverySettings();
  const form = useZodForm(recoverySettingsFormSchema, {
    values: {
      cartRemindersEnabled: stored.cartRemindersEnabled,
      cartFirstReminderHours: String(stored.cartFirstReminderHours),
      cartSecondReminderHours: String(stored.cartSecondReminderHours),
      paymentRenewalWindowDays: String(stored.paymentRenewalWindowDays),
      reviewRequestDelayDays: String(stored.reviewRequestDelayDays),
    },
  });
  const submit = async (update: RecoverySettings) => {
    try {
      await save.mutateAsync(update);
      toast.success('Recuperação salva');
    } catch (error) {
      reportSaveFailure(form, error, bodyField<FormValues>(FIELDS));
    }
  };
  return (
    <Form form={form} onSubmit={submit} className={styles.threshold} aria-label="Recuperação de vendas">
      <FormCheckbox control={form.control} name="cartRemindersEnabled" id="recovery-cart-enabled" label="Enviar lembretes de carrinho" />
      <FormField control={form.control} name="cartFirstReminderHours" label="Primeiro lembrete após (horas)" hint="Desde a última mudança no carrinho.">
        {(control) => <Input {...control} type="number" inputMode="numeric" min={1} max={168} step={1} />}
      </FormField>
      <FormField control={form.control} name="cartSecondReminderHours" label="Segundo lembrete após (horas)" hint="Depois do primeiro; até 336 horas.">
        {(control) => <Input {...control} type="number" inputMode="numeric" min={2} max={336} step={1} />}
      </FormField>
      <FormField control={form.control} name="paymentRenewalWindowDays" label="Novo PIX ou boleto por (dias)" hint="Após o vencimento do pedido.">
        {(control) => <Input {...control} type="number" inputMode="numeric" min={1} max={30} step={1} />}
      </FormField>
      <FormField control={form.control} name="reviewRequestDelayDays" label="Pedido de avaliação após (dias)" hint="Contados da entrega.">
        {(control) => <Input {...control} type="number" inputMode="numeric" min={1} max={90} step={1} />}
      </FormField>
      <Button type="submit" size="sm" variant="outline" loading={save.isPending}>
        Salvar recuperação
      </Button>
    </Form>
  );
}
