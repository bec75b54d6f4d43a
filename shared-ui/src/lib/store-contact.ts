/**
 * `GET /api/store-contact`: the store's contact details and opening hours, edited in
 * the panel's Conteúdo tab. One query (key `['store-contact']`) for the shell's footer (prefetched
 * with the chrome for server rendering), the storefront's contact page and the panel, so a save
 * in the panel refreshes all of them.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_STORE_CONTACT, storeContactSchema, type StoreContact } from '@prata/contracts/content';
import { apiRequest } from '@prata/shared-ui/state';

/** The query key of the store's contact details. */
export const STORE_CONTACT_QUERY_KEY = ['store-contact'] as const;

/** Fetches the contact details. @throws ApiRequestError when the call fails. */
export function getStoreContact(signal?: AbortSignal): Promise<StoreContact> {
  return apiRequest('/api/store-contact', storeContactSchema, signal ? { signal } : {});
}

export function getStoreContactQueryOptions() {
  return queryOptions({ queryKey: STORE_CONTACT_QUERY_KEY, queryFn: ({ signal }) => getStoreContact(signal), staleTime: 5 * 60_000 });
}

/** The stored contact details; `DEFAULT_STORE_CONTACT` while loading or when the call failed. */
export function useStoreContact(): StoreContact {
  return useQuery(getStoreContactQueryOptions()).data ?? DEFAULT_STORE_CONTACT;
}
