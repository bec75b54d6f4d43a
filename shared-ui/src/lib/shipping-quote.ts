/**
 * `POST /api/shipping/quotes` (quotes by CEP on the product page, the cart and
 * the checkout): the delivery options for some cart lines to a CEP, priced on the server (the
 * carrier aggregator, or the store's table when it does not answer: `source: 'table'`). One
 * endpoint file for every app that quotes (the storefront's product page, the cart, the checkout),
 * through the shipping-quote widget (`@prata/shared-ui/shipping-quote`).
 */
import { queryOptions } from '@tanstack/react-query';
import { shippingQuoteSchema, type ShippingQuote, type ShippingQuoteRequest } from '@prata/contracts/shipping';
import { ApiRequestError, apiRequest } from '@prata/shared-ui/state';

/** Said when the quote failed for a reason the service did not explain (network, 5xx). */
export const SHIPPING_QUOTE_FAILED_MESSAGE = 'Não foi possível calcular o frete agora. Tente novamente em instantes.';

/**
 * Quotes `request` (CEP with or without the hyphen, the lines with quantities). Public and
 * without `Authorization`: the quote depends on nobody's account.
 * @throws ApiRequestError: 400 a CEP in no state or a malformed body, 404 a product not for sale,
 *   429 too many quotes, each with the service's pt-BR message.
 */
export function getShippingQuote(request: ShippingQuoteRequest, signal?: AbortSignal): Promise<ShippingQuote> {
  return apiRequest('/api/shipping/quotes', shippingQuoteSchema, { method: 'POST', body: request, auth: false, ...(signal ? { signal } : {}) });
}

/** The query of a quote: key `['shipping-quote', zipCode, items]`, so a changed cart quotes again. */
export function getShippingQuoteQueryOptions(request: ShippingQuoteRequest) {
  return queryOptions({
    queryKey: ['shipping-quote', request.zipCode, request.items] as const,
    queryFn: ({ signal }) => getShippingQuote(request, signal),
    staleTime: 60_000,
    retry: false,
  });
}

/** What the shopper reads for a failed quote: the service's message for a 4xx, else {@link SHIPPING_QUOTE_FAILED_MESSAGE}. */
export function shippingQuoteErrorMessage(error: unknown): string {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500 ? error.message : SHIPPING_QUOTE_FAILED_MESSAGE;
}
