/**
 * Freight in the cart:
 * shared-ui's quote widget for every cart line, starting from the CEP remembered in the cart store
 * (quoted at once when there is one) and remembering each CEP quoted; the store's free-shipping
 * hint under the field. It hands the quote to the summary (`onQuote`), which shows the cheapest
 * option's price. The checkout offers the choice among the options. With engraved lines, each
 * option's days include the longest engraving's production and say so.
 */
import { useMemo } from 'react';
import { productionDays, withProductionDays } from '@prata/contracts/gifts';
import type { ShippingOption, ShippingQuote } from '@prata/contracts/shipping';
import { useStoreOffers } from '@prata/shared-ui';
import { useCartStore, type CartItem } from '@prata/shared-ui/state';
import { ShippingOptions, ShippingQuoteWidget } from '@prata/shared-ui/shipping-quote';
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
  const days = productionDays(items.map((item) => ({ engraved: Boolean(item.engraving), extraDays: item.engraving?.extraDays ?? 0 })));
  const renderOptions =
    days > 0
      ? (options: readonly ShippingOption[]) => (
          <>
            <ShippingOptions options={withProductionDays(options, days)} />
            <p data-testid="shipping-production-days">Prazos com +{days} {days === 1 ? 'dia útil' : 'dias úteis'} de produção da gravação.</p>
          </>
        )
      : undefined;
  return <ShippingQuoteWidget items={lines} savedCep={savedCep} autoQuote onCepQuoted={setShippingCep} freeShipping={offers} onQuote={onQuote} renderOptions={renderOptions} />;
}
