/**
 * Freight quotes (issue 23 "Quotes by CEP ... the cart and checkout"): `POST /api/shipping/quotes`
 * for the cart's lines and a CEP, answer validated with the contract's `shippingQuoteSchema`. The
 * service builds and prices the package itself (product weights, packaging, the carrier or the
 * store's table); the client only says where and what.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { shippingQuoteSchema, type ShippingQuote } from '@prata/contracts';
import { apiRequest } from './api-client.ts';

/** A cart line as a quote needs it. */
export interface QuoteLine {
  productId: string;
  variantId?: string | null;
  quantity: number;
}

/** The options for `lines` to the CEP `digits` (eight digits). Throws ApiRequestError (400 CEP in no state, 404 product not for sale, 429). */
export function getShippingQuote(digits: string, lines: readonly QuoteLine[], signal?: AbortSignal): Promise<ShippingQuote> {
  const items = lines.map((line) => ({ productId: line.productId, variantId: line.variantId ?? null, quantity: line.quantity }));
  return apiRequest('/api/shipping/quotes', shippingQuoteSchema, { method: 'POST', auth: false, body: { zipCode: digits, items }, ...(signal ? { signal } : {}) });
}

/**
 * The quote for `cep` (as typed; quoted once it has eight digits) and `lines`, cached per CEP and
 * cart for a minute; while a new one loads the previous answer stays on screen.
 */
export function useShippingQuote(cep: string, lines: readonly QuoteLine[]) {
  const digits = cep.replace(/\D/g, '');
  const cart = lines.map((line) => `${line.productId}:${line.variantId ?? ''}:${line.quantity}`).join(',');
  return useQuery({
    queryKey: ['shipping-quote', digits, cart],
    queryFn: ({ signal }) => getShippingQuote(digits, lines, signal),
    enabled: digits.length === 8 && lines.length > 0,
    staleTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
