/**
 * 'Presente' at checkout: 'Embalagem para presente (+ R$ 9,90)' when the store offers it, the gift
 * message (printed on the packing slip, never on the invoice; up to GIFT_MESSAGE_MAX characters
 * with a counter) and 'Incluir recibo de presente (sem preços)'; with engraved pieces, the
 * production days they add to the delivery. The service prices and checks everything again.
 */
import { GIFT_MESSAGE_MAX, productionDaysText, type GiftChoices, type GiftWrapSetting } from '@prata/contracts/gifts';
import { formatBRL } from '@prata/contracts/money';
import { Checkbox, Field, Textarea } from '@prata/shared-ui';
import styles from './checkout.module.css';

export interface GiftOptionsProps {
  wrap: GiftWrapSetting;
  choices: GiftChoices;
  onChange(choices: GiftChoices): void;
  /** Business days of production of the engraved pieces (0: none). */
  productionDays: number;
  /** The service's message for the gift message, if it refused it. */
  messageError?: string | undefined;
}

export function GiftOptions({ wrap, choices, onChange, productionDays, messageError }: GiftOptionsProps) {
  return (
    <fieldset className={styles.section} data-testid="gift-options">
      <legend>Presente</legend>
      {wrap.enabled ? (
        <Checkbox name="giftWrap" label={`Embalagem para presente (+ ${formatBRL(wrap.priceCents)})`} checked={choices.wrap} onChange={(event) => onChange({ ...choices, wrap: event.target.checked })} />
      ) : null}
      <Field label="Mensagem de presente" hint={`Impressa no romaneio que vai na caixa, não na nota fiscal. ${choices.message.length}/${GIFT_MESSAGE_MAX} caracteres`} error={messageError}>
        {(control) => <Textarea {...control} name="giftMessage" rows={3} maxLength={GIFT_MESSAGE_MAX} value={choices.message} onChange={(event) => onChange({ ...choices, message: event.target.value })} />}
      </Field>
      <Checkbox name="giftReceipt" label="Incluir recibo de presente (sem preços)" checked={choices.receipt} onChange={(event) => onChange({ ...choices, receipt: event.target.checked })} />
      {productionDays > 0 ? <p data-testid="gift-production-days">Gravação: {productionDaysText(productionDays)}, somados ao prazo de entrega.</p> : null}
    </fieldset>
  );
}
