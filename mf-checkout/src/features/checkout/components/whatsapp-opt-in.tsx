/**
 * 'Receber atualizações do pedido pelo WhatsApp' at checkout: the shopper's opt-in to the order's
 * updates on WhatsApp at the phone typed above (sent as `whatsappOptIn` with the order; the
 * service refuses it with 400 on `customer.phone` unless the phone is a Brazilian number with DDD).
 * Unticked by default (consent is asked, never assumed); the e-mails go either way.
 */
import { Checkbox } from '@prata/shared-ui';

export interface WhatsAppOptInProps {
  id: string;
  checked: boolean;
  onChange(checked: boolean): void;
}

/** The opt-in checkbox, with what it means under its label. */
export function WhatsAppOptIn({ id, checked, onChange }: WhatsAppOptInProps) {
  return (
    <Checkbox
      id={id}
      name="whatsappOptIn"
      label="Receber atualizações do pedido pelo WhatsApp"
      hint="No telefone informado: pedido recebido, pagamento confirmado, envio com o código de rastreio e entrega. Os e-mails continuam."
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}
