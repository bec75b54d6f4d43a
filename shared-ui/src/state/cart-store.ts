/**
 * Cart: cross-remote client state (shared singleton), persisted in local storage
 * (storefront.md 4). Prices are BRL cents as last seen; the checkout re-reads them from the
 * service, so a stale local price never reaches an order.
 *
 * Rules: adding an existing item raises its quantity by 1; a new item starts at 1; setting a
 * quantity of 0 or less removes the item; a non-number quantity becomes 1; the cart can be
 * cleared.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface CartItem {
  id: string;
  name: string;
  priceCents: number;
  quantity: number;
  imageUrl: string | null;
}

export interface CartState {
  items: CartItem[];
  /** Adds one unit of a product. */
  addItem(product: Omit<CartItem, 'quantity'>): void;
  /** Sets a quantity: `<= 0` removes, non-numbers become 1. */
  setQuantity(id: string, quantity: number): void;
  removeItem(id: string): void;
  clear(): void;
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
          const existing = state.items.find((item) => item.id === product.id);
          if (existing) {
            return { items: state.items.map((item) => (item.id === product.id ? { ...item, quantity: item.quantity + 1 } : item)) };
          }
          return { items: [...state.items, { ...product, quantity: 1 }] };
        }),
      setQuantity: (id, quantity) =>
        set((state) => {
          const q = normaliseQuantity(quantity);
          if (q <= 0) return { items: state.items.filter((item) => item.id !== id) };
          return { items: state.items.map((item) => (item.id === id ? { ...item, quantity: q } : item)) };
        }),
      removeItem: (id) => set((state) => ({ items: state.items.filter((item) => item.id !== id) })),
      clear: () => set({ items: [] }),
    }),
    {
      name: CART_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      version: 1,
      // Read after the first render (restoreStoredState): a server-rendered page knows no browser storage (issue 20).
      skipHydration: true,
    },
  ),
);

/** Number of units in the cart (header badge). */
export function selectCartCount(state: CartState): number {
  return state.items.reduce((sum, item) => sum + item.quantity, 0);
}
