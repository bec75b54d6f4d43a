/**
 * `GET /api/products?ids=...` (public): the current price, name, image and availability of the
 * cart's products. The cart refreshes its local prices with it on every visit (`staleTime: 0`),
 * so a stale local price is never shown at checkout.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productListSchema, type Product } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The service accepts at most this many ids per call. */
export const IDS_PER_REQUEST = 50;

export async function getCartProducts(ids: readonly string[], signal?: AbortSignal): Promise<Product[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) chunks.push(ids.slice(i, i + IDS_PER_REQUEST));
  const pages = await Promise.all(
    chunks.map((chunk) => apiRequest('/api/products', productListSchema, { query: { ids: chunk.join(',') }, auth: false, ...(signal ? { signal } : {}) })),
  );
  return pages.flat();
}

export function getCartProductsQueryOptions(ids: readonly string[]) {
  const sorted = [...ids].sort();
  return queryOptions({
    queryKey: ['products', 'by-ids', sorted.join(',')],
    queryFn: ({ signal }) => getCartProducts(sorted, signal),
    enabled: sorted.length > 0,
    staleTime: 0,
  });
}

export function useCartProducts(ids: readonly string[]) {
  return useQuery(getCartProductsQueryOptions(ids));
}
