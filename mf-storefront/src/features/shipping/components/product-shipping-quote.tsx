/**
 * Freight on the product page (quoted by CEP, as in the cart and the
 * checkout): shared-ui's quote widget for one unit of the piece (its chosen variant, or the
 * product while none is chosen), the store's free-shipping hint, and the CEP remembered in the
 * cart store (`shippingCep`), so the cart and checkout start from it. The quote is asked on
 * demand ('Calcular'): a server-rendered page shows the empty field. With an engraving chosen
 * (`productionDays`), each option's days include its production and say so.
 */
import { useStoreOffers } from '@prata/shared-ui';
import { useCartStore } from '@prata/shared-ui/state';
import { withProductionDays } from '@prata/contracts/gifts';
import type { ShippingOption } from '@prata/contracts/shipping';
import { ShippingOptions, ShippingQuoteWidget } from '@prata/shared-ui/shipping-quote';

export interface ProductShippingQuoteProps {
  productId: string;
  variantId: string | null;
  /** Business days of production of the engraving chosen (0 or absent: none). */
  productionDays?: number;
}

export function ProductShippingQuote({ productId, variantId, productionDays = 0 }: ProductShippingQuoteProps) {
  const savedCep = useCartStore((state) => state.shippingCep);
  const setShippingCep = useCartStore((state) => state.setShippingCep);
  const offers = useStoreOffers();
  const renderOptions =
    productionDays > 0
      ? (options: readonly ShippingOption[]) => (
          <>
            <ShippingOptions options={withProductionDays(options, productionDays)} />
            <p data-testid="shipping-production-days">Prazos com +{productionDays} {productionDays === 1 ? 'dia útil' : 'dias úteis'} de produção da gravação.</p>
          </>
        )
      : undefined;
  return <ShippingQuoteWidget items={[{ productId, variantId, quantity: 1 }]} savedCep={savedCep} onCepQuoted={setShippingCep} freeShipping={offers} renderOptions={renderOptions} />;
}
