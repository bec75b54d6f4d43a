/**
 * The promotions module's public face: other modules and the composition import these from here,
 * never another file of this folder. Its routes are routes.ts (registered by app.ts).
 */
export { CouponService, type CouponCheckInput, type CouponRedeemInput, type CouponRedemptionResult } from './coupon.service.ts';
export { CouponRefusedError, applyCoupon, couponDiscountCents, couponStatus, type CouponDiscount } from './coupon-rules.ts';
export { Coupon, CouponRedemption, CouponRedemptionSchema, CouponSchema } from './coupon.entities.ts';
