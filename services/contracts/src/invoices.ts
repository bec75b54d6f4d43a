/**
 * Invoices (NF-e) of paid orders: what the buyer's order page and the
 * admin's order detail show of an order's invoice. Served by `GET /api/orders/:id/invoice` (the
 * buyer) and `GET /api/admin/orders/:id/invoice` (staff), apart from the order DTOs.
 *
 * Statuses: `requested` (waiting for the provider: it is down or the request is queued),
 * `processing` (the provider accepted it; SEFAZ has not answered), `authorized`, `rejected` (SEFAZ
 * or the provider refused it: staff must look), `failed` (the provider stayed down through every
 * retry), `cancelled` (after a refund).
 * `danfeUrl` / `xmlUrl` are short-lived signed links to the service's own download routes (the
 * buyer's or staff's only), null until the invoice is authorised.
 */
import { z } from 'zod';

export const INVOICE_STATUSES = ['requested', 'processing', 'authorized', 'rejected', 'failed', 'cancelled'] as const;
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** The invoice as the buyer sees it. Dates are ISO strings. */
export const orderInvoiceSchema = z.object({
  status: invoiceStatusSchema,
  /** NF-e number and series, once authorised. */
  number: z.string().nullable(),
  series: z.string().nullable(),
  /** The 44-digit access key (chave de acesso), once authorised. */
  accessKey: z.string().nullable(),
  danfeUrl: z.string().nullable(),
  xmlUrl: z.string().nullable(),
  authorizedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type OrderInvoice = z.infer<typeof orderInvoiceSchema>;

/** The invoice as staff see it: also the provider, the attempts and the last error. */
export const adminOrderInvoiceSchema = orderInvoiceSchema.extend({
  provider: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminOrderInvoice = z.infer<typeof adminOrderInvoiceSchema>;

/** The signed download link's query (`GET /api/invoices/:id/{danfe,xml}?expires=&signature=`). */
export const invoiceDownloadQuerySchema = z.object({
  expires: z.coerce.number({ error: 'Link inválido' }).int({ error: 'Link inválido' }),
  signature: z.string({ error: 'Link inválido' }).regex(/^[A-Za-z0-9_-]{43}$/, { error: 'Link inválido' }),
});

/** pt-BR texts of the invoice block. */
export const INVOICE_TEXTS = {
  pending: 'Nota fiscal em emissão',
  danfe: 'DANFE (PDF)',
  xml: 'XML',
  notFound: 'Nota fiscal não encontrada',
  badLink: 'Link inválido ou expirado. Abra o pedido de novo para baixar a nota fiscal.',
} as const;

/** "Nota fiscal nº 123 série 1" for an invoice with a number, else the pending text. */
export function invoiceTitle(invoice: Pick<OrderInvoice, 'number' | 'series' | 'status'>): string {
  if (!invoice.number) return INVOICE_TEXTS.pending;
  const title = `Nota fiscal nº ${invoice.number} série ${invoice.series ?? '1'}`;
  return invoice.status === 'cancelled' ? `${title} (cancelada)` : title;
}

/** Staff's words for each status (the admin order detail). */
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  requested: 'Aguardando o emissor',
  processing: 'Em autorização na SEFAZ',
  authorized: 'Autorizada',
  rejected: 'Rejeitada',
  failed: 'Falhou após as tentativas',
  cancelled: 'Cancelada',
};
