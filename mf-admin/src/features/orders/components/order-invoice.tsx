/**
 * The order's invoice on the staff's order page: "Nota fiscal nº
 * <numero> série <serie>" with the DANFE (PDF) and XML links, or "Nota fiscal em emissão"; its
 * status in words, the access key, the provider, the failed attempts and the last error (a
 * refusal by SEFAZ, or the provider down through every retry), and 'Emitir de novo' for a failed
 * or rejected one. Nothing while the order has none. Only existing classes (the admin CSS budget).
 */
import { INVOICE_STATUS_LABELS, invoiceTitle } from '@prata/contracts';
import { Button, Card, InvoiceLinks, formatDateTime, toast } from '@prata/shared-ui';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAdminOrderInvoice } from '../api/get-admin-order-invoice.ts';
import { useRetryOrderInvoice } from '../api/retry-order-invoice.ts';
import styles from './orders.module.css';

const PROVIDER_NAMES: Record<string, string> = { sandbox: 'Sandbox (sem valor fiscal)', focusnfe: 'Focus NFe' };

export function OrderInvoice({ orderId }: { orderId: string }) {
  const { data: invoice } = useAdminOrderInvoice(orderId);
  const retry = useRetryOrderInvoice(orderId);
  if (!invoice) return null;
  const resend = () =>
    retry.mutate(undefined, {
      onSuccess: () => toast.success('Nota fiscal enviada de novo ao emissor'),
      onError: (error) => toast.error('Erro', { description: errorMessage(error, 'Não foi possível enviar a nota fiscal de novo.') }),
    });
  return (
    <Card title="Nota fiscal" testId="admin-order-invoice">
      <p data-testid="admin-invoice-title">{invoiceTitle(invoice)}</p>
      <InvoiceLinks invoice={invoice} className={styles.actions} />
      <dl className={styles.facts}>
        <div className={styles.row}>
          <dt>Situação</dt>
          <dd>{INVOICE_STATUS_LABELS[invoice.status]}</dd>
        </div>
        {invoice.accessKey ? (
          <div className={styles.row}>
            <dt>Chave de acesso</dt>
            <dd className={styles.code}>{invoice.accessKey}</dd>
          </div>
        ) : null}
        <div className={styles.row}>
          <dt>Emissor</dt>
          <dd>{PROVIDER_NAMES[invoice.provider] ?? invoice.provider}</dd>
        </div>
        {invoice.attempts > 0 ? (
          <div className={styles.row}>
            <dt>Tentativas com falha</dt>
            <dd>{invoice.attempts}</dd>
          </div>
        ) : null}
        {invoice.lastError ? (
          <div className={styles.row}>
            <dt>Último erro</dt>
            <dd>{invoice.lastError}</dd>
          </div>
        ) : null}
        <div className={styles.row}>
          <dt>Atualizada em</dt>
          <dd>{formatDateTime(invoice.updatedAt)}</dd>
        </div>
      </dl>
      {invoice.status === 'failed' || invoice.status === 'rejected' ? (
        <p className={styles.actions}>
          <Button variant="outline" onClick={resend} disabled={retry.isPending}>
            {retry.isPending ? 'Enviando...' : 'Emitir de novo'}
          </Button>
        </p>
      ) : null}
    </Card>
  );
}
