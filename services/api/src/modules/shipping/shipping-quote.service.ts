/**
 * Freight quotes by CEP: the package is built from the cart on the server (each
 * product's weight, or the default item weight, plus the packaging; one box of the configured size),
 * priced by the carrier aggregator (carrier-gateway.ts) within its timeout, or else by the store's
 * freight table for the destination's region (freight-rate.entity.ts), which the answer says
 * (`source: 'table'`). Every option's time adds the store's handling day. Free shipping (the
 * threshold and regions in `store_settings`) makes the cheapest option free when the goods reach it.
 * Prices come from the database, never from the client.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { REGION_OF_STATE, SHIPPING_CHANGED_MESSAGE, SHIPPING_REGIONS, type ShippingRegion, type OrderShippingChoice, type ShippingOption, type ShippingQuote, type ShippingQuoteRequest, shippingQuoteRequestSchema } from '@prata/contracts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { Product, ProductVariant } from '../catalogue/index.ts';
import { StoreSettingsService } from '../settings/index.ts';
import { CarrierUnavailableError, type CarrierGateway, type CarrierQuote, type Shipment } from './carrier-gateway.ts';
import { stateOfCep } from './cep-ranges.ts';
import { FreightRate } from './freight-rate.entity.ts';

/** Business days the store takes to hand an order to the carrier (storefront.md 9: processed within 24 h). */
export const HANDLING_DAYS = 1;

/** How a package is built (settings `PACKAGE_BOX_CM`, `PACKAGE_WEIGHT_G`, `DEFAULT_ITEM_WEIGHT_G`). */
export interface PackagingRules {
  /** The box, cm (Correios' minimum is 16 x 11 x 2). */
  box: { lengthCm: number; widthCm: number; heightCm: number };
  /** The box and its padding, grams. */
  packagingGrams: number;
  /** Weight of a piece whose product has none recorded, grams. */
  defaultItemGrams: number;
}

export interface ShippingQuoteOptions {
  /** The store's CEP (8 digits): where parcels leave from. */
  originCep: string;
  packaging: PackagingRules;
  /** The aggregator, or null to price every quote by the freight table. */
  gateway: CarrierGateway | null;
}

/** A priced package: the goods' value (BRL cents) and the options. */
export interface PricedShipment extends ShippingQuote {
  goodsCents: number;
  weightGrams: number;
}

export class ShippingQuoteService {
  private readonly options: ShippingQuoteOptions;

  constructor(options: ShippingQuoteOptions) {
    this.options = options;
  }

  /**
   * Quotes delivery of `request.items` to `request.zipCode`.
   * @throws ZodError for a malformed request; ValidationError (400) for a CEP in no state's range;
   *   NotFoundError (404) for a product that is not for sale (not in `statuses`: active only, unless
   *   the order, which refuses drafts and archived pieces with its own message, asks for all).
   *   `freeShipping: false` prices every option as the carrier charges the store (a label for an order
   *   already placed), without the shopper's free shipping.
   */
  async quote(
    em: EntityManager,
    request: ShippingQuoteRequest,
    { statuses = ['active'], freeShipping = true }: { statuses?: Product['status'][]; freeShipping?: boolean } = {},
  ): Promise<PricedShipment> {
    const { zipCode, items } = shippingQuoteRequestSchema.parse(request);
    const state = stateOfCep(zipCode);
    if (!state) throw new ValidationError('CEP inválido. Confira o número.', [{ path: 'zipCode', message: 'CEP inválido. Confira o número.' }]);
    const region = REGION_OF_STATE[state];

    const ids = [...new Set(items.map((item) => item.productId))];
    const products = await em.find(Product, { id: { $in: ids }, status: { $in: statuses } }, { fields: ['id', 'priceCents', 'weightGrams'] });
    if (products.length !== ids.length) throw new NotFoundError('Produto não encontrado');
    const byId = new Map(products.map((product) => [product.id, product]));
    // A variant's own price, when it has one, is what the goods cost.
    const variantIds = items.flatMap((item) => (item.variantId ? [item.variantId] : []));
    const variants = variantIds.length > 0 ? await em.find(ProductVariant, { id: { $in: variantIds } }, { fields: ['id', 'priceCents'] }) : [];
    const variantPrice = new Map(variants.map((variant) => [variant.id, variant.priceCents ?? null]));
    const { packaging } = this.options;
    let goodsCents = 0;
    let weightGrams = packaging.packagingGrams;
    for (const item of items) {
      const product = byId.get(item.productId)!;
      goodsCents += ((item.variantId ? variantPrice.get(item.variantId) : null) ?? product.priceCents) * item.quantity;
      weightGrams += (product.weightGrams ?? packaging.defaultItemGrams) * item.quantity;
    }
    const shipment: Shipment = { fromCep: this.options.originCep, toCep: zipCode, weightGrams, ...packaging.box, insuranceCents: goodsCents };

    let source: 'carrier' | 'table' = 'table';
    let quotes: CarrierQuote[] = [];
    if (this.options.gateway) {
      try {
        quotes = await this.options.gateway.quote(shipment);
        if (quotes.length > 0) source = 'carrier';
      } catch (error) {
        if (!(error instanceof CarrierUnavailableError)) throw error;
      }
    }
    if (source === 'table') quotes = await tableQuotes(em, region, weightGrams);

    const settings = await new StoreSettingsService(em).freeShipping();
    const free = freeShipping && settings.thresholdCents !== null && goodsCents >= settings.thresholdCents && (settings.regions === null || settings.regions.includes(region));
    const options: ShippingOption[] = quotes
      .map((quote) => ({ ...quote, minDays: quote.minDays + HANDLING_DAYS, maxDays: quote.maxDays + HANDLING_DAYS }))
      .sort((a, b) => a.priceCents - b.priceCents || a.maxDays - b.maxDays);
    if (free && options[0]) options[0] = { ...options[0], priceCents: 0 };
    return { zipCode: `${zipCode.slice(0, 5)}-${zipCode.slice(5)}`, state, region, source, options, freeShippingThresholdCents: settings.thresholdCents, goodsCents, weightGrams };
  }
}

