/**
 * The coupon rules, as pure functions of the coupon, its uses and the
 * cart, so the check, the redemption inside the order's transaction and the panel's status agree.
 */
import { COUPON_REFUSALS, couponAppliedMessage, couponMinOrderMessage, type CouponKind, type CouponRefusal, type CouponStatus } from '@prata/contracts';
import { DomainError } from '../../errors.ts';

/** The stored coupon fields the rules read. */
export interface CouponTerms {
  code: string;
  kind: CouponKind;
  value?: number | null;
  minOrderCents?: number | null;
  startsAt?: Date | null;
  endsAt?: Date | null;
  maxUses?: number | null;
  maxUsesPerCustomer?: number | null;
  firstPurchaseOnly: boolean;
  paused: boolean;
}

/** What the rules need to know about the shopper and the coupon's uses. */
export interface CouponUsage {
  /** Redemptions of the coupon, by everyone. */
  usedCount: number;
  /** Redemptions of the coupon by this account. */
  usedByCustomer: number;
  /** Whether the account has an order in a status other than cancelled (the current one excluded). */
  hasPreviousOrder: boolean;
}

/** A coupon's effect on a cart: the discount in BRL cents (the shipping's, for free shipping). */
export interface CouponDiscount {
  code: string;
  kind: CouponKind;
  discountCents: number;
  freeShipping: boolean;
  /** pt-BR line for the cart, e.g. 'Cupom PRATA10 aplicado: 10% de desconto'. */
  message: string;
}

/**
 * A coupon refused, with its reason and pt-BR message (contracts' COUPON_REFUSALS): 409 for
 * `coupon_exhausted` and `coupon_already_used` (the uses changed), 422 for the others.
 */
export class CouponRefusedError extends DomainError {
  readonly reason: CouponRefusal;

  constructor(reason: CouponRefusal, message: string = COUPON_REFUSALS[reason]) {
    super(reason === 'coupon_exhausted' || reason === 'coupon_already_used' ? 409 : 422, reason, message);
    this.reason = reason;
  }
}

/** The coupon's status at `now` given its total uses (see COUPON_STATUSES). */
export function couponStatus(coupon: CouponTerms, usedCount: number, now: Date): CouponStatus {
  if (coupon.paused) return 'paused';
  if (coupon.startsAt && now < coupon.startsAt) return 'scheduled';
  if (coupon.endsAt && now >= coupon.endsAt) return 'expired';
  if (coupon.maxUses != null && usedCount >= coupon.maxUses) return 'exhausted';
  return 'active';
}

/**
 * The discount a coupon gives a cart (BRL cents): percent of the goods rounded down to the cent,
 * fixed up to the goods (never above the subtotal), free shipping the whole shipping.
 */
export function couponDiscountCents(coupon: Pick<CouponTerms, 'kind' | 'value'>, subtotalCents: number, shippingCents: number): number {
  if (coupon.kind === 'free_shipping') return shippingCents;
  const value = coupon.value ?? 0;
  if (coupon.kind === 'percent') return Math.min(subtotalCents, Math.floor((subtotalCents * value) / 100));
  return Math.min(subtotalCents, value);
}

/**
 * Applies the rules in order (paused, not yet valid, expired, exhausted, used by this account,
 * first purchase, minimum order) and answers the discount.
 * @throws CouponRefusedError with the first rule the coupon breaks.
 */
export function applyCoupon(coupon: CouponTerms, usage: CouponUsage, cart: { subtotalCents: number; shippingCents: number; now: Date }): CouponDiscount {
  const status = couponStatus(coupon, usage.usedCount, cart.now);
  if (status === 'paused') throw new CouponRefusedError('coupon_paused');
  if (status === 'scheduled') throw new CouponRefusedError('coupon_not_started');
  if (status === 'expired') throw new CouponRefusedError('coupon_expired');
  if (status === 'exhausted') throw new CouponRefusedError('coupon_exhausted');
  if (coupon.maxUsesPerCustomer != null && usage.usedByCustomer >= coupon.maxUsesPerCustomer) throw new CouponRefusedError('coupon_already_used');
  if (coupon.firstPurchaseOnly && usage.hasPreviousOrder) throw new CouponRefusedError('coupon_first_purchase');
  if (coupon.minOrderCents != null && cart.subtotalCents < coupon.minOrderCents) throw new CouponRefusedError('coupon_min_order', couponMinOrderMessage(coupon.minOrderCents));
  return {
    code: coupon.code,
    kind: coupon.kind,
    discountCents: couponDiscountCents(coupon, cart.subtotalCents, cart.shippingCents),
    freeShipping: coupon.kind === 'free_shipping',
    message: couponAppliedMessage({ code: coupon.code, kind: coupon.kind, value: coupon.value ?? null }),
  };
}
