/**
 * The signed-in shopper's saved addresses, used by the account page (list, add, edit,
 * remove, mark default) and by the checkout (pick one to fill the address fields; save the one
 * just typed): `GET/POST /api/me/addresses`, `PATCH/DELETE /api/me/addresses/:id`, answers
 * validated with the contract's `savedAddressSchema`. Every mutation invalidates the list's key.
 * Errors are the shared client's `ApiRequestError` (a 400 carries the pt-BR issues; 409 at 10).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { messageSchema, savedAddressSchema, type SavedAddress, type SavedAddressInput, type SavedAddressUpdate } from '@prata/contracts';
import { apiRequest } from './api-client.ts';

const ADDRESSES_URL = '/api/me/addresses';

/** The list's query options (key `['saved-addresses']`). */
export const savedAddressesQueryOptions = queryOptions({
  queryKey: ['saved-addresses'] as const,
  queryFn: (): Promise<SavedAddress[]> => apiRequest(ADDRESSES_URL, z.array(savedAddressSchema)),
});

/** The shopper's addresses, the default first; `enabled` false for a signed-out visitor. */
export function useSavedAddresses(enabled = true) {
  return useQuery({ ...savedAddressesQueryOptions, enabled });
}

/** A mutation that refreshes the list once it settles. */
function useAddressMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: savedAddressesQueryOptions.queryKey }) });
}

/** `POST /api/me/addresses`: adds an address (the first one becomes the default). */
export function useCreateSavedAddress() {
  return useAddressMutation((input: SavedAddressInput) => apiRequest(ADDRESSES_URL, savedAddressSchema, { method: 'POST', body: input }));
}

/** `PATCH /api/me/addresses/:id`: edits an address, or marks it the default with `{ isDefault: true }`. */
export function useUpdateSavedAddress() {
  return useAddressMutation(({ id, changes }: { id: string; changes: SavedAddressUpdate }) =>
    apiRequest(`${ADDRESSES_URL}/${encodeURIComponent(id)}`, savedAddressSchema, { method: 'PATCH', body: changes }),
  );
}

/** `DELETE /api/me/addresses/:id`: removes an address. */
export function useDeleteSavedAddress() {
  return useAddressMutation((id: string) => apiRequest(`${ADDRESSES_URL}/${encodeURIComponent(id)}`, messageSchema, { method: 'DELETE' }));
}

/** One line for a picker or a list: 'Av. Paulista, 1000 - Ap 12 - Bela Vista, São Paulo/SP - 01310-100'. */
export function addressLine(address: Pick<SavedAddress, 'street' | 'number' | 'complement' | 'neighborhood' | 'city' | 'state' | 'zipCode'>): string {
  const complement = address.complement ? ` - ${address.complement}` : '';
  return `${address.street}, ${address.number}${complement} - ${address.neighborhood}, ${address.city}/${address.state} - ${address.zipCode}`;
}
