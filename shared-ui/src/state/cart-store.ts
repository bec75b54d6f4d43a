/**
 * Cart: cross-remote client state (shared singleton), persisted in local storage
 * (storefront.md 4). Prices are BRL cents as last seen; the checkout re-reads them from the
 * service, so a stale local price never reaches an order.
 *
 * Rules: adding an existing item raises its quantity by 1; a new item starts at 1; setting a
 * quantity of 0 or less removes the item; a non-number quantity becomes 1; the cart can be
 * cleared.
 *
 * Variants: a line is one (product, variant) pair, so aro 14 and aro 16 of a ring are
 * two lines; `cartLineKey` names a line, and quantities are set and lines removed by that key
 * (a product without options has no variant, and its key is its id, as before).
 *
 * Engraving ('Gravação'): a line may carry the text to engrave on each of its units, with the
 * engraving's price per piece and production days as last seen (the service prices it again); the
 * same variant with two texts is two lines (the text is part of the key).
 *
 * Freight: `shippingCep` is
 * the last CEP a shopper quoted freight for (masked `00000-000`), kept with the cart so the product
 * page, the cart and the checkout prefill it; clearing the cart keeps it. Coupons:
 * `couponCode` is the code the cart accepted (`POST /api/coupons/check`), which the
 * checkout sends with the order; clearing the cart (a placed order) forgets it.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface CartItem {
  id: string;
  name: string;
  priceCents: number;
  quantity: number;
  imageUrl: string | null;
  /** The chosen variant; absent or null for a product without options. */
  variantId?: string | null;
  /** The variant's label, e.g. 'Aro 16' (contracts' `variantLabel`); absent or null without a variant. */
  variantLabel?: string | null;
  /** The text engraved on each unit, its price per piece (BRL cents) and production days; absent or null: none. */
  engraving?: CartEngraving | null;
}

/** A cart line's engraving, as the product page showed it. */
export interface CartEngraving {
  text: string;
  priceCents: number;
  extraDays: number;
}

/**
 * The key of a cart line: `<productId>:<variantId>`, or the product id without a variant; an
 * engraved line adds `#<text>`, so two texts on one variant are two lines.
 */
export function cartLineKey(item: Pick<CartItem, 'id' | 'variantId' | 'engraving'>): string {
  const base = item.variantId ? `${item.id}:${item.variantId}` : item.id;
  return item.engraving ? `${base}#${item.engraving.text}` : base;
}

export interface CartState {
  items: CartItem[];
  /** Adds one unit of a product (of its variant, when it has one). */
  addItem(product: Omit<CartItem, 'quantity'>): void;
  /** Sets a line's quantity (by `cartLineKey`): `<= 0` removes, non-numbers become 1. */
  setQuantity(key: string, quantity: number): void;
  /** Removes a line (by `cartLineKey`). */
  removeItem(key: string): void;
  clear(): void;
  /** The last CEP a freight quote was asked for (`00000-000`), or null. */
  shippingCep: string | null;
  /** Remembers the CEP of a freight quote (null forgets it). */
  setShippingCep(cep: string | null): void;
  /** The coupon code the cart accepted (upper case), or null. */
  couponCode: string | null;
  /** Keeps (or, with null, drops) the cart's coupon code. */
  setCouponCode(code: string | null): void;
}

/** Local-storage key of the cart. */
export const CART_STORAGE_KEY = 'prata925:cart';

/** Applies the quantity rule of storefront.md 4 to a raw value. */
export function normaliseQuantity(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value), 10);
  return Number.isFinite(n) ? Math.trunc(n) : 1;
}

export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      items: [],
      addItem: (product) =>
        set((state) => {
          const key = cartLineKey(product);
          const existing = state.items.find((item) => cartLineKey(item) === key);
          if (existing) {
            return { items: state.items.map((item) => (cartLineKey(item) === key ? { ...item, quantity: item.quantity + 1 } : item)) };
          }
          return { items: [...state.items, { ...product, quantity: 1 }] };
        }),
      setQuantity: (key, quantity) =>
        set((state) => {
          const q = normaliseQuantity(quantity);
          if (q <= 0) return { items: state.items.filter((item) => cartLineKey(item) !== key) };
          return { items: state.items.map((item) => (cartLineKey(item) === key ? { ...item, quantity: q } : item)) };
        }),
      removeItem: (key) => set((state) => ({ items: state.items.filter((item) => cartLineKey(item) !== key) })),
      clear: () => set({ items: [], couponCode: null }),
      shippingCep: null,
      setShippingCep: (cep) => set({ shippingCep: cep }),
      couponCode: null,
      setCouponCode: (code) => set({ couponCode: code }),
    }),
    {
      name: CART_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      version: 1,
      // Read after the first render (restoreStoredState): a server-rendered page knows no browser storage.
      skipHydration: true,
    },
  ),
);

/** Number of units in the cart (header badge). */
export function selectCartCount(state: CartState): number {
  return state.items.reduce((sum, item) => sum + item.quantity, 0);
}
