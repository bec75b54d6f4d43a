/**
 * The order's invoice on the shopper's order page: "Nota fiscal nº
 * <numero> série <serie>" with links to the DANFE (PDF) and the XML, or "Nota fiscal em emissão"
 * while it is being issued (also while the store's provider is down or staff are looking at a
 * refusal: the shopper has nothing to do). Nothing before payment, or when the store issues none.
 */
import { invoiceTitle } from '@prata/contracts';
import { Card, InvoiceLinks } from '@prata/shared-ui';
import { useOrderInvoice } from '../api/get-order-invoice.ts';
import styles from './orders.module.css';

export function OrderInvoice({ orderId }: { orderId: string }) {
  const { data: invoice } = useOrderInvoice(orderId);
  if (!invoice) return null;
  return (
    <Card title="Nota fiscal" className={styles.card} testId="order-invoice">
      <p data-testid="invoice-title">{invoiceTitle(invoice)}</p>
      <InvoiceLinks invoice={invoice} className={styles.actions} />
    </Card>
  );
}
