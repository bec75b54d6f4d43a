/**
 * The gift part of the checkout, from the cart and the shopper's choices: the engraving of the
 * engraved lines (price per piece times units, BRL cents, as the product page showed it; the
 * service prices it again), the production days (the longest engraving's), the wrap's price when
 * chosen, and what the order sends (each line's engraving text, the gift choices).
 */
import { productionDays, type GiftChoices, type GiftWrapSetting } from '@prata/contracts/gifts';
import type { CartItem } from '@prata/shared-ui/state';

/** The shopper's gift choices at checkout (contracts `giftChoicesSchema`). */
export const NO_GIFT: GiftChoices = { wrap: false, message: '', receipt: false };

/** The engraving of `items`, BRL cents. */
export function engravingCentsOf(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + (item.engraving?.priceCents ?? 0) * item.quantity, 0);
}

/** The business days the engravings add before shipping (0 without one). */
export function productionDaysOf(items: readonly CartItem[]): number {
  return productionDays(items.map((item) => ({ engraved: Boolean(item.engraving), extraDays: item.engraving?.extraDays ?? 0 })));
}

/** The wrap's price for `choices` under the store's `wrap` (0 when not chosen or not offered). */
export function giftWrapCentsOf(choices: GiftChoices, wrap: GiftWrapSetting): number {
  return choices.wrap && wrap.enabled ? wrap.priceCents : 0;
}

/** The order's lines as sent: product, variant, quantity and, for an engraved line, its text. */
export function orderLinesOf(items: readonly CartItem[]) {
  return items.map((item) => ({ productId: item.id, variantId: item.variantId ?? null, quantity: item.quantity, ...(item.engraving ? { engraving: item.engraving.text } : {}) }));
}

/** The gift choices as sent: absent when none is made. */
export function giftOf(choices: GiftChoices): { gift?: GiftChoices } {
  return choices.wrap || choices.receipt || choices.message.trim() ? { gift: choices } : {};
}
