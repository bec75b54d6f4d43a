/**
 * What the last price refresh changed in the cart (UI state, not persisted): the notices stay
 * visible from the cart to the checkout until the shopper dismisses them or places the order.
 */
import { create } from 'zustand';

export interface CartNoticesState {
  notices: string[];
  add(notices: readonly string[]): void;
  dismiss(): void;
}

export const useCartNoticesStore = create<CartNoticesState>()((set) => ({
  notices: [],
  add: (notices) => set((state) => ({ notices: [...new Set([...state.notices, ...notices])] })),
  dismiss: () => set({ notices: [] }),
}));
