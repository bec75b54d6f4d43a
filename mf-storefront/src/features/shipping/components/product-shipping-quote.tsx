/**
 * Freight on the product page (quoted by CEP, as in the cart and the
 * checkout): shared-ui's quote widget for one unit of the piece (its chosen variant, or the
 * product while none is chosen), the store's free-shipping hint, and the CEP remembered in the
 * cart store (`shippingCep`), so the cart and checkout start from it. The quote is asked on
 * demand ('Calcular'): a server-rendered page shows the empty field.
 */
import { useStoreOffers, useCartStore } from '@prata/shared-ui';
import { ShippingQuoteWidget } from '@prata/shared-ui/shipping-quote';

export interface ProductShippingQuoteProps {
  productId: string;
  variantId: string | null;
}

export function ProductShippingQuote({ productId, variantId }: ProductShippingQuoteProps) {
  const savedCep = useCartStore((state) => state.shippingCep);
  const setShippingCep = useCartStore((state) => state.setShippingCep);
  const offers = useStoreOffers();
  return <ShippingQuoteWidget items={[{ productId, variantId, quantity: 1 }]} savedCep={savedCep} onCepQuoted={setShippingCep} freeShipping={offers} />;
}
