/**
 * Coupons:
 * - `coupons`: one per code (stored upper-cased): its kind (`percent`: `value` 1..90 % of the
 *   goods; `fixed`: `value` BRL cents off the goods; `free_shipping`: no value, the shipping is
 *   discounted), the minimum goods subtotal, the validity window (`starts_at` inclusive, `ends_at`
 *   exclusive), the total and per-account use limits, first-purchase-only, and `paused`.
 * - `coupon_redemptions`: one row per use, written inside the order's transaction (the coupon's
 *   row locked first, so the last use goes to one order only); `order_id` is the order it was
 *   used on (no foreign key yet: the order service wires it), `discount_cents` what it took off.
 *   Deleted when the order is cancelled or expires, so the use returns. A used coupon cannot be
 *   deleted (restrict): it is paused instead.
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { COUPON_KINDS } from '@prata/contracts';
import { User } from '../identity/index.ts';

export const CouponSchema = defineEntity({
  name: 'Coupon',
  tableName: 'coupons',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    code: p.string().length(30).unique(),
    kind: p.enum(COUPON_KINDS),
    value: p.integer().nullable(),
    minOrderCents: p.integer().nullable(),
    startsAt: p.datetime().nullable(),
    endsAt: p.datetime().nullable(),
    maxUses: p.integer().nullable(),
    maxUsesPerCustomer: p.integer().nullable(),
    firstPurchaseOnly: p.boolean().default(false),
    paused: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class Coupon extends CouponSchema.class {}
CouponSchema.setClass(Coupon);

export const CouponRedemptionSchema = defineEntity({
  name: 'CouponRedemption',
  tableName: 'coupon_redemptions',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    coupon: () => p.manyToOne(Coupon).deleteRule('restrict').index(),
    orderId: p.uuid().nullable().unique(),
    user: () => p.manyToOne(User).deleteRule('restrict').index(),
    discountCents: p.integer(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class CouponRedemption extends CouponRedemptionSchema.class {}
CouponRedemptionSchema.setClass(CouponRedemption);
