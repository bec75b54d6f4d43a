/**
 * Checkout and orders (storefront.md 3, 5, 9; issue 5). The same schemas validate the checkout
 * form in the browser and the order on the service.
 */
import { formatCpf as maskCpf, isValidCpf } from '@brazilian-utils/brazilian-utils';
import cardValidator from 'card-validator';
import { z } from 'zod';

/** States offered at checkout (storefront.md 9). */
/** A CPF as typed, masked 000.000.000-00 (brazilian-utils' `formatCpf`: other characters dropped, partial input kept partial). */
export function formatCpf(value: string): string {
  return maskCpf(value);
}

export const CHECKOUT_STATES = ['SP', 'RJ', 'MG', 'RS', 'PR', 'SC'] as const;
/** Southeast states: delivery 3-7 business days; elsewhere 5-15 (storefront.md 9). */
export const SOUTHEAST_STATES = ['SP', 'RJ', 'MG', 'ES'] as const;
export const PAYMENT_METHODS = ['credit-card', 'pix', 'boleto'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: 'Forma de pagamento inválida' });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const MAX_INSTALLMENTS = 12;
/** PIX payable within 30 minutes; boleto due in 3 business days (storefront.md 9). */
export const PIX_EXPIRY_MS = 30 * 60_000;
export const BOLETO_BUSINESS_DAYS = 3;
/** The simulated acquirer wait of the spec, in ms ('Processando...' 2 s). */
export const PAYMENT_PROCESSING_MS = 2000;

export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'cancelled'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Delivery estimate in business days for a state (storefront.md 9). */
export function deliveryEstimate(state: string): { minDays: number; maxDays: number } {
  return (SOUTHEAST_STATES as readonly string[]).includes(state) ? { minDays: 3, maxDays: 7 } : { minDays: 5, maxDays: 15 };
}

/**
 * The instalment plan of a total in BRL cents (storefront.md 9: up to 12x "sem juros"): `count`
 * amounts that add up exactly to the total; the first `total % count` instalments carry one
 * cent more (R$ 409,70 in 3x: 136,57 + 136,57 + 136,56). @throws RangeError for a count
 * outside 1..12 or a negative/non-integer total.
 */
export function installmentPlan(totalCents: number, count: number): number[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_INSTALLMENTS) throw new RangeError('installments must be 1..12');
  if (!Number.isInteger(totalCents) || totalCents < 0) throw new RangeError('total must be whole cents');
  const base = Math.floor(totalCents / count);
  const remainder = totalCents - base * count;
  return Array.from({ length: count }, (_, index) => (index < remainder ? base + 1 : base));
}

