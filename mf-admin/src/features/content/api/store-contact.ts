/**
 * The store's contact details: `GET /api/store-contact` and
 * `PUT /api/admin/store-contact` (the read is shared-ui's query). Same query key as the shell footer's and the storefront contact
 * page's (one query client), so a save refreshes them too.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { storeContactSchema, type StoreContact, type StoreContactUpdate } from '@prata/contracts';
import { STORE_CONTACT_QUERY_KEY, getStoreContactQueryOptions } from '@prata/shared-ui';
import { apiRequest } from '../../../lib/api-client.ts';

/** The stored details, with the query's loading and error states (the shared query of shared-ui). */
export function useStoredContact() {
  return useQuery(getStoreContactQueryOptions());
}

export function saveStoreContact(update: StoreContactUpdate): Promise<StoreContact> {
  return apiRequest('/api/admin/store-contact', storeContactSchema, { method: 'PUT', body: update });
}

export function useSaveStoreContact() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveStoreContact, onSuccess: (saved) => queryClient.setQueryData(STORE_CONTACT_QUERY_KEY, saved) });
}
