/**
 * The cart's sync with a signed-in shopper's server cart: nothing is sent while signed out; at
 * sign-in the browser's lines (product, variant, engraving text, quantity only) are merged and the answer becomes
 * the cart; later changes are saved once the cart rests (fake timers, no waiting); the restore
 * link's lines join the cart keeping the larger quantity.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '@prata/contracts';
import { maskPathTokens } from '@prata/contracts/system-errors';
import { addLinesToCart, CART_SAVE_DELAY_MS, startCartSync } from './cart-sync.ts';
import { useCartStore } from './cart-store.ts';
import { setRuntimeConfig } from './runtime-config.ts';
import { useSessionStore } from './session-store.ts';

const ring: CartLine = { productId: '11111111-1111-4111-8111-111111111111', variantId: null, quantity: 2, name: 'Anel Lua', priceCents: 12_990, imageUrl: null, variantLabel: null, engraving: null };
const chain: CartLine = { productId: '22222222-2222-4222-8222-222222222222', variantId: null, quantity: 1, name: 'Corrente', priceCents: 8_990, imageUrl: null, variantLabel: null, engraving: null };

let calls: { method: string; url: string; body: unknown }[];
let stop: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' });
  useCartStore.setState({ items: [] });
  useSessionStore.getState().clear();
  vi.spyOn(useCartStore.persist, 'hasHydrated').mockReturnValue(true);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method: init?.method ?? 'GET', url: String(input), body });
    // The server's cart holds the chain; the merge answers the union, priced.
    return Response.json({ lines: [chain, { ...ring, quantity: 1 }], recoveryConsent: false });
  });
  stop = startCartSync();
});

afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const signIn = () => useSessionStore.getState().setSession({ user: { id: 'u1', email: 'a@b.com', fullName: 'Ana' }, accessToken: 'token', roles: [] });

describe('cart sync', () => {
  it('sends nothing signed out, merges at sign-in and saves later changes once the cart rests', async () => {
    useCartStore.getState().addItem({ id: ring.productId, name: 'Anel (preço antigo)', priceCents: 1, imageUrl: null });
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS * 2);
    expect(calls).toEqual([]);

    signIn();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([{ method: 'POST', url: 'http://127.0.0.1:3000/api/cart/merge', body: { lines: [{ productId: ring.productId, variantId: null, engraving: null, quantity: 1 }] } }]);
    expect(useCartStore.getState().items.map((item) => [item.name, item.priceCents, item.quantity])).toEqual([
      ['Corrente', 8_990, 1],
      ['Anel Lua', 12_990, 1],
    ]);
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS * 2);
    expect(calls).toHaveLength(1);

    useCartStore.getState().setQuantity(ring.productId, 3);
    useCartStore.getState().removeItem(chain.productId);
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls[1]).toEqual({ method: 'PUT', url: 'http://127.0.0.1:3000/api/cart', body: { lines: [{ productId: ring.productId, variantId: null, engraving: null, quantity: 3 }] } });
  });

  it('keeps a piece added while the merge is on its way, and saves it next', async () => {
    signIn();
    useCartStore.getState().addItem({ id: '33333333-3333-4333-8333-333333333333', name: 'Brinco', priceCents: 5_990, imageUrl: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(useCartStore.getState().items.map((item) => item.name)).toEqual(['Corrente', 'Anel Lua', 'Brinco']);
    await vi.advanceTimersByTimeAsync(CART_SAVE_DELAY_MS);
    expect(calls.map((call) => `${call.method} ${new URL(call.url).pathname}`)).toEqual(['POST /api/cart/merge', 'PUT /api/cart']);
    expect((calls[1]!.body as { lines: unknown[] }).lines).toHaveLength(3);
  });

  it('sends an engraved line with its text and takes it back from the merge with the engraving the service priced', async () => {
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      calls.push({ method: init?.method ?? 'GET', url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return Response.json({ lines: [{ ...ring, quantity: 1, engraving: { text: 'Ana', priceCents: 2_500, extraDays: 3 } }], recoveryConsent: false });
    });
    useCartStore.setState({ items: [{ id: ring.productId, name: 'Anel Lua', priceCents: 12_990, quantity: 1, imageUrl: null, engraving: { text: 'Ana', priceCents: 1, extraDays: 0 } }] });
    signIn();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls[0]!.body).toEqual({ lines: [{ productId: ring.productId, variantId: null, engraving: 'Ana', quantity: 1 }] });
    expect(useCartStore.getState().items.map((item) => item.engraving)).toEqual([{ text: 'Ana', priceCents: 2_500, extraDays: 3 }]);
  });

  it('adds a restore link lines to the cart, keeping the larger quantity', () => {
    useCartStore.setState({ items: [{ id: ring.productId, name: 'Anel Lua', priceCents: 12_990, quantity: 1, imageUrl: null }] });
    addLinesToCart([ring, chain]);
    expect(useCartStore.getState().items.map((item) => [item.id, item.quantity])).toEqual([
      [ring.productId, 2],
      [chain.productId, 1],
    ]);
  });

  it('masks the restore link token in breadcrumbs and error reports, not the cart page', () => {
    expect(maskPathTokens('http://localhost:3000/carrinho/recuperar/AbC_-123456789012345678901234')).toBe('http://localhost:3000/carrinho/recuperar/:token');
    expect(maskPathTokens('/carrinho')).toBe('/carrinho');
  });
});
