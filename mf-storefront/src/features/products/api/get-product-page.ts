/**
 * `GET /api/products/page?search&category&ids&sort&page&pageSize`: one page of the catalogue (the
 * products of page `page`, from 1, in the list's order) with the total count and the page count,
 * paged by the service. Public and without `Authorization`, like the other catalogue reads.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CATALOGUE_PAGE_SIZE, productPageSchema, type CatalogueSort, type ProductCategory, type ProductPage } from '@prata/contracts/catalogue';
import { useRealtimeInvalidate } from '@prata/shared-ui/state';
import { apiRequest } from '../../../lib/api-client.ts';

const LIVE_KEYS = [['products']] as const;

/** A page of the catalogue: its filters and its number (from 1). */
export interface ProductPageFilter {
  search?: string | undefined;
  category?: ProductCategory | undefined;
  /** Only these products (the shopper's favourites); undefined: every product. */
  ids?: readonly string[] | undefined;
  /** Newest first (default) or best rated first. */
  sort?: CatalogueSort | undefined;
  page: number;
}

export function getProductPage(filter: ProductPageFilter, signal?: AbortSignal): Promise<ProductPage> {
  return apiRequest('/api/products/page', productPageSchema, {
    query: {
      search: filter.search,
      category: filter.category,
      ids: filter.ids?.join(','),
      sort: filter.sort === 'rating' ? 'rating' : undefined,
      page: filter.page > 1 ? String(filter.page) : undefined,
      pageSize: String(CATALOGUE_PAGE_SIZE),
    },
    auth: false,
    ...(signal ? { signal } : {}),
  });
}

export function getProductPageQueryOptions(filter: ProductPageFilter) {
  return queryOptions({
    queryKey: ['products', 'page', filter.search ?? '', filter.category ?? '', filter.ids?.join(',') ?? '', filter.sort ?? 'newest', filter.page],
    queryFn: ({ signal }) => getProductPage(filter, signal),
  });
}

/**
 * The page's query, kept fresh by the `products` realtime channel. Going to another page keeps
 * the current one on screen until the next has arrived (no skeleton in between, nothing moves);
 * `enabled: false` waits (the favourites, known only once read from the browser's storage).
 */
export function useProductPage(filter: ProductPageFilter, enabled = true) {
  useRealtimeInvalidate('products', LIVE_KEYS);
  return useQuery({ ...getProductPageQueryOptions(filter), placeholderData: keepPreviousData, enabled });
}
