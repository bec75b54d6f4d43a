/**
 * Favourites: cross-remote client state (shared singleton), kept in local storage
 * (storefront.md 4). Guests keep local favourites only; reservations for signed-in shoppers are
 * made by the service (`reservedUntil` mirrors the server's expiry).
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface FavouriteItem {
  id: string;
  name: string;
  priceCents: number;
  imageUrl: string | null;
  /** ISO instant the server-side reservation ends, or null for a local-only favourite. */
  reservedUntil: string | null;
}

export interface FavouritesState {
  items: FavouriteItem[];
  /** Adds or removes a favourite; returns true when it is now a favourite. */
  toggle(item: FavouriteItem): boolean;
  replaceAll(items: FavouriteItem[]): void;
}

export const FAVOURITES_STORAGE_KEY = 'prata925:favourites';

export const useFavouritesStore = create<FavouritesState>()(
  persist(
    (set, get) => ({
      items: [],
      toggle: (item) => {
        const exists = get().items.some((f) => f.id === item.id);
        set({ items: exists ? get().items.filter((f) => f.id !== item.id) : [...get().items, item] });
        return !exists;
      },
      replaceAll: (items) => set({ items }),
    }),
    {
      name: FAVOURITES_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      version: 1,
      // Read after the first render (restoreStoredState): a server-rendered page knows no browser storage.
      skipHydration: true,
    },
  ),
);
