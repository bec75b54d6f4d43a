/**
 * Favourites: guest toggle (local only, spec toast), a tap while the session is being checked
 * waiting for the check, and the merge of the service's reservations.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Reservation } from '@prata/contracts/reservations';
import { setRuntimeConfig, useFavouritesStore, useSessionStore, type FavouriteItem } from '@prata/shared-ui';
import { mergeReservations, useFavourites, type FavouriteControls } from './use-favourites.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ring = { id: '6f56d857-6897-4856-b449-e5a7689ca2f0', name: 'Anel', priceCents: 100, imageUrl: null };

beforeEach(() => {
  useFavouritesStore.setState({ items: [] });
  useSessionStore.getState().clear();
});

describe('mergeReservations', () => {
  const reservation = (productId: string, expiresAt: string): Reservation => ({ productId, variantId: null, sku: null, variantLabel: null, expiresAt, product: { id: productId, name: 'Colar', priceCents: 200, imageUrl: null } });

  it('marks local favourites reserved, clears lapsed ones and adds reservations made elsewhere', () => {
    const local: FavouriteItem[] = [
      { ...ring, reservedUntil: '2026-01-01T00:00:00.000Z' },
      { id: 'b', name: 'Brinco', priceCents: 300, imageUrl: null, reservedUntil: null },
    ];
    const merged = mergeReservations(local, [reservation('b', '2026-11-21T12:30:00.000Z'), reservation('c', '2026-11-21T12:40:00.000Z')]);
    expect(merged).toEqual([
      { ...ring, reservedUntil: null },
      { id: 'b', name: 'Brinco', priceCents: 300, imageUrl: null, reservedUntil: '2026-11-21T12:30:00.000Z' },
      { id: 'c', name: 'Colar', priceCents: 200, imageUrl: null, reservedUntil: '2026-11-21T12:40:00.000Z' },
    ]);
  });
});

describe('useFavourites for a guest', () => {
  it('keeps the favourite locally without a reservation, and toggles it off again', () => {
    let controls: FavouriteControls | undefined;
    function Probe() {
      controls = useFavourites();
      return null;
    }
    const root = createRoot(document.createElement('div'));
    act(() => root.render(<QueryClientProvider client={new QueryClient()}><Probe /></QueryClientProvider>));
    act(() => controls!.toggle(ring));
    expect(useFavouritesStore.getState().items).toEqual([{ ...ring, reservedUntil: null }]);
    expect(controls!.isFavourite(ring.id)).toBe(true);
    expect(controls!.isReservedByMe(ring.id)).toBe(false);
    act(() => controls!.toggle(ring));
    expect(useFavouritesStore.getState().items).toEqual([]);
    act(() => root.unmount());
  });
});

describe('useFavourites signed in, for a product with variants', () => {
  const variantId = '6f56d857-6897-4856-b449-e5a7689ca2f6';
  const bodies: unknown[] = [];
  afterEach(() => vi.unstubAllGlobals());

  it('reserves the chosen variant, and keeps a favourite without a choice local', async () => {
    setRuntimeConfig({ apiUrl: 'http://api.test' });
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      const reservation = { productId: ring.id, variantId, sku: 'AN-16', variantLabel: 'Aro 16', expiresAt: '2099-01-01T00:00:00.000Z', product: ring };
      return new Response(JSON.stringify(reservation), { status: 201, headers: { 'content-type': 'application/json' } });
    });
    useSessionStore.getState().setSession({ user: { id: 'u1', email: 'a@b.c', fullName: 'A' }, accessToken: 't', roles: [] });
    let controls: FavouriteControls | undefined;
    function Probe() {
      controls = useFavourites();
      return null;
    }
    const root = createRoot(document.createElement('div'));
    act(() => root.render(<QueryClientProvider client={new QueryClient()}><Probe /></QueryClientProvider>));
    act(() => controls!.toggle({ ...ring, variants: [{}] }));
    expect(bodies).toEqual([]);
    expect(useFavouritesStore.getState().items).toEqual([{ ...ring, reservedUntil: null }]);
    act(() => useFavouritesStore.setState({ items: [] }));
    await act(async () => controls!.toggle({ ...ring, variants: [{}], variantId }));
    await vi.waitFor(() => expect(useFavouritesStore.getState().items).toEqual([{ ...ring, reservedUntil: '2099-01-01T00:00:00.000Z' }]));
    expect(bodies).toEqual([{ productId: ring.id, variantId }]);
    act(() => root.unmount());
  });
});

describe('useFavourites before the session check has answered', () => {
  it('waits for the check, then toggles as the shopper it found', () => {
    let controls: FavouriteControls | undefined;
    function Probe() {
      controls = useFavourites();
      return null;
    }
    useSessionStore.setState({ loading: true });
    const root = createRoot(document.createElement('div'));
    act(() => root.render(<QueryClientProvider client={new QueryClient()}><Probe /></QueryClientProvider>));
    act(() => controls!.toggle(ring));
    expect(useFavouritesStore.getState().items).toEqual([]);
    act(() => useSessionStore.getState().clear());
    expect(useFavouritesStore.getState().items).toEqual([{ ...ring, reservedUntil: null }]);
    // Once only: later session changes do not toggle it again.
    act(() => useSessionStore.setState({ loading: false }));
    expect(useFavouritesStore.getState().items).toHaveLength(1);
    act(() => root.unmount());
  });
});
