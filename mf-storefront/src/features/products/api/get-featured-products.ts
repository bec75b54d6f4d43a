/** `GET /api/products/featured`: at most 8 featured products, newest first (home). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productListSchema, type Product } from '@prata/contracts/catalogue';
import { useRealtimeInvalidate } from '@prata/shared-ui';
import { apiRequest } from '../../../lib/api-client.ts';

const LIVE_KEYS = [['products']] as const;

/**
 * Public and without `Authorization`, so the request matches the `preload` the shell's host puts
 * in the home page and needs no CORS preflight.
 */
export function getFeaturedProducts(signal?: AbortSignal): Promise<Product[]> {
  return apiRequest('/api/products/featured', productListSchema, { auth: false, ...(signal ? { signal } : {}) });
}

export function getFeaturedProductsQueryOptions() {
  return queryOptions({ queryKey: ['products', 'featured'], queryFn: ({ signal }) => getFeaturedProducts(signal) });
}

/** The query, kept fresh by the `products` realtime channel (an admin's change refetches it). */
export function useFeaturedProducts() {
  useRealtimeInvalidate('products', LIVE_KEYS);
  return useQuery(getFeaturedProductsQueryOptions());
}
