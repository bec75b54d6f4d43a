/**
 * An order's invoice links: the DANFE (PDF, in a new tab) and the
 * XML (downloaded), each when the invoice has it; nothing without either. The shopper's and the
 * staff's order pages show it under the invoice's title. `className` lays the links out.
 */
import { INVOICE_TEXTS } from '@prata/contracts';

export interface InvoiceLinksProps {
  invoice: { danfeUrl: string | null; xmlUrl: string | null };
  className?: string;
}

export function InvoiceLinks({ invoice, className }: InvoiceLinksProps) {
  if (!invoice.danfeUrl && !invoice.xmlUrl) return null;
  return (
    <p className={className}>
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
  );
}
