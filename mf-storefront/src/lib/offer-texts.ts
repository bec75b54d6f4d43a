/**
 * The store's free shipping as the storefront's texts state it, from its own offers
 * (`useStoreOffers()`, `GET /api/store-offers`): 'frete grátis a partir de R$ 299,00', with
 * ' para Sudeste e Sul' when it holds only in some regions; null when the store gives none, so
 * no page promises free shipping the checkout would not give.
 */
import { SHIPPING_REGION_NAMES, type StoreOffers } from '@prata/contracts/shipping';
import { formatBRL } from '@prata/shared-ui';

export function freeShippingPhrase({ freeShippingThresholdCents, freeShippingRegions }: Pick<StoreOffers, 'freeShippingThresholdCents' | 'freeShippingRegions'>): string | null {
  if (freeShippingThresholdCents === null) return null;
  const names = (freeShippingRegions ?? []).map((region) => SHIPPING_REGION_NAMES[region]);
  const where = names.length > 1 ? ` para ${names.slice(0, -1).join(', ')} e ${names.at(-1)}` : names.length === 1 ? ` para ${names[0]}` : '';
  return `frete grátis${where} a partir de ${formatBRL(freeShippingThresholdCents)}`;
}
