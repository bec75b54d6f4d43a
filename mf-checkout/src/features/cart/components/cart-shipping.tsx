/**
 * Freight in the cart:
 * shared-ui's quote widget for every cart line, starting from the CEP remembered in the cart store
 * (quoted at once when there is one) and remembering each CEP quoted; the store's free-shipping
 * hint under the field. It hands the quote to the summary (`onQuote`), which shows the cheapest
 * option's price. The checkout offers the choice among the options.
 */
import { useMemo } from 'react';
import type { ShippingQuote } from '@prata/contracts/shipping';
import { useCartStore, useStoreOffers, type CartItem } from '@prata/shared-ui';
import { ShippingQuoteWidget } from '@prata/shared-ui/shipping-quote';
import { useShippingCep } from '../stores/cart-pricing.ts';

export interface CartShippingProps {
  items: readonly CartItem[];
  onQuote: (quote: ShippingQuote | null) => void;
}

export function CartShipping({ items, onQuote }: CartShippingProps) {
  const savedCep = useShippingCep();
  const setShippingCep = useCartStore((state) => state.setShippingCep);
  const offers = useStoreOffers();
  const lines = useMemo(() => items.map((item) => ({ productId: item.id, variantId: item.variantId ?? null, quantity: item.quantity })), [items]);
  return <ShippingQuoteWidget items={lines} savedCep={savedCep} autoQuote onCepQuoted={setShippingCep} freeShipping={offers} onQuote={onQuote} />;
}
