/** `GET /api/products/featured`: at most 8 featured products, newest first (home). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productListSchema, type Product } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getFeaturedProducts(signal?: AbortSignal): Promise<Product[]> {
  return apiRequest('/api/products/featured', productListSchema, signal ? { signal } : {});
}

export function getFeaturedProductsQueryOptions() {
  return queryOptions({ queryKey: ['products', 'featured'], queryFn: ({ signal }) => getFeaturedProducts(signal) });
}

export function useFeaturedProducts() {
  return useQuery(getFeaturedProductsQueryOptions());
}
