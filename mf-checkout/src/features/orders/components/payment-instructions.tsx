/**
 * How the order is paid (storefront.md 9): PIX copia e cola + QR code + the time left
 * while unpaid (30 minutes); boleto linha digitável + due date (3 business days) + the printable
 * boleto when the acquirer gives one; card brand, last 4 digits and instalments (exact amounts);
 * 'Parcelamento sem cartão' while unpaid: the 'Continuar pagamento no Mercado Pago' link (the
 * acquirer's checkout, `payment.credits.checkoutUrl`).
 * In test mode an unpaid PIX or boleto offers 'Simular pagamento'. An order the shopper's store
 * credit paid whole (method 'store-credit') is paid at once: no instructions, only
 * what the credit paid.
 */
import { CREDITS_CHECKOUT_DESCRIPTION, CREDITS_CHECKOUT_LABEL, CREDITS_CHECKOUT_LINK_TEXT, PIX_EXPIRY_MS, installmentSplitText, type Order } from '@prata/contracts';
import { Card, formatBRL, formatDateTime } from '@prata/shared-ui';
import { usePaymentConfig } from '../../../lib/payment-config.ts';
import { formatBoletoLine, formatIsoDate } from '../utils/order-texts.ts';
import { CopyField } from './copy-field.tsx';
import { PixCountdown } from './pix-countdown.tsx';
import { PixQrCode } from './pix-qr-code.tsx';
import { SimulatePaymentButton } from './simulate-payment-button.tsx';
import styles from './orders.module.css';

/**
 * The payment card of `order` (nothing for a PIX or boleto already paid). `simulation`: offer
 * 'Simular pagamento' in test mode (a signed-in shopper's own order; not the tracking page).
 */
export function PaymentInstructions({ order, simulation = true }: { order: Pick<Order, 'id' | 'status' | 'payment' | 'pricing'>; simulation?: boolean }) {
  const { payment } = order;
  const awaiting = order.status === 'pending';
  const config = usePaymentConfig();
  const simulate = simulation && awaiting && config.data?.simulation ? <SimulatePaymentButton orderId={order.id} /> : null;
  if (payment.method === 'pix' && payment.pix) {
    if (!awaiting) return null;
    return (
      <Card title="Pague com PIX" className={styles.card} testId="payment-pix">
        <p>
          Pague em até {PIX_EXPIRY_MS / 60_000} minutos: o código vale até <strong>{formatDateTime(payment.pix.expiresAt)}</strong>. Depois disso o pedido é
          cancelado.
        </p>
        <PixCountdown expiresAt={payment.pix.expiresAt} />
        <div className={styles.pix}>
          <PixQrCode payload={payment.pix.payload} />
          <CopyField label="PIX copia e cola" value={payment.pix.payload} buttonLabel="Copiar código PIX" copiedMessage="Código PIX copiado!" multiline testId="pix-payload" />
        </div>
        {simulate}
      </Card>
    );
  }
  if (payment.method === 'boleto' && payment.boleto) {
    if (!awaiting) return null;
    return (
      <Card title="Pague com boleto" className={styles.card} testId="payment-boleto">
        <p>
          Vencimento: <strong>{formatIsoDate(payment.boleto.dueDate)}</strong>. O pedido é confirmado após a compensação do pagamento.
        </p>
        <CopyField
          label="Linha digitável"
          value={payment.boleto.line}
          display={formatBoletoLine(payment.boleto.line)}
          buttonLabel="Copiar linha digitável"
          copiedMessage="Linha digitável copiada!"
          testId="boleto-line"
        />
        {payment.boleto.url ? (
          <a href={payment.boleto.url} target="_blank" rel="noreferrer">
            Abrir o boleto para imprimir
          </a>
        ) : null}
        {simulate}
      </Card>
    );
  }
  if (payment.method === 'mercadopago-credits' && payment.credits) {
    if (!awaiting) return null;
    return (
      <Card title={CREDITS_CHECKOUT_LABEL} className={styles.card} testId="payment-credits">
        <p>{CREDITS_CHECKOUT_DESCRIPTION} O pedido é confirmado assim que o Mercado Pago aprovar o pagamento.</p>
        <a href={payment.credits.checkoutUrl} data-testid="credits-checkout-link">
          {CREDITS_CHECKOUT_LINK_TEXT}
        </a>
      </Card>
    );
  }
  if (payment.method === 'credit-card' && payment.card) {
    const { brand, last4, installmentAmounts } = payment.card;
    return (
      <Card title="Pagamento com cartão" className={styles.card} testId="payment-card">
        <p>
          {brand} final {last4}
        </p>
        <p>{installmentSplitText(installmentAmounts, order.pricing.amountDueCents)}</p>
      </Card>
    );
  }
  if (payment.method === 'store-credit') {
    return (
      <Card title="Pagamento com crédito da loja" className={styles.card} testId="payment-store-credit">
        <p>Pago com {formatBRL(order.pricing.storeCreditCents)} do seu crédito na loja.</p>
      </Card>
    );
  }
  return null;
}
