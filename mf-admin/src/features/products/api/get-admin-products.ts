/**
 * The product list of the products tab and the home page's inline manager:
 * `GET /api/admin/products` with the status filter (active, draft, archived or all),
 * the search and the category, newest first (admin.md 7), and the counts per status. Live through
 * lib/live-updates.ts, polled every 30 s while the socket is down.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminProductListSchema, adminProductSchema, type AdminProduct, type AdminProductFilter, type AdminProductList, type ProductCategory } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLive } from '../../../lib/live-updates.ts';
import { adminKeys, liveRefetchInterval } from '../../../lib/query-keys.ts';

export function getAdminProducts(status: AdminProductFilter, search: string, category: ProductCategory | '', signal?: AbortSignal): Promise<AdminProductList> {
  return apiRequest('/api/admin/products', adminProductListSchema, {
    query: { status, search: search || undefined, category: category || undefined },
    ...(signal ? { signal } : {}),
  });
}

/** @param live the realtime socket is open (no polling then). */
export function getAdminProductsQueryOptions(status: AdminProductFilter, search: string, category: ProductCategory | '', live = false) {
  return queryOptions({
    queryKey: adminKeys.productList(status, search, category),
    queryFn: ({ signal }) => getAdminProducts(status, search, category, signal),
    refetchInterval: liveRefetchInterval(live),
    placeholderData: keepPreviousData,
  });
}

export function useAdminProducts(status: AdminProductFilter, search: string, category: ProductCategory | '') {
  return useQuery(getAdminProductsQueryOptions(status, search, category, useLive()));
}

/** One product of any status (a search result's link may name one the current filter hides). */
export function getProduct(id: string): Promise<AdminProduct> {
  return apiRequest(`/api/admin/products/${encodeURIComponent(id)}`, adminProductSchema);
}
