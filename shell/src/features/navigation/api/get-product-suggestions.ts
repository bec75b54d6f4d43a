/**
 * `GET /api/products/suggestions?q=`: the product names (with their page slugs) and the
 * categories the search bar suggests for the typed text, accents, case and a typo tolerated.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { productSuggestionsSchema, type ProductSuggestions } from '@prata/contracts/catalogue';
import { apiRequest } from '@prata/shared-ui';

/** The suggestions for `q` (trimmed, non-blank). @throws ApiRequestError on a failed call. */
export function getProductSuggestions(q: string, signal?: AbortSignal): Promise<ProductSuggestions> {
  return apiRequest(`/api/products/suggestions?q=${encodeURIComponent(q)}`, productSuggestionsSchema, signal ? { signal } : {});
}

export function getProductSuggestionsQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['products', 'suggestions', q],
    queryFn: ({ signal }) => getProductSuggestions(q, signal),
    staleTime: 60_000,
    enabled: q.length > 0,
  });
}

/** The suggestions for `q` (none asked for a blank one); the previous answer shows while the next loads. */
export function useProductSuggestions(q: string) {
  return useQuery({ ...getProductSuggestionsQueryOptions(q), placeholderData: keepPreviousData });
}
