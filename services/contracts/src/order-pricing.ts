/**
 * An order's price (goods, freight, coupon, PIX discount and store credit): the one function the
 * checkout's summary
 * and the service's order both use, so what the shopper reads is what is charged.
 *
 * All amounts are BRL cents:
 * - `subtotalCents`: the goods (the lines' prices from the database);
 * - `shippingCents`: the chosen delivery option as quoted (0 when free shipping applies);
 * - `giftWrapCents`: the store's gift wrap when chosen, and `engravingCents`: the engraved pieces'
 *   engraving (price per piece times units): services, like the freight neither discounted by a
 *   coupon nor by the PIX discount, and paid by store credit before the goods;
 * - `couponDiscountCents`: the coupon's discount (contracts `CouponCheck.discountCents`): on the
 *   goods for percent and fixed coupons, the freight for a free-shipping one;
 * - `storeCreditCents`: the part paid with the shopper's store credit (the balance the shopper
 *   chose to use, up to the total before the PIX discount): a way
 *   of paying, not a discount; it pays the freight, wrap and engraving first, then the goods;
 * - `pixDiscountCents`: the store's PIX discount (`pixPriceCents`, rounded in the shopper's favour)
 *   on the goods left after a goods coupon, when paying by PIX, and only on the part of them the
 *   PIX pays (security review 2026-11-29 #9: goods paid with store credit got the PIX discount,
 *   an order paid by credit alone too); freight is never discounted by it;
 * - `totalCents` = subtotal + shipping + wrap + engraving - coupon discount - PIX discount (never negative);
 * - `amountDueCents` = total - store credit: what the acquirer charges (0: paid by credit alone).
 */
import { z } from 'zod';

/**
 * The price paid by PIX for `priceCents` (BRL cents) with a `percent` discount: rounded down to the
 * cent, in the shopper's favour (R$ 199,90 at 5 % -> R$ 189,90). Used by the displays and the order.
 */
export function pixPriceCents(priceCents: number, percent: number): number {
  return Math.floor((priceCents * (100 - percent)) / 100);
}

export interface OrderPricingInput {
  subtotalCents: number;
  shippingCents: number;
  /** The coupon's effect, or null without a coupon. */
  coupon: { discountCents: number; freeShipping: boolean } | null;
  /** The store's PIX discount in whole percent (0: none). */
  pixDiscountPercent: number;
  /** Whether the order is paid by PIX. */
  paysByPix: boolean;
  /** The store credit the shopper uses (their balance, or 0), BRL cents; absent: 0. */
  storeCreditBalanceCents?: number;
  /** The gift wrap's price when chosen, BRL cents; absent: 0. */
  giftWrapCents?: number;
  /** The engraving of every engraved piece, BRL cents; absent: 0. */
  engravingCents?: number;
}

/** The breakdown of an order's total (BRL cents), as stored on the order and shown to the shopper. */
export const orderPricingSchema = z.object({
  subtotalCents: z.number().int().nonnegative(),
  shippingCents: z.number().int().nonnegative(),
  /** The gift wrap and the engraving charged (0: none; older services sent neither). */
  giftWrapCents: z.number().int().nonnegative().optional(),
  engravingCents: z.number().int().nonnegative().optional(),
  couponCode: z.string().nullable(),
  couponDiscountCents: z.number().int().nonnegative(),
  pixDiscountCents: z.number().int().nonnegative(),
  totalCents: z.number().int().nonnegative(),
  storeCreditCents: z.number().int().nonnegative(),
  amountDueCents: z.number().int().nonnegative(),
});
export type OrderPricing = z.infer<typeof orderPricingSchema>;

/**
 * Prices an order from its parts (see the module comment).
 * @throws RangeError for amounts that are not whole, non-negative cents.
 */
export function priceOrder(input: OrderPricingInput): Omit<OrderPricing, 'couponCode'> {
  const { subtotalCents, shippingCents, coupon, giftWrapCents = 0, engravingCents = 0 } = input;
  for (const amount of [subtotalCents, shippingCents, coupon?.discountCents ?? 0, input.storeCreditBalanceCents ?? 0, giftWrapCents, engravingCents]) {
    if (!Number.isInteger(amount) || amount < 0) throw new RangeError('amounts must be whole, non-negative cents');
  }
  const couponDiscountCents = coupon ? Math.min(coupon.discountCents, coupon.freeShipping ? shippingCents : subtotalCents) : 0;
  const goodsAfterCoupon = subtotalCents - (coupon && !coupon.freeShipping ? couponDiscountCents : 0);
  // The services (freight after a free-shipping coupon, wrap, engraving) are never discounted.
  const servicesCents = shippingCents - (coupon?.freeShipping ? couponDiscountCents : 0) + giftWrapCents + engravingCents;
  const storeCreditCents = Math.min(input.storeCreditBalanceCents ?? 0, goodsAfterCoupon + servicesCents);
  // Credit pays the services first, then goods: the goods the PIX pays are what the credit left.
  const goodsByPix = goodsAfterCoupon - Math.max(0, storeCreditCents - servicesCents);
  const pixDiscountCents = input.paysByPix && input.pixDiscountPercent > 0 ? goodsByPix - pixPriceCents(goodsByPix, input.pixDiscountPercent) : 0;
  const totalCents = subtotalCents + shippingCents + giftWrapCents + engravingCents - couponDiscountCents - pixDiscountCents;
  return { subtotalCents, shippingCents, giftWrapCents, engravingCents, couponDiscountCents, pixDiscountCents, totalCents, storeCreditCents, amountDueCents: totalCents - storeCreditCents };
}