/** A BRL cents amount as the decimal string acquirers and BR Codes use ('409.70'), by integer arithmetic. */
export function centsToDecimal(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError('amount must be whole, non-negative cents');
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The inverse of {@link centsToDecimal} for an acquirer's decimal amount (409.7 -> 40970). */
export function decimalToCents(amount: number | string): number {
  const [whole = '0', fraction = ''] = (typeof amount === 'number' ? amount.toFixed(2) : amount).split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

const text = (min: number, max: number, required: string, tooLong: string) =>
  z.string().trim().min(min, required).max(max, tooLong);

/** Shipping and contact fields of the checkout form (storefront.md 5). */
export const checkoutCustomerSchema = z.object({
  fullName: text(1, 100, 'Nome completo é obrigatório', 'Nome muito longo'),
  email: z.string().trim().max(255, 'Email muito longo').pipe(z.email({ error: 'Email inválido' })),
  phone: z.string().trim().min(10, 'Telefone inválido').max(20, 'Telefone muito longo'),
  zipCode: z.string().trim().min(8, 'CEP inválido').max(10, 'CEP muito longo'),
  street: text(1, 200, 'Endereço é obrigatório', 'Endereço muito longo'),
  number: text(1, 10, 'Número é obrigatório', 'Número muito longo'),
  complement: z.string().trim().max(100, 'Complemento muito longo').optional(),
  neighborhood: text(1, 100, 'Bairro é obrigatório', 'Bairro muito longo'),
  city: text(1, 100, 'Cidade é obrigatória', 'Cidade muito longa'),
  state: z.string().trim().min(2, 'Estado inválido').max(50, 'Estado inválido').refine((v) => (CHECKOUT_STATES as readonly string[]).includes(v), 'Estado inválido'),
});
export type CheckoutCustomer = z.infer<typeof checkoutCustomerSchema>;

/**
 * Card brands the store accepts, as the acquirer's `payment_method_id` (Mercado Pago's ids for
 * Brazil), keyed by card-validator's brand type. The CVV length comes from the brand (Amex 4).
 */
export const CARD_BRANDS = ['visa', 'master', 'amex', 'elo', 'hipercard'] as const;
export const cardBrandSchema = z.enum(CARD_BRANDS, { error: 'Bandeira do cartão não aceita' });
export type CardBrand = z.infer<typeof cardBrandSchema>;
const BRAND_BY_VALIDATOR_TYPE: Readonly<Record<string, CardBrand>> = {
  visa: 'visa',
  mastercard: 'master',
  'american-express': 'amex',
  elo: 'elo',
  hipercard: 'hipercard',
};
/** Display names of the brands (the card line of an order: 'Visa final 1111'). */
export const CARD_BRAND_NAMES: Readonly<Record<CardBrand, string>> = {
  visa: 'Visa',
  master: 'Mastercard',
  amex: 'American Express',
  elo: 'Elo',
  hipercard: 'Hipercard',
};

/** The accepted brand of a card number and its CVV length, or null for an unknown/unaccepted brand. */
export function cardBrandOf(cardNumber: string): { brand: CardBrand; cvvLength: number } | null {
  const card = cardValidator.number(cardNumber.replace(/\D/g, '')).card;
  const brand = card ? BRAND_BY_VALIDATOR_TYPE[card.type] : undefined;
  return card && brand ? { brand, cvvLength: card.code.size } : null;
}

const cvvFits = (cardNumber: string, cvv: string) => {
  const brand = cardBrandOf(cardNumber);
  return brand ? cvv.length === brand.cvvLength : /^\d{3}$/.test(cvv);
};

/**
 * The card as typed in the checkout form (storefront.md 5 limits; issue 5 checks: Luhn, an
 * accepted brand, a future expiry; issue 13: the CVV has the brand's length, 4 for Amex).
 * These fields are sent only to the acquirer's tokenisation endpoint, never to the store's
 * order route.
 */
/** The cardholder's name as printed on the card (the one card detail the store's page handles). */
export const cardholderNameSchema = z.string().trim().min(1, 'Nome no cartão é obrigatório').max(100, 'Nome no cartão muito longo');

export const cardDetailsSchema = z
  .object({
    cardNumber: z
      .string()
      .transform((v) => v.replace(/\D/g, ''))
      .pipe(z.string().max(19, 'Número do cartão inválido').refine((v) => cardValidator.number(v).isValid && cardBrandOf(v) !== null, 'Número do cartão inválido')),
    cardName: cardholderNameSchema,
    cardExpiry: z
      .string()
      .trim()
      .max(5, 'Validade inválida')
      .refine((v) => /^\d{2}\/\d{2}$/.test(v) && cardValidator.expirationDate(v).isValid, 'Validade inválida'),
    cardCvv: z.string().trim().max(4, 'CVV inválido').regex(/^\d{3,4}$/, 'CVV inválido'),
  })
  .refine((card) => cvvFits(card.cardNumber, card.cardCvv), { path: ['cardCvv'], message: 'CVV inválido' });
export type CardDetails = z.input<typeof cardDetailsSchema>;

/**
 * Card tokenisation request, in the acquirer's documented shape (Mercado Pago
 * `POST /v1/card_tokens?public_key=`): the browser sends it to the acquirer (or, in test mode, to
 * the sandbox acquirer of the service), never with the order.
 */
export const cardTokenRequestSchema = z
  .object({
    card_number: z.string().regex(/^\d{12,19}$/, 'Número do cartão inválido').refine((v) => cardValidator.number(v).isValid && cardBrandOf(v) !== null, 'Número do cartão inválido'),
    expiration_month: z.number().int().min(1, 'Validade inválida').max(12, 'Validade inválida'),
    expiration_year: z.number().int().min(2000, 'Validade inválida').max(2100, 'Validade inválida'),
    security_code: z.string().regex(/^\d{3,4}$/, 'CVV inválido'),
    cardholder: z.object({ name: z.string().trim().min(1, 'Nome no cartão é obrigatório').max(100, 'Nome no cartão muito longo') }),
  })
  .refine((t) => cardValidator.expirationDate({ month: String(t.expiration_month), year: String(t.expiration_year) }).isValid, { path: ['expiration_month'], message: 'Validade inválida' })
  .refine((t) => cvvFits(t.card_number, t.security_code), { path: ['security_code'], message: 'CVV inválido' });
export type CardTokenRequest = z.infer<typeof cardTokenRequestSchema>;

/** The card token the acquirer answers (Mercado Pago's fields; others ignored). */
export const cardTokenSchema = z
  .object({ id: z.string().min(1), first_six_digits: z.string(), last_four_digits: z.string(), expiration_month: z.number(), expiration_year: z.number() })
  .loose();
export type CardToken = z.infer<typeof cardTokenSchema>;

/** The tokenisation request for card details typed in the form ('12/30' -> month 12, year 2030). */
export function toCardTokenRequest(card: { cardNumber: string; cardName: string; cardExpiry: string; cardCvv: string }): CardTokenRequest {
  const [month = '0', year = '0'] = card.cardExpiry.split('/');
  return {
    card_number: card.cardNumber.replace(/\D/g, ''),
    expiration_month: Number(month),
    expiration_year: 2000 + Number(year),
    security_code: card.cardCvv.trim(),
    cardholder: { name: card.cardName.trim() },
  };
}

/**
 * Mercado Pago's documented browser origins (issue 21), the defaults of the settings that name
 * them: `MERCADOPAGO_SDK_URL` (MercadoPago.js v2, CSP `script-src`), `MERCADOPAGO_API_URL`
 * (tokenisation and payment-method look-ups, `connect-src`) and `MERCADOPAGO_FIELDS_ORIGIN`
 * (the secure card fields' frames, `frame-src`). The API and every shell host derive their
 * values from the same variables.
 */
export const MERCADOPAGO_DEFAULTS = {
  sdkUrl: 'https://sdk.mercadopago.com/js/v2',
  apiUrl: 'https://api.mercadopago.com',
  fieldsOrigin: 'https://api-static.mercadopago.com',
} as const;

/** How the browser pays: `GET /api/payments/config` (issue 10 item 6). */
export const paymentConfigSchema = z.object({
  provider: z.enum(['sandbox', 'mercadopago']),
  /** True when no real money moves (the sandbox, or the acquirer's test credentials): the store shows 'Modo de teste'. */
  testMode: z.boolean(),
  /** The acquirer's public key for its browser tokenisation (null for the sandbox). */
  publicKey: z.string().nullable(),
  /**
   * The acquirer's browser SDK (MercadoPago.js v2): the checkout loads it and mounts its secure
   * card fields, so the card number and CVV stay inside the acquirer's frames (PCI SAQ A).
   * Null for the sandbox, whose test form posts to `cardTokenUrl`.
   */
  sdkUrl: z.url().nullable(),
  /** Where the browser POSTs the card for a token (`cardTokenRequestSchema` body; the sandbox). */
  cardTokenUrl: z.url(),
  /** True when a pending order can be paid from its page ('Simular pagamento'; sandbox only). */
  simulation: z.boolean(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** A CPF (11 digits with valid check digits), the payer's document a registered boleto needs. */
export const cpfSchema = z
  .string()
  .trim()
  .max(14, 'CPF inválido')
  .transform((v) => v.replace(/\D/g, ''))
  .pipe(z.string().refine((v) => isValidCpf(v), 'CPF inválido'));

/** Card payment of an order: the acquirer's single-use token, never the card number or CVV. */
export const cardPaymentSchema = z.object({
  method: z.literal('credit-card'),
  cardToken: z.string({ error: 'Cartão não autorizado. Digite os dados do cartão novamente.' }).trim().min(1, 'Cartão não autorizado. Digite os dados do cartão novamente.').max(200, 'Cartão não autorizado. Digite os dados do cartão novamente.'),
  cardBrand: cardBrandSchema,
  installments: z.coerce.number().int().min(1, 'Parcelamento inválido').max(MAX_INSTALLMENTS, 'Parcelamento inválido'),
});

export const paymentInputSchema = z.discriminatedUnion('method', [
  cardPaymentSchema,
  z.object({ method: z.literal('pix') }),
  z.object({ method: z.literal('boleto'), payerCpf: cpfSchema }),
]);
export type PaymentInput = z.input<typeof paymentInputSchema>;

export const orderItemInputSchema = z.object({
  productId: z.uuid({ error: 'Produto inválido' }),
  quantity: z.number().int().min(1, 'Quantidade inválida').max(99, 'Quantidade inválida'),
});

/**
 * `POST /api/orders` body. Prices are never sent: the service reads them from the database.
 * An `Idempotency-Key` header (uuid) makes retries safe.
 */
export const createOrderSchema = z.object({
  items: z.array(orderItemInputSchema).min(1, 'Carrinho vazio').max(50, 'Carrinho muito grande'),
  customer: checkoutCustomerSchema,
  payment: paymentInputSchema,
});
export type CreateOrderInput = z.input<typeof createOrderSchema>;

export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z.uuid({ error: 'Chave de idempotência inválida' }),
});

/** Orders per page of the shopper's history (`GET /api/orders?limit=`). */
export const ORDER_HISTORY_PAGE_SIZE = 20;
/** Orders `GET /api/orders` returns when no `limit` is given (what clients before paging read). */
export const ORDER_HISTORY_MAX_PAGE = 100;

/**
 * Position in the shopper's history, newest first: `<createdAt ISO>_<order id>` of the last order
 * of the page read; the next page holds the orders after it (keyset paging).
 */
export function orderHistoryCursor(order: { createdAt: string; id: string }): string {
  return `${order.createdAt}_${order.id}`;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * Query of `GET /api/orders`: `after` (a cursor of {@link orderHistoryCursor}; pt-BR 'Cursor
 * inválido' otherwise) and `limit` (1-100, default {@link ORDER_HISTORY_MAX_PAGE}).
 * Parses the cursor into `{ createdAt: Date, id }`.
 */
export const orderHistoryQuerySchema = z.object({
  after: z
    .string()
    .regex(CURSOR, 'Cursor inválido')
    .transform((cursor) => {
      const [, createdAt, id] = CURSOR.exec(cursor)!;
      return { createdAt: new Date(createdAt!), id: id!.toLowerCase() };
    })
    .refine((cursor) => !Number.isNaN(cursor.createdAt.getTime()), 'Cursor inválido')
    .optional(),
  limit: z.coerce.number({ error: 'Limite inválido' }).int('Limite inválido').min(1, 'Limite inválido').max(ORDER_HISTORY_MAX_PAGE, 'Limite inválido').default(ORDER_HISTORY_MAX_PAGE),
});

/** At most this many unpaid orders per account (issue 10 item 10: no hoarding of stock). */
export const MAX_PENDING_ORDERS = 3;

/** Order statuses in Portuguese (issue 13), for shoppers and staff alike. */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending: 'Aguardando pagamento',
  paid: 'Pago',
  shipped: 'Enviado',
  delivered: 'Entregue',
  cancelled: 'Cancelado',
};

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  'credit-card': 'Cartão de crédito',
  pix: 'PIX',
  boleto: 'Boleto bancário',
};

/** Why an order was cancelled. */
export const CANCEL_REASONS = ['payment_expired', 'payment_declined', 'payment_failed', 'cancelled_by_customer', 'cancelled_by_admin'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
export const CANCEL_REASON_LABELS: Readonly<Record<CancelReason, string>> = {
  payment_expired: 'Prazo de pagamento expirado',
  payment_declined: 'Pagamento recusado',
  payment_failed: 'Falha ao processar o pagamento',
  cancelled_by_customer: 'Cancelado pelo cliente',
  cancelled_by_admin: 'Cancelado pela loja',
};

/**
 * A short human order code, `P925-` + 5 characters of an alphabet without look-alikes (no 0/O,
 * 1/I/L, U): e.g. `P925-7KX2Q`.
 */
export const ORDER_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ORDER_CODE_PATTERN = /^P925-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}$/;

export const orderItemSchema = z.object({
  productId: z.uuid().nullable(),
  productName: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  totalPriceCents: z.number().int(),
});

/** One step of an order's history: the status it reached and when. */
export const orderTimelineEntrySchema = z.object({
  status: orderStatusSchema,
  at: z.iso.datetime({ offset: true }),
  note: z.string().nullable(),
});

/** An order as its buyer sees it (`GET /api/orders/:id`). */
export const orderSchema = z.object({
  id: z.uuid(),
  /** Human order code, e.g. `P925-7KX2Q`. */
  number: z.string(),
  status: orderStatusSchema,
  totalCents: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  items: z.array(orderItemSchema),
  shipping: checkoutCustomerSchema.omit({ email: true, phone: true, fullName: true }).extend({ recipient: z.string() }),
  delivery: z.object({ minDays: z.number().int(), maxDays: z.number().int() }),
  payment: z.object({
    method: paymentMethodSchema,
    card: z
      .object({ brand: z.string(), last4: z.string(), installments: z.number().int(), installmentAmounts: z.array(z.number().int()) })
      .nullable(),
    pix: z.object({ payload: z.string(), expiresAt: z.iso.datetime({ offset: true }) }).nullable(),
    boleto: z.object({ line: z.string(), dueDate: z.iso.date(), url: z.string().nullable() }).nullable(),
    paidAt: z.iso.datetime({ offset: true }).nullable(),
  }),
  shipment: z
    .object({ carrier: z.string(), trackingCode: z.string(), shippedAt: z.iso.datetime({ offset: true }), deliveredAt: z.iso.datetime({ offset: true }).nullable() })
    .nullable(),
  cancellation: z
    .object({ reason: z.enum(CANCEL_REASONS), at: z.iso.datetime({ offset: true }), refundedCents: z.number().int().nullable() })
    .nullable(),
  timeline: z.array(orderTimelineEntrySchema),
});
export type Order = z.infer<typeof orderSchema>;

/** `POST /api/orders/:id/simulate-payment` answer. */
export const simulatedPaymentSchema = z.object({ status: orderStatusSchema });

// ---------------------------------------------------------------------------------------------
// The admin orders tab (issue 13: `/admin/orders`).

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
