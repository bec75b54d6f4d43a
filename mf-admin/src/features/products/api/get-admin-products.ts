/**
 * The product list of the products tab and the home page's inline manager: `GET /api/products`
 * (the catalogue the shoppers see: archived products never show) with the search and category
 * filters, newest first (admin.md 7). Live through lib/live-updates.ts, polled every 30 s while the socket is down.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { productListSchema, productSchema, type Product, type ProductCategory } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLive } from '../../../lib/live-updates.ts';
import { adminKeys, liveRefetchInterval } from '../../../lib/query-keys.ts';

export function getAdminProducts(search: string, category: ProductCategory | '', signal?: AbortSignal): Promise<Product[]> {
  return apiRequest('/api/products', productListSchema, { query: { search: search || undefined, category: category || undefined }, ...(signal ? { signal } : {}) });
}

/** @param live the realtime socket is open (no polling then). */
export function getAdminProductsQueryOptions(search: string, category: ProductCategory | '', live = false) {
  return queryOptions({
    queryKey: adminKeys.productList(search, category),
    queryFn: ({ signal }) => getAdminProducts(search, category, signal),
    refetchInterval: liveRefetchInterval(live),
    placeholderData: keepPreviousData,
  });
}

export function useAdminProducts(search: string, category: ProductCategory | '') {
  return useQuery(getAdminProductsQueryOptions(search, category, useLive()));
}

/** One product (a search result's link may name one the current filter hides). */
export function getProduct(id: string): Promise<Product> {
  return apiRequest(`/api/products/${encodeURIComponent(id)}`, productSchema);
}
