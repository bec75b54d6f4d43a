/**
 * How the order is paid (storefront.md 9): PIX copia e cola + QR code, payable within 30
 * minutes (expiry shown in pt-BR); boleto linha digitável + due date (3 business days); card
 * brand, last 4 digits and instalments.
 */
import { PIX_EXPIRY_MS, type Order } from '@prata/contracts';
import { Card, formatBRL, formatDateTime } from '@prata/shared-ui';
import { formatBoletoLine, formatIsoDate } from '../utils/order-texts.ts';
import { CopyField } from './copy-field.tsx';
import { PixQrCode } from './pix-qr-code.tsx';
import styles from './orders.module.css';

export function PaymentInstructions({ order }: { order: Order }) {
  const { payment } = order;
  const awaiting = order.status === 'pending';
  if (payment.method === 'pix' && payment.pix) {
    return (
      <Card title="Pague com PIX" className={styles.card} testId="payment-pix">
        {awaiting ? (
          <p>
            Pague em até {PIX_EXPIRY_MS / 60_000} minutos: o código vale até <strong>{formatDateTime(payment.pix.expiresAt)}</strong>. Depois disso o pedido é
            cancelado.
          </p>
        ) : null}
        <div className={styles.pix}>
          <PixQrCode payload={payment.pix.payload} />
          <CopyField label="PIX copia e cola" value={payment.pix.payload} buttonLabel="Copiar código PIX" copiedMessage="Código PIX copiado!" multiline testId="pix-payload" />
        </div>
      </Card>
    );
  }
  if (payment.method === 'boleto' && payment.boleto) {
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
      </Card>
    );
  }
  if (payment.method === 'credit-card' && payment.card) {
    const { brand, last4, installments, installmentCents } = payment.card;
    return (
      <Card title="Pagamento com cartão" className={styles.card} testId="payment-card">
        <p>
          {brand} final {last4}
        </p>
        <p>
          {installments === 1 ? `1x de ${formatBRL(installmentCents)} (à vista)` : `${installments}x de ${formatBRL(installmentCents)} sem juros`}
        </p>
      </Card>
    );
  }
  return null;
}
