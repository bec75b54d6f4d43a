/** Cart rules of storefront.md 4, and persistence in local storage. */
import { beforeEach, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY, cartLineKey, normaliseQuantity, selectCartCount, useCartStore } from './cart-store.ts';

const ring = { id: 'p1', name: 'Anel', priceCents: 14990, imageUrl: null };
const chain = { id: 'p2', name: 'Colar', priceCents: 19990, imageUrl: null };

beforeEach(() => {
  localStorage.clear();
  useCartStore.setState({ items: [], shippingCep: null, couponCode: null });
});

describe('cart store', () => {
  it('starts a new item at 1 and raises an existing one by 1', () => {
    useCartStore.getState().addItem(ring);
    useCartStore.getState().addItem(chain);
    useCartStore.getState().addItem(ring);
    expect(useCartStore.getState().items).toEqual([
      { ...ring, quantity: 2 },
      { ...chain, quantity: 1 },
    ]);
    expect(selectCartCount(useCartStore.getState())).toBe(3);
  });

  it('removes an item whose quantity is set to 0 or less', () => {
    useCartStore.getState().addItem(ring);
    useCartStore.getState().addItem(chain);
    useCartStore.getState().setQuantity('p1', 0);
    useCartStore.getState().setQuantity('p2', -3);
    expect(useCartStore.getState().items).toEqual([]);
  });

  it('turns a non-number quantity into 1', () => {
    useCartStore.getState().addItem(ring);
    useCartStore.getState().setQuantity('p1', 7);
    useCartStore.getState().setQuantity('p1', Number.NaN);
    expect(useCartStore.getState().items[0]!.quantity).toBe(1);
    expect(normaliseQuantity('abc')).toBe(1);
    expect(normaliseQuantity('4')).toBe(4);
  });

  it('keeps each variant of a product on its own line, set and removed by the line key', () => {
    const aro14 = { ...ring, variantId: 'v14', variantLabel: 'Aro 14' };
    const aro16 = { ...ring, variantId: 'v16', variantLabel: 'Aro 16' };
    useCartStore.getState().addItem(aro14);
    useCartStore.getState().addItem(aro16);
    useCartStore.getState().addItem(aro16);
    expect(useCartStore.getState().items).toEqual([
      { ...aro14, quantity: 1 },
      { ...aro16, quantity: 2 },
    ]);
    expect(cartLineKey(aro16)).toBe('p1:v16');
    useCartStore.getState().setQuantity(cartLineKey(aro16), 5);
    useCartStore.getState().removeItem(cartLineKey(aro14));
    expect(useCartStore.getState().items).toEqual([{ ...aro16, quantity: 5 }]);
  });

  it('keeps one variant engraved with two texts on two lines, and the same text on one', () => {
    const ana = { ...ring, variantId: 'v16', engraving: { text: 'Ana', priceCents: 2_500, extraDays: 3 } };
    const bia = { ...ring, variantId: 'v16', engraving: { text: 'Bia', priceCents: 2_500, extraDays: 3 } };
    useCartStore.getState().addItem(ana);
    useCartStore.getState().addItem(bia);
    useCartStore.getState().addItem(ana);
    expect(cartLineKey(ana)).toBe('p1:v16#Ana');
    expect(useCartStore.getState().items).toEqual([
      { ...ana, quantity: 2 },
      { ...bia, quantity: 1 },
    ]);
    useCartStore.getState().removeItem(cartLineKey(bia));
    expect(useCartStore.getState().items).toEqual([{ ...ana, quantity: 2 }]);
  });

  it('clears', () => {
    useCartStore.getState().addItem(ring);
    useCartStore.getState().clear();
    expect(useCartStore.getState().items).toEqual([]);
  });

  it('persists in local storage and restores from it', async () => {
    useCartStore.getState().addItem(ring);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).state.items).toEqual([{ ...ring, quantity: 1 }]);
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ state: { items: [{ ...chain, quantity: 5 }] }, version: 1 }));
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState().items).toEqual([{ ...chain, quantity: 5 }]);
  });

  it('remembers the CEP of the last freight quote in local storage, and keeps it when the cart is cleared, unlike the coupon', async () => {
    useCartStore.getState().addItem(ring);
    useCartStore.getState().setShippingCep('69005-010');
    useCartStore.getState().setCouponCode('PRATA10');
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).state.couponCode).toBe('PRATA10');
    useCartStore.getState().clear();
    expect(useCartStore.getState().shippingCep).toBe('69005-010');
    expect(useCartStore.getState().couponCode).toBeNull();
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).state.shippingCep).toBe('69005-010');
    useCartStore.setState({ shippingCep: null });
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ state: { items: [], shippingCep: '01310-100' }, version: 1 }));
    await useCartStore.persist.rehydrate();
    expect(useCartStore.getState().shippingCep).toBe('01310-100');
  });
});
