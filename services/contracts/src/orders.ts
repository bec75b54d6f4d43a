/**
 * Checkout and orders (storefront.md 3, 5, 9; issue 5). The same schemas validate the checkout
 * form in the browser and the order on the service.
 */
import cardValidator from 'card-validator';
import { z } from 'zod';

/** States offered at checkout (storefront.md 9). */
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

/** Installment value in cents (the last one absorbs rounding is not needed: we show the floor). */
export function installmentCents(totalCents: number, installments: number): number {
  return Math.ceil(totalCents / installments);
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

/** Card fields (storefront.md 5 limits) with the real checks of issue 5: Luhn, future expiry, CVV of 3. */
export const cardPaymentSchema = z.object({
  method: z.literal('credit-card'),
  cardNumber: z
    .string()
    .transform((v) => v.replace(/\D/g, ''))
    .pipe(z.string().max(19, 'Número do cartão inválido').refine((v) => cardValidator.number(v).isValid, 'Número do cartão inválido')),
  cardName: z.string().trim().min(1, 'Nome no cartão é obrigatório').max(100, 'Nome no cartão muito longo'),
  cardExpiry: z
    .string()
    .trim()
    .max(5, 'Validade inválida')
    .refine((v) => /^\d{2}\/\d{2}$/.test(v) && cardValidator.expirationDate(v).isValid, 'Validade inválida'),
  cardCvv: z.string().trim().max(4, 'CVV inválido').regex(/^\d{3}$/, 'CVV inválido'),
  installments: z.coerce.number().int().min(1, 'Parcelamento inválido').max(MAX_INSTALLMENTS, 'Parcelamento inválido'),
});

export const paymentInputSchema = z.discriminatedUnion('method', [
  cardPaymentSchema,
  z.object({ method: z.literal('pix') }),
  z.object({ method: z.literal('boleto') }),
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

export const orderItemSchema = z.object({
  productId: z.uuid().nullable(),
  productName: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  totalPriceCents: z.number().int(),
});

export const orderSchema = z.object({
  id: z.uuid(),
  /** Human order number, e.g. `P925-000042`. */
  number: z.string(),
  status: orderStatusSchema,
  totalCents: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  items: z.array(orderItemSchema),
  shipping: checkoutCustomerSchema.omit({ email: true, phone: true, fullName: true }).extend({ recipient: z.string() }),
  delivery: z.object({ minDays: z.number().int(), maxDays: z.number().int() }),
  payment: z.object({
    method: paymentMethodSchema,
    card: z.object({ brand: z.string(), last4: z.string(), installments: z.number().int(), installmentCents: z.number().int() }).nullable(),
    pix: z.object({ payload: z.string(), expiresAt: z.iso.datetime({ offset: true }) }).nullable(),
    boleto: z.object({ line: z.string(), dueDate: z.iso.date() }).nullable(),
  }),
});
export type Order = z.infer<typeof orderSchema>;
