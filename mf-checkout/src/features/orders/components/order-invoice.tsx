/**
 * The order's invoice on the shopper's order page (issue 23 "Invoices (NF-e)"): "Nota fiscal nº
 * <numero> série <serie>" with links to the DANFE (PDF) and the XML, or "Nota fiscal em emissão"
 * while it is being issued (also while the store's provider is down or staff are looking at a
 * refusal: the shopper has nothing to do). Nothing before payment, or when the store issues none.
 */
import { INVOICE_TEXTS, invoiceTitle } from '@prata/contracts';
import { Card } from '@prata/shared-ui';
import { useOrderInvoice } from '../api/get-order-invoice.ts';
import styles from './orders.module.css';

export function OrderInvoice({ orderId }: { orderId: string }) {
  const { data: invoice } = useOrderInvoice(orderId);
  if (!invoice) return null;
  const links = invoice.danfeUrl || invoice.xmlUrl;
  return (
    <Card title="Nota fiscal" className={styles.card} testId="order-invoice">
      <p data-testid="invoice-title">{invoiceTitle(invoice)}</p>
      {links ? (
        <p className={styles.actions}>
          {invoice.danfeUrl ? (
            <a href={invoice.danfeUrl} target="_blank" rel="noopener noreferrer">
              {INVOICE_TEXTS.danfe}
            </a>
          ) : null}
          {invoice.xmlUrl ? (
            <a href={invoice.xmlUrl} download>
              {INVOICE_TEXTS.xml}
            </a>
          ) : null}
        </p>
      ) : null}
    </Card>
  );
}
