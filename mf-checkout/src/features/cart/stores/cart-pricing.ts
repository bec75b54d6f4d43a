/**
 * What the cart page settled for the order's price, for the checkout page to read (the
 * checkout route composes it; features do not import each other): the CEP of the last freight
 * quote and the coupon the cart accepted. Both live in the shared, persisted cart store
 * (shared-ui `useCartStore`: the product page remembers the CEP too; a placed order clears the
 * coupon with the cart); these are its selectors and hooks, so readers need not know its shape.
 */
import { useCartStore, type CartState } from '@prata/shared-ui';

/** The CEP (`00000-000`) of the last freight quote on the product page, the cart or the checkout, or null. */
export const selectShippingCep = (state: CartState): string | null => state.shippingCep;
/** The coupon code the cart accepted (upper case), or null. */
export const selectCouponCode = (state: CartState): string | null => state.couponCode;

/** The remembered CEP (null until the stored cart is read after hydration, or when none was quoted). */
export function useShippingCep(): string | null {
  return useCartStore(selectShippingCep);
}

/** The cart's coupon code, or null. */
export function useCouponCode(): string | null {
  return useCartStore(selectCouponCode);
}
