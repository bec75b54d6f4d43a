/**
 * Keeps the browser's cart and a signed-in shopper's server cart in step (storefront.md 4):
 * - when a shopper signs in (or a reload restores the session), the browser's cart is merged into
 *   the server's (`POST /api/cart/merge`, the union) and the browser's cart becomes the answer, so
 *   a cart started on another device, or before signing in, shows up here;
 * - while signed in, every change of the lines is saved (`PUT /api/cart`, debounced), so the
 *   service knows a cart left behind (cart reminders) and another device sees it;
 * - signed out nothing is sent: an anonymous cart works as before, in local storage only.
 * Only product, variant, engraving text and quantity travel to the service; it prices the lines
 * (the engraving's too) from the catalogue.
 * A failed call (offline, service down) never blocks the cart: the apiRequest breadcrumb records
 * it, and the next change (or sign-in) tries again.
 */
import { cartSchema, type Cart, type CartLine } from '@prata/contracts/carts';
import { apiRequest } from './api-client.ts';
import { cartLineKey, useCartStore, type CartItem } from './cart-store.ts';
import { useSessionStore } from './session-store.ts';

/** How long the cart must stay unchanged before it is saved, ms. */
export const CART_SAVE_DELAY_MS = 600;

/** The lines the service stores of the browser's items. */
function linesOf(items: readonly CartItem[]) {
  return items.map((item) => ({ productId: item.id, variantId: item.variantId ?? null, engraving: item.engraving?.text ?? null, quantity: item.quantity }));
}

/** A browser cart item of a line the service answered. */
export function cartItemOf(line: CartLine): CartItem {
  return { id: line.productId, name: line.name, priceCents: line.priceCents, quantity: line.quantity, imageUrl: line.imageUrl, variantId: line.variantId, variantLabel: line.variantLabel, engraving: line.engraving };
}

/**
 * Puts `lines` into the browser's cart: a line already there keeps the larger quantity, new lines
 * are added after the cart's own. Used by the restore link's page.
 */
export function addLinesToCart(lines: readonly CartLine[]): void {
  const items = [...useCartStore.getState().items];
  for (const line of lines) {
    const item = cartItemOf(line);
    const at = items.findIndex((existing) => cartLineKey(existing) === cartLineKey(item));
    if (at === -1) items.push(item);
    else items[at] = { ...item, quantity: Math.max(items[at]!.quantity, item.quantity) };
  }
  useCartStore.setState({ items });
}

let started = false;

/** Starts the sync (the shell calls it once, after the stored cart and the session are read). Returns a stop function. */
export function startCartSync(): () => void {
  if (started) return () => undefined;
  started = true;
  let userId: string | null = null;
  let lastSaved = '';
  let timer: ReturnType<typeof setTimeout> | undefined;

  const save = async () => {
    const lines = linesOf(useCartStore.getState().items);
    const key = JSON.stringify(lines);
    if (!userId || key === lastSaved) return;
    lastSaved = key;
    try {
      await apiRequest('/api/cart', cartSchema, { method: 'PUT', body: { lines } });
    } catch {
      lastSaved = '';
    }
  };

  const merge = async (id: string) => {
    // The stored cart is read after the first render (stored-state.ts): merge what it holds.
    if (!useCartStore.persist.hasHydrated()) await new Promise<void>((resolve) => {
      const stop = useCartStore.persist.onFinishHydration(() => {
        stop();
        resolve();
      });
    });
    const sent = new Map(useCartStore.getState().items.map((item) => [cartLineKey(item), item.quantity]));
    try {
      const cart: Cart = await apiRequest('/api/cart/merge', cartSchema, { method: 'POST', body: { lines: linesOf(useCartStore.getState().items) } });
      if (userId !== id) return;
      // The server's answer wins (its prices, its caps), except for lines changed here while the
      // merge was on its way: they are kept, and saved next.
      const merged = cart.lines.map(cartItemOf);
      lastSaved = JSON.stringify(linesOf(merged));
      for (const item of useCartStore.getState().items) {
        const key = cartLineKey(item);
        if (sent.get(key) === item.quantity) continue;
        const at = merged.findIndex((line) => cartLineKey(line) === key);
        if (at === -1) merged.push(item);
        else merged[at] = { ...merged[at]!, quantity: item.quantity };
      }
      useCartStore.setState({ items: merged });
    } catch {
      // Signed in without the server's cart: the browser's stays as it is.
    }
  };

  const onSession = (user: { id: string } | null) => {
    const next = user?.id ?? null;
    if (next === userId) return;
    userId = next;
    lastSaved = '';
    if (next) void merge(next);
  };

  const stopSession = useSessionStore.subscribe((state) => onSession(state.user));
  const stopCart = useCartStore.subscribe((state, previous) => {
    if (!userId || state.items === previous.items) return;
    clearTimeout(timer);
    timer = setTimeout(() => void save(), CART_SAVE_DELAY_MS);
  });
  onSession(useSessionStore.getState().user);
  return () => {
    clearTimeout(timer);
    stopSession();
    stopCart();
    started = false;
  };
}
