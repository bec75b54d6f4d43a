/**
 * One product for its page: `GET /api/products/by-slug/:slug`, and
 * `GET /api/products/:id` for the old address `/produtos/<id>` (which moves to the slug).
 * Public and without `Authorization` (no CORS preflight). A product the service does not show
 * (unknown, draft or archived) answers 404 'Produto não encontrado': the page's query then holds
 * `null` (a result, not an error, so the server's render and the browser's hydration agree on the
 * not-found page and the shell's host answers 404).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productSchema, type Product } from '@prata/contracts/catalogue';
import { ApiRequestError, useRealtimeInvalidate } from '@prata/shared-ui';
import { apiRequest } from '../../../lib/api-client.ts';

const LIVE_KEYS = [['products']] as const;

export function getProductBySlug(slug: string, signal?: AbortSignal): Promise<Product> {
  return apiRequest(`/api/products/by-slug/${encodeURIComponent(slug)}`, productSchema, { auth: false, ...(signal ? { signal } : {}) });
}

export function getProductById(id: string, signal?: AbortSignal): Promise<Product> {
  return apiRequest(`/api/products/${encodeURIComponent(id)}`, productSchema, { auth: false, ...(signal ? { signal } : {}) });
}

/** The product at `slug`, or null when the service answers 404. */
export async function findProductBySlug(slug: string, signal?: AbortSignal): Promise<Product | null> {
  try {
    return await getProductBySlug(slug, signal);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export function getProductQueryOptions(slug: string) {
  return queryOptions({ queryKey: ['products', 'slug', slug], queryFn: ({ signal }) => findProductBySlug(slug, signal), retry: false });
}

export function getProductByIdQueryOptions(id: string) {
  return queryOptions({ queryKey: ['products', 'id', id], queryFn: ({ signal }) => getProductById(id, signal), retry: false });
}

/** The product of a page, kept fresh by the `products` realtime channel; disabled without a slug. */
export function useProduct(slug: string | undefined) {
  useRealtimeInvalidate('products', LIVE_KEYS);
  return useQuery({ ...getProductQueryOptions(slug ?? ''), enabled: Boolean(slug) });
}

/** The product at an old id address (for the redirect to its slug); disabled without an id. */
export function useProductById(id: string | undefined) {
  return useQuery({ ...getProductByIdQueryOptions(id ?? ''), enabled: Boolean(id) });
}