/**
 * The option an order is charged (the server prices freight again when the order is placed):
 * the quote's option named by `choice.serviceId` when its price is the one the shopper
 * was shown, or the cheapest option when no choice was sent.
 * @throws ConflictError 409 'shipping_changed' when the service is no longer offered or its price
 *   is not `choice.priceCents` (a forged or stale figure); 'shipping_unavailable' when no option exists.
 */
export function chosenOption(quote: ShippingQuote, choice: OrderShippingChoice | undefined): ShippingOption {
  if (!choice) {
    const cheapest = quote.options[0];
    if (!cheapest) throw new ConflictError('Não há entrega disponível para este CEP.', 'shipping_unavailable');
    return cheapest;
  }
  const option = quote.options.find((candidate) => candidate.serviceId === choice.serviceId);
  if (!option || option.priceCents !== choice.priceCents) throw new ConflictError(SHIPPING_CHANGED_MESSAGE, 'shipping_changed');
  return option;
}

/** The freight table's options for `region` and a package of `weightGrams` (1 kg in the base price). */
async function tableQuotes(em: EntityManager, region: FreightRate['region'], weightGrams: number): Promise<CarrierQuote[]> {
  return priceRates(await em.find(FreightRate, { region }, { orderBy: { baseCents: 'asc' } }), weightGrams);
}

/** `rates` (cheapest base first) priced for a package of `weightGrams` (1 kg in the base price). */
function priceRates(rates: readonly FreightRate[], weightGrams: number): CarrierQuote[] {
  const extraKg = Math.max(0, Math.ceil((weightGrams - 1000) / 1000));
  return rates.map((rate) => ({
    serviceId: `tabela-${rate.service.toLowerCase()}`,
    carrier: 'Correios',
    name: rate.service,
    priceCents: rate.baseCents + extraKg * rate.perExtraKgCents,
    minDays: rate.minDays,
    maxDays: rate.maxDays,
  }));
}

/** What one package costs to ship to a region by the freight table: the cheapest service, BRL cents (0 when free). */
export interface RegionFreight {
  region: ShippingRegion;
  /** The service's name in the table (`PAC`, `SEDEX`). */
  service: string;
  priceCents: number;
}

/**
 * Prices packages by the store's freight table and free shipping, as a shopper who picks the
 * cheapest option is charged without a carrier quote (the table is read once; the returned function
 * is pure): for a package of `weightGrams` (packaging included) holding goods of `goodsCents`, the
 * cheapest service of each region, free where the free-shipping threshold and regions cover it.
 * Regions without rows are left out. The catalogue feeds' `g:shipping` use it.
 */
export async function freightTablePricer(em: EntityManager): Promise<(pkg: { weightGrams: number; goodsCents: number }) => RegionFreight[]> {
  const [rates, free] = await Promise.all([em.find(FreightRate, {}, { orderBy: { baseCents: 'asc' } }), new StoreSettingsService(em).freeShipping()]);
  return ({ weightGrams, goodsCents }) =>
    SHIPPING_REGIONS.flatMap((region) => {
      const cheapest = priceRates(rates.filter((rate) => rate.region === region), weightGrams).sort((a, b) => a.priceCents - b.priceCents)[0];
      if (!cheapest) return [];
      const isFree = free.thresholdCents !== null && goodsCents >= free.thresholdCents && (free.regions === null || free.regions.includes(region));
      return [{ region, service: cheapest.name, priceCents: isFree ? 0 : cheapest.priceCents }];
    });
}
