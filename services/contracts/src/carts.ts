/**
 * The signed-in shopper's cart kept on the server, and the recovery of carts left behind:
 * - the cart is lines of (product, variant, engraving text, quantity) only: names, prices (the
 *   engraving's too) and images always come from the catalogue when the service answers, never
 *   from what the browser sent; one variant with two texts is two lines;
 * - at sign-in the browser's cart is merged into the server's (`POST /api/cart/merge`, the union),
 *   and while signed in every change is saved (`PUT /api/cart`);
 * - a shopper who agreed (`PUT /api/cart/recovery-consent`, off by default) is e-mailed a reminder
 *   when the cart is left for the configured delays; the e-mailed link opens the store's page
 *   {@link CART_RECOVERY_PATH}, which loads the cart's lines into any browser
 *   (`POST /api/cart/recover`), signed in or not.
 * - What the browser sends (`PUT /api/cart`, `POST /api/cart/merge`) is cart-input.ts: only the
 *   service validates it, so the pages, which load this module first, do not carry its schemas.
 * - The owner sees what the reminders brought back (`GET /api/admin/cart-recovery`) and edits the
 *   delays (`GET`/`PUT /api/admin/settings/cart-recovery`).
 */
import { z } from 'zod';

/** The store's page a recovery e-mail links to: `/carrinho/recuperar/<token>`. */
export const CART_RECOVERY_PATH = '/carrinho/recuperar';

/**
 * A line as the service answers it, priced from the catalogue (BRL cents) with its name, image and
 * variant label, and its engraving (text, price per piece in BRL cents, production days) or null;
 * `quantity` already capped by what is available and the per-order limit.
 */
export const cartLineSchema = z.object({
  productId: z.uuid(),
  variantId: z.uuid().nullable(),
  quantity: z.number().int().positive(),
  name: z.string(),
  priceCents: z.number().int().nonnegative(),
  imageUrl: z.string().nullable(),
  variantLabel: z.string().nullable(),
  engraving: z.object({ text: z.string(), priceCents: z.number().int().nonnegative(), extraDays: z.number().int().nonnegative() }).nullable(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** Answer of `GET`/`PUT /api/cart` and `POST /api/cart/merge`. */
export const cartSchema = z.object({
  lines: z.array(cartLineSchema),
  /** Whether the shopper agreed to cart reminders by e-mail. */
  recoveryConsent: z.boolean(),
});
export type Cart = z.infer<typeof cartSchema>;

/** Body and answer of `PUT /api/cart/recovery-consent`. */
export const cartRecoveryConsentSchema = z.object({
  consent: z.boolean({ error: 'Informe se deseja receber lembretes' }),
});
export type CartRecoveryConsent = z.infer<typeof cartRecoveryConsentSchema>;

const linkToken = z.string().trim().min(20, 'Link inválido').max(200, 'Link inválido');

/** Body of `POST /api/cart/recover`: the restore link's token. */
export const cartRecoveryTokenSchema = z.object({ token: linkToken });

/** Query of the reminder's unsubscribe link (`GET`/`POST /api/cart/recovery/unsubscribe?token=`). */
export const cartRecoveryTokenQuerySchema = z.object({ token: linkToken });

/** Answer of `POST /api/cart/recover`: the cart's lines, priced now (those no longer sold are left out). */
export const cartRecoveredSchema = z.object({
  lines: z.array(cartLineSchema),
});
export type CartRecovered = z.infer<typeof cartRecoveredSchema>;
