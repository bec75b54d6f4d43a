/**
 * What the browser sends of a signed-in shopper's cart (`PUT /api/cart`, `POST /api/cart/merge`;
 * carts.ts describes the cart and its answers). Validated by the service only: kept out of the cart's
 * contract module, which every page loads first, so the engraving text's schema is not in the
 * shell's first load.
 */
import { z } from 'zod';
import { engravingTextSchema } from './engraving-text.ts';

/** Most lines a cart keeps. */
export const CART_MAX_LINES = 50;

/**
 * One line the browser sends: a product, its variant (null without options), the text engraved on
 * each unit (null or empty: none; the product's own limit is the service's check) and a quantity.
 */
export const cartLineInputSchema = z.object({
  productId: z.uuid({ error: 'Produto inválido' }),
  variantId: z.uuid({ error: 'Variante inválida' }).nullable().default(null),
  engraving: engravingTextSchema
    .nullable()
    .default(null)
    .transform((text) => text || null),
  quantity: z.number({ error: 'Quantidade inválida' }).int('Quantidade inválida').min(1, 'Quantidade inválida').max(999, 'Quantidade inválida'),
});
export type CartLineInput = z.input<typeof cartLineInputSchema>;

/** Body of `PUT /api/cart` (the whole cart) and `POST /api/cart/merge` (the browser's cart at sign-in). */
export const cartUpdateSchema = z.object({
  lines: z.array(cartLineInputSchema).max(CART_MAX_LINES, `O carrinho aceita até ${CART_MAX_LINES} itens`),
});
export type CartUpdate = z.input<typeof cartUpdateSchema>;
