/**
 * The admin orders tab (`/admin/orders`; split from orders.ts): the list query and
 * page, an order as the staff see it (the buyer's view plus customer, acquirer data, alerts and
 * who did what), and the bodies of the staff's actions (ship, mark paid, cancel, resolve a late
 * payment). Amounts are BRL cents; validation messages are pt-BR, as shown to the staff.
 */
import { z } from 'zod';
import { orderSchema, orderStatusSchema, orderTimelineEntrySchema, paymentMethodSchema } from './orders.ts';

/** Alerts the staff must act on. */
export const PAYMENT_ALERTS = ['paid_after_expiry', 'amount_mismatch', 'refunded_by_provider'] as const;
export type PaymentAlert = (typeof PAYMENT_ALERTS)[number];

export const ADMIN_ORDERS_PAGE_SIZE = 20;
const isoDay = z.iso.date({ error: 'Data inválida' });

/** `GET /api/admin/orders` query: filters, search (code, customer name or e-mail) and page. */
export const adminOrderListQuerySchema = z.object({
  status: orderStatusSchema.optional(),
  method: paymentMethodSchema.optional(),
  /** First and last day of the period (yyyy-MM-dd, São Paulo time), inclusive. */
  from: isoDay.optional(),
  to: isoDay.optional(),
  search: z.string().trim().max(100, 'Busca muito longa').optional(),
  /** Only orders with a payment alert to resolve. */
  alert: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1, 'Página inválida').max(10_000, 'Página inválida').default(1),
  pageSize: z.coerce.number().int().min(1, 'Página inválida').max(100, 'Página inválida').default(ADMIN_ORDERS_PAGE_SIZE),
});
export type AdminOrderListQuery = z.input<typeof adminOrderListQuerySchema>;

export const adminOrderSummarySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  status: orderStatusSchema,
  paymentMethod: paymentMethodSchema,
  totalCents: z.number().int(),
  customerName: z.string(),
  customerEmail: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  paymentAlert: z.enum(PAYMENT_ALERTS).nullable(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

export const adminOrderPageSchema = z.object({
  items: z.array(adminOrderSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

/** An order as the staff see it: the buyer's view plus customer, provider data, alerts and who did what. */
export const adminOrderSchema = orderSchema.extend({
  customer: z.object({ userId: z.uuid(), name: z.string(), email: z.string(), phone: z.string() }),
  provider: z.object({ name: z.string().nullable(), reference: z.string().nullable(), status: z.string().nullable() }),
  paymentAlert: z
    .object({ kind: z.enum(PAYMENT_ALERTS), at: z.iso.datetime({ offset: true }), resolution: z.enum(['refunded', 'reinstated']).nullable() })
    .nullable(),
  timeline: z.array(orderTimelineEntrySchema.extend({ from: orderStatusSchema.nullable(), actor: z.string() })),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

const trimmed = (max: number, required: string, tooLong: string) => z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** `POST /api/admin/orders/:id/ship`. */
export const shipOrderSchema = z.object({
  carrier: trimmed(60, 'Transportadora é obrigatória', 'Transportadora muito longa'),
  trackingCode: trimmed(60, 'Código de rastreio é obrigatório', 'Código de rastreio muito longo').regex(/^[A-Za-z0-9-]+$/, 'Código de rastreio inválido'),
});
export type ShipOrderInput = z.infer<typeof shipOrderSchema>;

/** `POST /api/admin/orders/:id/mark-paid` (manual reconciliation, e.g. PIX to the static key). */
export const markOrderPaidSchema = z.object({
  /** Where the money was seen (bank statement line, PIX end-to-end id). */
  note: trimmed(200, 'Informe onde o pagamento foi conferido', 'Observação muito longa'),
});
export type MarkOrderPaidInput = z.infer<typeof markOrderPaidSchema>;

/** `POST /api/admin/orders/:id/cancel`: a paid order is refunded through the acquirer. */
export const cancelOrderSchema = z.object({ note: z.string().trim().max(200, 'Observação muito longa').optional() });
export type CancelOrderInput = z.infer<typeof cancelOrderSchema>;

/** `POST /api/admin/orders/:id/late-payment`: refund a payment that came after expiry, or reinstate the order. */
export const resolveLatePaymentSchema = z.object({ action: z.enum(['refund', 'reinstate'], { error: 'Ação inválida' }) });
export type ResolveLatePaymentInput = z.infer<typeof resolveLatePaymentSchema>;

/** The order updates sent on WhatsApp (the order e-mails' moments a shopper opts in to; `recovery`: the PIX or boleto about to expire). */
export const ORDER_MESSAGE_KINDS = ['received', 'paid', 'shipped', 'delivered', 'recovery'] as const;
export type OrderMessageKind = (typeof ORDER_MESSAGE_KINDS)[number];
export const ORDER_MESSAGE_KIND_LABELS: Readonly<Record<OrderMessageKind, string>> = {
  received: 'Pedido recebido',
  paid: 'Pagamento confirmado',
  shipped: 'Pedido enviado',
  delivered: 'Pedido entregue',
  recovery: 'Lembrete de pagamento',
};

/**
 * Where a WhatsApp message stands: `queued` (waiting for the job), `sent` (accepted by the
 * WhatsApp Cloud API), `delivered` and `read` (its webhook said so), `failed` (refused, out of
 * attempts or reported failed; the e-mail went anyway), `skipped` (no longer due when its turn
 * came, e.g. 'received' for an order already cancelled).
 */
export const ORDER_MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed', 'skipped'] as const;
export type OrderMessageStatus = (typeof ORDER_MESSAGE_STATUSES)[number];
export const ORDER_MESSAGE_STATUS_LABELS: Readonly<Record<OrderMessageStatus, string>> = {
  queued: 'Na fila',
  sent: 'Enviada',
  delivered: 'Entregue',
  read: 'Lida',
  failed: 'Falhou',
  skipped: 'Não enviada',
};

const instant = z.iso.datetime({ offset: true });

/** One WhatsApp message of an order, as the staff see it. */
export const adminOrderMessageSchema = z.object({
  id: z.uuid(),
  channel: z.literal('whatsapp'),
  kind: z.enum(ORDER_MESSAGE_KINDS),
  /** The approved template's name. */
  template: z.string(),
  status: z.enum(ORDER_MESSAGE_STATUSES),
  attempts: z.number().int(),
  /** The last refusal or failure, as the API or its webhook gave it. */
  error: z.string().nullable(),
  createdAt: instant,
  sentAt: instant.nullable(),
  deliveredAt: instant.nullable(),
  readAt: instant.nullable(),
  failedAt: instant.nullable(),
});
export type AdminOrderMessage = z.infer<typeof adminOrderMessageSchema>;

/** `GET /api/admin/orders/:id/messages`: whether WhatsApp is configured, whether the shopper opted in, and the messages, oldest first. */
export const adminOrderMessagesSchema = z.object({
  enabled: z.boolean(),
  optIn: z.boolean(),
  messages: z.array(adminOrderMessageSchema),
});
export type AdminOrderMessages = z.infer<typeof adminOrderMessagesSchema>;
