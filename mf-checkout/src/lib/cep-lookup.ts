/**
 * The address of a CEP: `GET /api/cep/:cep`, answer
 * validated with the contract's `cepAddressSchema`. Used by the checkout's and the account's address
 * forms: once eight digits are typed the lookup runs, its answer fills the street, neighbourhood,
 * city and UF, and a line under the CEP says what happened. The lookup never blocks the form: a
 * CEP it does not know (404) or a lookup that is down (503, network) only shows its message and the
 * shopper types the address by hand.
 */
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CEP_LOOKUP_UNAVAILABLE_MESSAGE, CEP_NOT_FOUND_MESSAGE, cepAddressSchema, type CepAddress } from '@prata/contracts';
import { ApiRequestError, apiRequest } from './api-client.ts';

/** The address of `digits` (eight digits). Throws ApiRequestError (404 unknown CEP, 503 lookup down). */
export function getCepAddress(digits: string, signal?: AbortSignal): Promise<CepAddress> {
  return apiRequest(`/api/cep/${digits}`, cepAddressSchema, { auth: false, ...(signal ? { signal } : {}) });
}

/** What the CEP line under the field says, or null while nothing is to be said. */
export type CepLookupStatus = { kind: 'pending' | 'found' | 'failed'; message: string } | null;

/**
 * Looks `cep` up once it has eight digits and calls `fill` once per CEP with its address.
 * @param cep the field's value as typed (masked or not).
 * @param fill writes the address into the form (called once for each newly found CEP).
 */
export function useCepAutofill(cep: string, fill: (address: CepAddress) => void): CepLookupStatus {
  const digits = cep.replace(/\D/g, '');
  const lookup = useQuery({
    queryKey: ['cep', digits],
    queryFn: ({ signal }) => getCepAddress(digits, signal),
    enabled: digits.length === 8,
    staleTime: Infinity,
    retry: false,
  });
  const filled = useRef<string | null>(null);
  const fillRef = useRef(fill);
  fillRef.current = fill;
  useEffect(() => {
    if (!lookup.data || filled.current === digits) return;
    filled.current = digits;
    fillRef.current(lookup.data);
  }, [lookup.data, digits]);

  if (digits.length !== 8) return null;
  if (lookup.isPending) return { kind: 'pending', message: 'Buscando endereço...' };
  if (lookup.data) return { kind: 'found', message: `Endereço de ${lookup.data.city}/${lookup.data.state} preenchido pelo CEP.` };
  const notFound = lookup.error instanceof ApiRequestError && lookup.error.status === 404;
  return { kind: 'failed', message: notFound ? CEP_NOT_FOUND_MESSAGE : CEP_LOOKUP_UNAVAILABLE_MESSAGE };
}
