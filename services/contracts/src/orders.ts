/**
 * Checkout and orders (storefront.md 3, 5, 9). The same schemas validate the checkout
 * form in the browser and the order on the service. Paying by card: payments.ts (re-exported
 * here, so `@prata/contracts/orders` keeps its surface); the admin orders tab: admin-orders.ts.
 */
import { consentChoiceSchema } from './consent.ts';
import { formatCpf as maskCpf, isValidCpf } from '@brazilian-utils/brazilian-utils';
import { z } from 'zod';
import { MAX_INSTALLMENTS } from './installments.ts';
import { orderPricingSchema } from './order-pricing.ts';
import { engravingTextSchema, giftChoicesSchema, orderGiftSchema, orderItemEngravingSchema } from './gifts.ts';
import { CREDITS_CHECKOUT_LABEL, cardBrandSchema, creditsCheckoutSchema } from './payments.ts';
import { paymentRenewalWindowSchema } from './payment-recovery.ts';

export {
  DEFAULT_INSTALLMENT_RULES,
  MAX_INSTALLMENTS,
  advertisedInstallmentOption,
  installmentOption,
  installmentOptionText,
  installmentOptions,
  installmentPlan,
  installmentSplitText,
  type InstallmentOption,
  type InstallmentRules,
} from './installments.ts';

export * from './payments.ts';

/** A CPF as typed, masked 000.000.000-00 (brazilian-utils' `formatCpf`: other characters dropped, partial input kept partial). */
export function formatCpf(value: string): string {
  return maskCpf(value);
}

/** Southeast states: delivery 3-7 business days; elsewhere 5-15 (storefront.md 9). */
export const SOUTHEAST_STATES = ['SP', 'RJ', 'MG', 'ES'] as const;
/**
 * How an order is paid. 'store-credit': the shopper's store credit covers the whole total, so no acquirer is asked; orders paid partly with credit keep the method
 * of the rest (`pricing.storeCreditCents`).
 */
export const PAYMENT_METHODS = ['credit-card', 'pix', 'boleto', 'store-credit', 'mercadopago-credits'] as const;
/** The methods a shopper picks at checkout (store credit is applied by `useStoreCredit`; 'mercadopago-credits' only where the acquirer offers it: payments.ts). */
export const CHECKOUT_PAYMENT_METHODS = ['credit-card', 'pix', 'boleto', 'mercadopago-credits'] as const satisfies readonly (typeof PAYMENT_METHODS)[number][];
export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: 'Forma de pagamento inválida' });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const PIX_EXPIRY_MS = 30 * 60_000; // PIX payable within 30 minutes; boleto due in 3 business days (storefront.md 9)
export const BOLETO_BUSINESS_DAYS = 3;

