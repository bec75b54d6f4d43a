/**
 * The checkout's freight quote: shared-ui's
 * `POST /api/shipping/quotes` query for the cart's lines and the CEP typed in the address form,
 * asked once the CEP has eight digits; while a new quote loads the previous one stays on screen.
 * The service builds and prices the package itself; the client only says where and what.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getShippingQuoteQueryOptions } from '@prata/shared-ui/shipping-quote';

/** A cart line as a quote needs it. */
export interface QuoteLine {
  productId: string;
  variantId?: string | null;
  quantity: number;
}

/** The quote for `cep` (as typed) and `lines`. Errors: ApiRequestError (400 CEP in no state, 404 product not for sale, 429). */
export function useShippingQuote(cep: string, lines: readonly QuoteLine[]) {
  const zipCode = cep.replace(/\D/g, '');
  const items = lines.map((line) => ({ productId: line.productId, variantId: line.variantId ?? null, quantity: line.quantity }));
  return useQuery({ ...getShippingQuoteQueryOptions({ zipCode, items }), enabled: zipCode.length === 8 && items.length > 0, placeholderData: keepPreviousData });
}
