/**
 * Refreshes the shared cart with the service's current products on every visit: updates the
 * store's prices (and names/images), drops products that no longer exist, and records a notice
 * for each change. Returns the refresh state and the current shortage notices.
 */
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useCartStore } from '@prata/shared-ui/state';
import { useCartProducts } from '../api/get-cart-products.ts';
import { useCartNoticesStore } from '../stores/cart-notices-store.ts';
import { reconcileCart, stockNotices } from './reconcile-cart.ts';

export interface CartRefresh {
  /** 'fresh' once every price came from the service (or the cart is empty). */
  status: 'loading' | 'error' | 'fresh';
  /** Price changes and removals since the shopper last dismissed them. */
  notices: string[];
  /** Current shortages ('esgotado', 'apenas N unidades'). */
  shortages: string[];
  dismiss(): void;
  retry(): void;
}

export function useCartRefresh(): CartRefresh {
  const ids = useCartStore(useShallow((state) => [...new Set(state.items.map((item) => item.id))]));
  const items = useCartStore((state) => state.items);
  const query = useCartProducts(ids);
  const notices = useCartNoticesStore((state) => state.notices);
  const dismiss = useCartNoticesStore((state) => state.dismiss);
  const { data, refetch } = query;

  useEffect(() => {
    if (!data) return;
    const result = reconcileCart(useCartStore.getState().items, data, ids);
    if (result.changed) useCartStore.setState({ items: result.items });
    if (result.notices.length > 0) useCartNoticesStore.getState().add(result.notices);
  }, [data, ids]);

  const status = ids.length === 0 || (query.isSuccess && !query.isFetching) ? 'fresh' : query.isError ? 'error' : 'loading';
  return {
    status,
    notices,
    shortages: data ? stockNotices(items, data) : [],
    dismiss,
    retry: () => void refetch(),
  };
}
