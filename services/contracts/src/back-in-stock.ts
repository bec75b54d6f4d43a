/**
 * Back-in-stock alerts: a shopper asks to be e-mailed once
 * when a sold-out product (or, with variants, a sold-out variant) is back in stock. Signed-in
 * shoppers subscribe with their account's e-mail at once; anonymous shoppers type an e-mail and
 * confirm it (double opt-in): the e-mailed link opens the store's page
 * {@link BACK_IN_STOCK_CONFIRM_PATH}, where a button confirms with `POST /api/back-in-stock/confirm`
 * (a mail scanner following the link confirms nothing). The owner sees how many are waiting per
 * product/variant.
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

/** Query of the e-mailed links (`GET /api/back-in-stock/confirm`, `.../unsubscribe`); body of `POST /api/back-in-stock/confirm`. */
export const backInStockTokenQuerySchema = z.object({
  token: z.string().trim().min(20, 'Link inválido').max(200, 'Link inválido'),
});

/** The store's page the confirmation e-mail links to, with `?token=` (the page confirms by `POST /api/back-in-stock/confirm`). */
export const BACK_IN_STOCK_CONFIRM_PATH = '/avisos/confirmar';

/** What an e-mailed link of back-in-stock did: the confirmation, or the unsubscribe link of a notification. */
export const BACK_IN_STOCK_LINK_OUTCOMES = ['confirmed', 'unsubscribed', 'invalid', 'expired'] as const;
export type BackInStockLinkOutcome = (typeof BACK_IN_STOCK_LINK_OUTCOMES)[number];

/**
 * Answer of `POST /api/back-in-stock/confirm` (200 whatever the token): `confirmed` (also when it
 * already was), `expired` (the link is older than 7 days) or `invalid` (unknown, used up or
 * cancelled); the product's name and slug when the token names one.
 */
export const backInStockConfirmResultSchema = z.object({
  outcome: z.enum(['confirmed', 'invalid', 'expired']),
  productName: z.string().optional(),
  productSlug: z.string().optional(),
});
export type BackInStockConfirmResult = z.infer<typeof backInStockConfirmResultSchema>;

/**
 * The pt-BR title and text of each link outcome, shared by the API's unsubscribe page and the
 * store's confirmation page. `body` takes the product's name as shown (already quoted, e.g.
 * “Anel Lua”, or 'o produto' when unknown).
 */
export const BACK_IN_STOCK_LINK_TEXTS: Record<BackInStockLinkOutcome, { title: string; body: (name: string) => string }> = {
  confirmed: { title: 'Aviso confirmado', body: (name) => `Pronto! Avisaremos você por e-mail quando ${name} estiver disponível de novo.` },
  unsubscribed: { title: 'Avisos cancelados', body: () => 'Pronto! Você não receberá mais avisos de produtos disponíveis neste e-mail.' },
  expired: { title: 'Link expirado', body: () => 'Este link expirou. Peça o aviso de novo na página do produto.' },
  invalid: { title: 'Link inválido', body: () => 'Este link não é válido ou já foi usado.' },
};

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
