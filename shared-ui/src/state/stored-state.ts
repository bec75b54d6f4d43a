/**
 * The client state kept in the browser's storage (cart and favourites, storefront.md 4) is read
 * into its stores after the page's first render, not when the stores are created: a
 * server-rendered page is the same for every visitor (empty cart, no favourites), so the browser's
 * first render, which hydrates it, must be too; the counts then appear.
 */
import { useCartStore } from './cart-store.ts';
import { useFavouritesStore } from './favourites-store.ts';

/** Reads the cart and favourites from local storage into their stores. The shell calls it once, after hydration. */
export async function restoreStoredState(): Promise<void> {
  await Promise.all([useCartStore.persist.rehydrate(), useFavouritesStore.persist.rehydrate()]);
}

/** Whether the stored state was read (false during the first render of a server-rendered page). */
export function storedStateRestored(): boolean {
  return useCartStore.persist.hasHydrated() && useFavouritesStore.persist.hasHydrated();
}
