/**
 * The cart summary's freight quote and coupon field, one chunk loaded after the cart
 * shows (cart-view.tsx): both are forms (react-hook-form), which the checkout remote's first load,
 * paid by every store page through its byte budget, does not carry.
 */
import type { CouponCheck } from '@prata/contracts/promotions';
import type { ShippingQuote } from '@prata/contracts/shipping';
import type { CartItem } from '@prata/shared-ui';
import { CartCoupon } from './cart-coupon.tsx';
import { CartShipping } from './cart-shipping.tsx';

export interface CartOffersProps {
  items: readonly CartItem[];
  /** The goods, BRL cents. */
  subtotalCents: number;
  /** The cheapest quoted freight (0 before a quote), BRL cents. */
  shippingCents: number;
  onQuote: (quote: ShippingQuote | null) => void;
  onCoupon: (check: CouponCheck | null) => void;
}

export function CartOffers({ items, subtotalCents, shippingCents, onQuote, onCoupon }: CartOffersProps) {
  return (
    <>
      <CartShipping items={items} onQuote={onQuote} />
      <CartCoupon subtotalCents={subtotalCents} shippingCents={shippingCents} onCheck={onCoupon} />
    </>
  );
}
