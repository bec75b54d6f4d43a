/**
 * Favourites with reservations (storefront.md 4, 8).
 *
 * - Guests: local favourites only; toast 'Produto favoritado!' / 'Entre na sua conta para
 *   reservar o produto no estoque.'
 * - Signed in: favouriting reserves one unit for 30 minutes on the service ('💖 Produto
 *   reservado!'); unfavouriting releases it ('Produto removido dos favoritos'). Refusals and
 *   failures show the spec's toasts and change nothing.
 * - A tap made while the session is still being checked waits for the check.
 * - The list is resynced from the service every 60 s and on sign-in; local favourites are then
 *   merged into the account (each becomes a reservation when a unit is available).
 * - Variants: the product page favourites the chosen variant, whose unit is reserved
 *   (`variantId`). A product with variants favourited with no variant chosen (a card, or the page
 *   before a choice) stays a local favourite: 'Escolha uma opção na página do produto para reservá-lo.'
 */
import { useCallback, useEffect, useRef } from 'react';
import type { Product } from '@prata/contracts/catalogue';
import type { Reservation } from '@prata/contracts/reservations';
import { ApiRequestError, toast, useFavouritesStore, useSessionStore, type FavouriteItem } from '@prata/shared-ui';
import { useCreateReservation } from '../api/create-reservation.ts';
import { useDeleteReservation } from '../api/delete-reservation.ts';
import { useReservations } from '../api/get-reservations.ts';

/** The product a favourite toggles: with its variants (if any) and the chosen one. */
export type FavouriteProduct = Pick<Product, 'id' | 'name' | 'priceCents' | 'imageUrl'> & { variants?: readonly unknown[]; variantId?: string | null };

/** What a product card needs to show and toggle a favourite. */
export interface FavouriteControls {
  isFavourite(productId: string): boolean;
  isReservedByMe(productId: string): boolean;
  toggle(product: FavouriteProduct): void;
}

/** Merges the service's reservations into the local favourites. */
export function mergeReservations(local: FavouriteItem[], reservations: Reservation[]): FavouriteItem[] {
  const byId = new Map(reservations.map((r) => [r.productId, r]));
  const merged: FavouriteItem[] = local.map((item) => {
    const reservation = byId.get(item.id);
    return reservation ? { ...item, reservedUntil: reservation.expiresAt } : { ...item, reservedUntil: null };
  });
  for (const r of reservations) {
    if (!local.some((item) => item.id === r.productId)) {
      merged.push({ id: r.productId, name: r.product.name, priceCents: r.product.priceCents, imageUrl: r.product.imageUrl, reservedUntil: r.expiresAt });
    }
  }
  return merged;
}

export function useFavourites(): FavouriteControls {
  const items = useFavouritesStore((state) => state.items);
  const { mutate: reserve } = useCreateReservation();
  const { mutate: release } = useDeleteReservation();

  const apply = useCallback(
    (product: FavouriteProduct, userId: string | null) => {
      const store = useFavouritesStore.getState();
      const existing = store.items.find((item) => item.id === product.id);
      const base: FavouriteItem = { id: product.id, name: product.name, priceCents: product.priceCents, imageUrl: product.imageUrl, reservedUntil: null };
      if (!userId) {
        store.toggle(base);
        if (!existing) toast('Produto favoritado!', { description: 'Entre na sua conta para reservar o produto no estoque.' });
        return;
      }
      const variantId = product.variantId ?? null;
      if (!existing && (product.variants?.length ?? 0) > 0 && !variantId) {
        store.toggle(base);
        toast('Produto favoritado!', { description: 'Escolha uma opção na página do produto para reservá-lo.' });
        return;
      }
      if (existing) {
        release(product.id, {
          onSuccess: () => {
            useFavouritesStore.getState().replaceAll(useFavouritesStore.getState().items.filter((item) => item.id !== product.id));
            toast.success('Produto removido dos favoritos', { description: 'A reserva foi cancelada e o produto voltou ao estoque.' });
          },
          onError: (error) => {
            if (error instanceof ApiRequestError && error.status === 404) {
              // No reservation left (expired): the favourite was only local.
              useFavouritesStore.getState().replaceAll(useFavouritesStore.getState().items.filter((item) => item.id !== product.id));
              toast.success('Produto removido dos favoritos', { description: 'A reserva foi cancelada e o produto voltou ao estoque.' });
            } else {
              toast.error('Erro', { description: 'Não foi possível remover o produto dos favoritos.' });
            }
          },
        });
        return;
      }
      reserve({ productId: product.id, variantId }, {
        onSuccess: (reservation) => {
          const current = useFavouritesStore.getState().items.filter((item) => item.id !== product.id);
          useFavouritesStore.getState().replaceAll([...current, { ...base, reservedUntil: reservation.expiresAt }]);
          toast.success('💖 Produto reservado!', { description: 'Produto reservado no estoque por 30 minutos.' });
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.body?.error === 'already_reserved') {
            toast('Produto já reservado', { description: 'Este produto já está na sua lista de favoritos.' });
          } else if (error instanceof ApiRequestError && error.body?.error === 'unavailable') {
            toast.error('Produto indisponível', { description: error.message });
          } else if (error instanceof ApiRequestError && error.status >= 500) {
            toast.error('Erro ao reservar produto', { description: 'Tente novamente em alguns instantes.' });
          } else {
            toast.error('Erro', { description: 'Não foi possível favoritar o produto.' });
          }
        },
      });
    },
    [reserve, release],
  );

  const toggle = useCallback<FavouriteControls['toggle']>(
    (product) => {
      const session = useSessionStore.getState();
      if (!session.loading) {
        apply(product, session.user?.id ?? null);
        return;
      }
      // A tap right after a server-rendered page loads can come before the session check: wait
      // for it, so a signed-in shopper's favourite reserves instead of staying a guest's.
      const unsubscribe = useSessionStore.subscribe((state) => {
        if (state.loading) return;
        unsubscribe();
        apply(product, state.user?.id ?? null);
      });
    },
    [apply],
  );

  return {
    isFavourite: (id) => items.some((item) => item.id === id),
    isReservedByMe: (id) => {
      const until = items.find((item) => item.id === id)?.reservedUntil;
      return Boolean(until && Date.parse(until) > Date.now());
    },
    toggle,
  };
}

/**
 * Keeps the local favourites in step with the service while signed in: resync every 60 s, and
 * on sign-in reserve the favourites the shopper kept as a guest. Mounted once by the storefront.
 */
export function useReservationSync(): void {
  const userId = useSessionStore((state) => state.user?.id ?? null);
  const { data } = useReservations(userId);
  const { mutate: reserve } = useCreateReservation();
  const mergedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!userId || !data) return;
    const store = useFavouritesStore.getState();
    if (mergedFor.current !== userId) {
      mergedFor.current = userId;
      const reserved = new Set(data.map((r) => r.productId));
      for (const item of store.items.filter((i) => !reserved.has(i.id))) {
        reserve({ productId: item.id }, { onError: () => undefined });
      }
    }
    store.replaceAll(mergeReservations(useFavouritesStore.getState().items, data));
  }, [userId, data, reserve]);
}
