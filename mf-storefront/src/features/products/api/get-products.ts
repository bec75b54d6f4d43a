/** `GET /api/products?search&category`: the catalogue, newest first (storefront.md 7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productListSchema, type Product, type ProductCategory } from '@prata/contracts/catalogue';
import { useRealtimeInvalidate } from '@prata/shared-ui/state';
import { apiRequest } from '../../../lib/api-client.ts';

const LIVE_KEYS = [['products']] as const;

export interface ProductFilter {
  search?: string | undefined;
  category?: ProductCategory | undefined;
}

export function getProducts(filter: ProductFilter, signal?: AbortSignal): Promise<Product[]> {
  return apiRequest('/api/products', productListSchema, {
    query: { search: filter.search, category: filter.category },
    ...(signal ? { signal } : {}),
  });
}

export function getProductsQueryOptions(filter: ProductFilter) {
  return queryOptions({
    queryKey: ['products', 'list', filter.search ?? '', filter.category ?? ''],
    queryFn: ({ signal }) => getProducts(filter, signal),
  });
}

/** The query, kept fresh by the `products` realtime channel (an admin's change refetches it). */
export function useProducts(filter: ProductFilter) {
  useRealtimeInvalidate('products', LIVE_KEYS);
  return useQuery(getProductsQueryOptions(filter));
}
