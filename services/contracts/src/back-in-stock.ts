/**
 * Back-in-stock alerts (issue 22, "Avise-me quando chegar"): a shopper asks to be e-mailed once
 * when a sold-out product (or, with variants, a sold-out variant) is back in stock. Signed-in
 * shoppers subscribe with their account's e-mail at once; anonymous shoppers type an e-mail and
 * confirm it by a link (double opt-in). The owner sees how many are waiting per product/variant.
 */
import { z } from 'zod';

/** A subscription's life: pending (e-mail not yet confirmed), active, notified (e-mailed once), cancelled. */
export const BACK_IN_STOCK_STATUSES = ['pending_confirmation', 'active', 'notified', 'cancelled'] as const;
export type BackInStockStatus = (typeof BACK_IN_STOCK_STATUSES)[number];

/** The pt-BR answers of `POST /api/back-in-stock` (neutral: they never tell whether the e-mail was already subscribed). */
export const BACK_IN_STOCK_MESSAGES = {
  active: 'Pronto! Avisaremos você por e-mail.',
  pending: 'Enviamos um e-mail para confirmar.',
  available: 'Este item está disponível',
} as const;

/**
 * Body of `POST /api/back-in-stock`: the product, the variant (null or absent for a product
 * without variants) and, for an anonymous shopper, the e-mail (a signed-in shopper's account
 * e-mail is used instead; a typed one is ignored).
 */
export const backInStockSubscribeSchema = z.object({
  productId: z.uuid({ error: 'Produto inválido' }),
  variantId: z.uuid({ error: 'Variante inválida' }).nullable().default(null),
  email: z.string().trim().toLowerCase().max(255, 'E-mail muito longo').pipe(z.email({ error: 'E-mail inválido' })).optional(),
});
export type BackInStockSubscribeInput = z.input<typeof backInStockSubscribeSchema>;

/** Answer of `POST /api/back-in-stock`: `active` (signed in) or `pending` (confirmation e-mailed). */
export const backInStockSubscriptionResultSchema = z.object({
  status: z.enum(['active', 'pending']),
  message: z.string(),
});
export type BackInStockSubscriptionResult = z.infer<typeof backInStockSubscriptionResultSchema>;

/** Query of the e-mailed links (`GET /api/back-in-stock/confirm`, `.../unsubscribe`). */
export const backInStockTokenQuerySchema = z.object({
  token: z.string().trim().min(20, 'Link inválido').max(200, 'Link inválido'),
});

/** One row of the owner's view: active subscribers waiting for a product (or one of its variants). */
export const backInStockWaitingSchema = z.object({
  productId: z.uuid(),
  productName: z.string(),
  /** Null: subscribed to the product as a whole (a product without variants). */
  variantId: z.uuid().nullable(),
  /** Active (confirmed, not yet e-mailed) subscriptions. */
  waiting: z.number().int().nonnegative(),
});
export type BackInStockWaiting = z.infer<typeof backInStockWaitingSchema>;
export const backInStockWaitingListSchema = z.array(backInStockWaitingSchema);

/** The storefront's "Avise-me" form for an anonymous shopper: the e-mail, required. */
export const backInStockEmailFormSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Informe seu e-mail').max(255, 'E-mail muito longo').pipe(z.email({ error: 'E-mail inválido' })),
});
export type BackInStockEmailForm = z.output<typeof backInStockEmailFormSchema>;
