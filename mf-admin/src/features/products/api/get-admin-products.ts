/**
 * The product list of the products tab and the home page's inline manager: `GET /api/products`
 * (the catalogue the shoppers see: archived products never show) with the search and category
 * filters, newest first (admin.md 7). Polled every 30 s until live updates (lib/query-keys.ts).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { productListSchema, productSchema, type Product, type ProductCategory } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { LIVE_REFETCH_INTERVAL_MS, adminKeys } from '../../../lib/query-keys.ts';

export function getAdminProducts(search: string, category: ProductCategory | '', signal?: AbortSignal): Promise<Product[]> {
  return apiRequest('/api/products', productListSchema, { query: { search: search || undefined, category: category || undefined }, ...(signal ? { signal } : {}) });
}

export function getAdminProductsQueryOptions(search: string, category: ProductCategory | '') {
  return queryOptions({
    queryKey: adminKeys.productList(search, category),
    queryFn: ({ signal }) => getAdminProducts(search, category, signal),
    refetchInterval: LIVE_REFETCH_INTERVAL_MS,
    placeholderData: keepPreviousData,
  });
}

export function useAdminProducts(search: string, category: ProductCategory | '') {
  return useQuery(getAdminProductsQueryOptions(search, category));
}

/** One product (a search result's link may name one the current filter hides). */
export function getProduct(id: string): Promise<Product> {
  return apiRequest(`/api/products/${encodeURIComponent(id)}`, productSchema);
}