export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'cancelled'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Delivery estimate in business days for a state (storefront.md 9). */
export function deliveryEstimate(state: string): { minDays: number; maxDays: number } {
  return (SOUTHEAST_STATES as readonly string[]).includes(state) ? { minDays: 3, maxDays: 7 } : { minDays: 5, maxDays: 15 };
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

const text = (min: number, max: number, required: string, tooLong: string) => z.string().trim().min(min, required).max(max, tooLong);

/** A CPF (11 digits with valid check digits): the buyer's, which the NF-e names, and the payer's a registered boleto needs. */
export const cpfSchema = z
  .string()
  .trim()
  .max(14, 'CPF inválido')
  .transform((v) => v.replace(/\D/g, ''))
  .pipe(z.string().refine((v) => isValidCpf(v), 'CPF inválido'));

/** Shipping and contact fields of the checkout form (storefront.md 5); the buyer's CPF for the invoice. */
export const checkoutCustomerSchema = z.object({
  fullName: text(1, 100, 'Nome completo é obrigatório', 'Nome muito longo'),
  email: z.string().trim().max(255, 'Email muito longo').pipe(z.email({ error: 'Email inválido' })),
  phone: z.string().trim().min(10, 'Telefone inválido').max(20, 'Telefone muito longo'),
  cpf: cpfSchema,
  zipCode: z.string().trim().min(8, 'CEP inválido').max(10, 'CEP muito longo'),
  street: text(1, 200, 'Endereço é obrigatório', 'Endereço muito longo'),
  number: text(1, 10, 'Número é obrigatório', 'Número muito longo'),
  complement: z.string().trim().max(100, 'Complemento muito longo').optional(),
  neighborhood: text(1, 100, 'Bairro é obrigatório', 'Bairro muito longo'),
  city: text(1, 100, 'Cidade é obrigatória', 'Cidade muito longa'),
  /** Any of the 27 UF codes (the store delivers to all of Brazil; storefront.md 9 listed six). */
  state: z.string().trim().min(2, 'Estado inválido').max(50, 'Estado inválido').refine((v) => (BRAZILIAN_STATES as readonly string[]).includes(v), 'Estado inválido'),
});
export type CheckoutCustomer = z.infer<typeof checkoutCustomerSchema>;

/**
 * The WhatsApp number (E.164 digits without '+', e.g. `5511987654321`) of a Brazilian phone as
 * typed at checkout: a DDD (11 to 99) and 8 or 9 digits, with or without the country code 55;
 * null for anything else (the order's WhatsApp messages are then not sent).
 */
export function whatsappNumber(phone: string): string | null {
  let digits = phone.replace(/\D/g, '');
  if (digits.length >= 12 && digits.startsWith('55')) digits = digits.slice(2);
  if (!/^[1-9][1-9]\d{8,9}$/.test(digits)) return null;
  return `55${digits}`;
}


/** The 27 federative units of Brazil (26 states and the Distrito Federal), by UF code. */
export const BRAZILIAN_STATES = ['AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO'] as const;
export type BrazilianState = (typeof BRAZILIAN_STATES)[number];
/** The name of each UF (for pickers: 'BA - Bahia'). */
export const BRAZILIAN_STATE_NAMES: Readonly<Record<BrazilianState, string>> = {
  AC: 'Acre', AL: 'Alagoas', AP: 'Amapá', AM: 'Amazonas', BA: 'Bahia', CE: 'Ceará', DF: 'Distrito Federal', ES: 'Espírito Santo', GO: 'Goiás',
  MA: 'Maranhão', MT: 'Mato Grosso', MS: 'Mato Grosso do Sul', MG: 'Minas Gerais', PA: 'Pará', PB: 'Paraíba', PR: 'Paraná', PE: 'Pernambuco',
  PI: 'Piauí', RJ: 'Rio de Janeiro', RN: 'Rio Grande do Norte', RS: 'Rio Grande do Sul', RO: 'Rondônia', RR: 'Roraima', SC: 'Santa Catarina',
  SP: 'São Paulo', SE: 'Sergipe', TO: 'Tocantins',
};

/** A CEP as typed, masked `00000-000` (digits only, partial input kept partial). */
export function maskCep(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

/** At most this many saved addresses per shopper; the 11th is a 409. */
export const MAX_SAVED_ADDRESSES = 10;

/** A CEP as `00000-000` (the hyphen may be omitted when typed; the output always has it). */
export const cepSchema = z
  .string({ error: 'CEP inválido' })
  .trim()
  .regex(/^\d{5}-?\d{3}$/, 'CEP inválido. Use o formato 00000-000')
  .transform((v) => `${v.slice(0, 5)}-${v.slice(-3)}`);

/**
 * A shopper's saved address as sent to `POST /api/me/addresses`: a label ('Casa',
 * 'Trabalho'), the delivery fields of the checkout form, and whether it is the default one.
 * The state is any of the 27 UF codes.
 */
export const savedAddressInputSchema = z.object({
  label: text(1, 40, 'Dê um nome ao endereço (ex.: Casa)', 'Nome muito longo'),
  zipCode: cepSchema,
  street: text(1, 200, 'Endereço é obrigatório', 'Endereço muito longo'),
  number: text(1, 10, 'Número é obrigatório', 'Número muito longo'),
  complement: z.string().trim().max(100, 'Complemento muito longo').optional(),
  neighborhood: text(1, 100, 'Bairro é obrigatório', 'Bairro muito longo'),
  city: text(1, 100, 'Cidade é obrigatória', 'Cidade muito longa'),
  state: z.enum(BRAZILIAN_STATES, { error: 'Estado inválido' }),
  isDefault: z.boolean().optional(),
});
export type SavedAddressInput = z.input<typeof savedAddressInputSchema>;

/** `PATCH /api/me/addresses/:id`: any of the fields; `{ isDefault: true }` marks it the default. */
export const savedAddressUpdateSchema = savedAddressInputSchema.partial();
export type SavedAddressUpdate = z.input<typeof savedAddressUpdateSchema>;

/** A saved address as the service answers it; the default one comes first, then the oldest. */
export const savedAddressSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  zipCode: z.string(),
  street: z.string(),
  number: z.string(),
  complement: z.string().nullable(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
  isDefault: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

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
  z.object({ method: z.literal('store-credit') }),
  z.object({ method: z.literal('mercadopago-credits') }),
]);
export type PaymentInput = z.input<typeof paymentInputSchema>;

/**
 * One cart line. `variantId` names the chosen variant: required for a product with
 * variants ('Escolha uma opção'), refused for one without; null or absent otherwise.
 */
export const orderItemInputSchema = z.object({
  productId: z.uuid({ error: 'Produto inválido' }),
  variantId: z.uuid({ error: 'Variante inválida' }).nullable().default(null),
  quantity: z.number().int().min(1, 'Quantidade inválida').max(99, 'Quantidade inválida'),
  /**
   * The text to engrave on each unit of the line ('Gravação'), when the product offers it; absent,
   * null or empty: none. The same variant with two texts is two lines.
   */
  engraving: engravingTextSchema.nullish().transform((text) => text || null),
});

/**
 * The delivery option the shopper chose: the `serviceId` of a quote
 * (`POST /api/shipping/quotes`) and the price the shopper was shown, BRL cents. The service quotes
 * again and refuses the order (409 'shipping_changed') when that price is not the one it charges.
 */
export const orderShippingChoiceSchema = z.object({
  serviceId: z.string({ error: 'Escolha uma forma de entrega' }).trim().min(1, 'Escolha uma forma de entrega').max(60, 'Forma de entrega inválida'),
  priceCents: z.number({ error: 'Frete inválido' }).int('Frete inválido').min(0, 'Frete inválido').max(10_000_00, 'Frete inválido'),
});
export type OrderShippingChoice = z.infer<typeof orderShippingChoiceSchema>;

/** 409 of `POST /api/orders` when the freight the shopper saw is not the one the service quotes now. */
export const SHIPPING_CHANGED_MESSAGE = 'O valor do frete mudou. Confira as opções de entrega e tente novamente.';

/**
 * `POST /api/orders` body. Prices are never sent: the service reads them from the database.
 * An `Idempotency-Key` header (uuid) makes retries safe. `shipping` is the chosen delivery option
 * (when absent the service charges its cheapest option); `couponCode` a coupon typed in
 * the cart or checkout, redeemed inside the order's transaction.
 */
export const createOrderSchema = z.object({
  items: z.array(orderItemInputSchema).min(1, 'Carrinho vazio').max(50, 'Carrinho muito grande'),
  customer: checkoutCustomerSchema,
  payment: paymentInputSchema,
  shipping: orderShippingChoiceSchema.optional(),
  couponCode: z.string({ error: 'Cupom inválido' }).trim().max(40, 'Cupom inválido').optional().transform((code) => code || undefined),
  useStoreCredit: z.boolean({ error: 'Crédito da loja inválido' }).default(false),
  /**
   * With `useStoreCredit`: the credit the shopper was shown paying the order, BRL cents. The service
   * refuses the order (409 'store_credit_changed') when the credit it would spend is another figure,
   * so the method is never charged more than the 'A pagar' the shopper read.
   */
  storeCreditCents: z.number({ error: 'Crédito da loja inválido' }).int('Crédito da loja inválido').min(0, 'Crédito da loja inválido').max(100_000_000, 'Crédito da loja inválido').optional(),
  /** Order updates on WhatsApp too, at `customer.phone` (a Brazilian number with DDD: {@link whatsappNumber}); e-mails go either way. */
  whatsappOptIn: z.boolean({ error: 'Opção do WhatsApp inválida' }).default(false),
  /** The shopper's `prata_consent` (consent.ts) at ordering: the paid purchase goes to GA4 only with `analytics`, to Meta (hashed e-mail and phone) only with `marketing`. */
  cookieConsent: consentChoiceSchema.default({ analytics: false, marketing: false }),
  /** The gift wrap, message and receipt (contracts gifts.ts); absent: none. */
  gift: giftChoicesSchema.optional(),
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

/** At most this many unpaid orders per account (no hoarding of stock). */
export const MAX_PENDING_ORDERS = 3;

/** Order statuses in Portuguese, for shoppers and staff alike. */
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
  'store-credit': 'Crédito da loja',
  'mercadopago-credits': CREDITS_CHECKOUT_LABEL,
};

/** 409 of `POST /api/orders` when the credit it would spend is not the `storeCreditCents` the shopper was shown. */
export const STORE_CREDIT_CHANGED_MESSAGE = 'Seu saldo de crédito na loja mudou. Confira o resumo do pedido e tente novamente.';

/** 409 of `POST /api/orders` paid with 'store-credit' when the credit does not cover the total. */
export const STORE_CREDIT_SHORT_MESSAGE = 'Seu crédito na loja não cobre o pedido. Escolha uma forma de pagamento para o restante.';

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
  /** The variant bought (null: a product without options, or a variant deleted since). */
  variantId: z.uuid().nullable(),
  /** SKU and label ('Aro 16') of the variant at order time; null without a variant. */
  sku: z.string().nullable(),
  variantLabel: z.string().nullable(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  totalPriceCents: z.number().int(),
  /** The text engraved on each unit and its price per unit (BRL cents); null: not engraved. */
  engraving: orderItemEngravingSchema.nullable().optional(),
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
  shipping: checkoutCustomerSchema.omit({ email: true, phone: true, fullName: true, cpf: true }).extend({ recipient: z.string() }),
  /**
   * Delivery time in business days: the quoted option's (or the spec's estimate by state for older
   * orders) plus `productionDays`, the engraving's production time (0 without engraving).
   */
  delivery: z.object({ minDays: z.number().int(), maxDays: z.number().int(), productionDays: z.number().int().nonnegative().optional() }),
  /** The gift wrap, message and receipt; null: none chosen. */
  gift: orderGiftSchema.nullable().optional(),
  /** How the order's total was made: goods, freight, coupon and PIX discounts, BRL cents. */
  pricing: orderPricingSchema,
  /** The delivery option charged (null for orders placed before freight was charged). */
  shippingService: z.object({ serviceId: z.string(), carrier: z.string(), name: z.string() }).nullable(),
  payment: z.object({
    method: paymentMethodSchema,
    /** `installmentAmounts`: the instalments as charged; with interest they add up to more than `pricing.amountDueCents`. */
    card: z
      .object({ brand: z.string(), last4: z.string(), installments: z.number().int(), installmentAmounts: z.array(z.number().int()) })
      .nullable(),
    pix: z.object({ payload: z.string(), expiresAt: z.iso.datetime({ offset: true }) }).nullable(),
    boleto: z.object({ line: z.string(), dueDate: z.iso.date(), url: z.string().nullable() }).nullable(),
    /** 'mercadopago-credits': where the shopper finishes paying at Mercado Pago while the order is unpaid (null otherwise). */
    credits: creditsCheckoutSchema.nullable().optional(),
    paidAt: z.iso.datetime({ offset: true }).nullable(),
  }),
  shipment: z
    .object({ carrier: z.string(), trackingCode: z.string(), shippedAt: z.iso.datetime({ offset: true }), deliveredAt: z.iso.datetime({ offset: true }).nullable() })
    .nullable(),
  cancellation: z
    .object({ reason: z.enum(CANCEL_REASONS), at: z.iso.datetime({ offset: true }), refundedCents: z.number().int().nullable() })
    .nullable(),
  timeline: z.array(orderTimelineEntrySchema),
  /** Everything given back through the acquirer so far (a cancellation's refund, returns' refunds), BRL cents; 0 for none. */
  refundedCents: z.number().int(),
  /**
   * When 'Gerar novo PIX' / 'Gerar novo boleto' is accepted for this order (payment-recovery.ts);
   * null when never (paid, card, limit reached) or where the view does not offer it.
   */
  paymentRenewal: paymentRenewalWindowSchema.nullable().optional(),
});
export type Order = z.infer<typeof orderSchema>;
