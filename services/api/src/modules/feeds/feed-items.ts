/**
 * The catalogue as shopping channels list it: one item per variant (a product without variants is
 * one item), built from the public catalogue (active products only, availability net of the
 * reservations and checkout holds, as the store's pages show it) by the attributes of Google
 * Merchant Center's product data specification (support.google.com/merchants/answer/7052112),
 * which Meta's catalogue feed shares. Both renderers (google-merchant.ts, meta-catalogue.ts) read
 * these items; they format, they decide nothing.
 *
 * Decisions:
 * - `salePriceCents` is always null. Google accepts `sale_price` only for a price every buyer pays
 *   (a promotion); a discount for paying by PIX depends on the payment method, so it is not a sale
 *   price (it would be disapproved as a price mismatch), and the catalogue has no compare-at or
 *   promotional price. The field exists so a real promotion can fill it later.
 * - A product without any image is left out: `image_link` is required, and an item without one is
 *   disapproved.
 * - Silver jewellery has no GTIN or MPN: `identifier_exists` is `no`, the brand is the store's own.
 * - `google_product_category` is the full path of Google's product taxonomy (accepted in place of its
 *   numeric id) for the stored category, under Apparel & Accessories > Jewelry.
 */
import { BRAZILIAN_STATES, REGION_OF_STATE, centsToDecimal, variantLabel, type Product, type ProductCategory } from '@prata/contracts';

/** The brand every item carries: the store's own pieces. */
export const FEED_BRAND = 'Prata 925';

/** Google's product taxonomy path of each stored category (support.google.com/merchants/answer/6324436). */
export const GOOGLE_PRODUCT_CATEGORY: Readonly<Record<ProductCategory, string>> = {
  aneis: 'Apparel & Accessories > Jewelry > Rings',
  brincos: 'Apparel & Accessories > Jewelry > Earrings',
  colares: 'Apparel & Accessories > Jewelry > Necklaces',
  pulseiras: 'Apparel & Accessories > Jewelry > Bracelets',
  conjuntos: 'Apparel & Accessories > Jewelry > Jewelry Sets',
};

/** Google's limits on `title` and `description`, characters. */
export const TITLE_MAX = 150;
export const DESCRIPTION_MAX = 5000;
/** Google reads at most 10 `additional_image_link`s (Meta 20). */
export const ADDITIONAL_IMAGES_MAX = 10;

/** One `g:shipping` of an item: delivery to a Brazilian state by a service, BRL cents (0: free). */
export interface FeedShipping {
  country: 'BR';
  /** The state's code (`SP`), Google's `region` of a shipping entry. */
  region: string;
  service: string;
  priceCents: number;
}

/** One item of a feed (Google's attributes, values already chosen; prices in BRL cents). */
export interface FeedItem {
  /** The variant's SKU, or the product's id for a product without variants. */
  id: string;
  /** The product's id when the item is one of its variants; null for a product without variants. */
  itemGroupId: string | null;
  /** The product's name, and the variant's options (`Anel Solitário - Aro 16`). */
  title: string;
  description: string;
  /** The product page's absolute URL. */
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  availability: 'in_stock' | 'out_of_stock';
  priceCents: number;
  /** Always null (see the module doc). */
  salePriceCents: number | null;
  brand: string;
  condition: 'new';
  identifierExists: false;
  googleProductCategory: string;
  shipping: FeedShipping[];
}

/** The freight of one package per region, as shipping's `freightTablePricer` answers. */
export type RegionPricer = (pkg: { weightGrams: number; goodsCents: number }) => readonly { region: string; service: string; priceCents: number }[];

export interface FeedItemsInput {
  /** The public catalogue (the catalogue service's list: active products, availability net of holds). */
  products: readonly Product[];
  /** The store's public origin (`SHELL_URL`), without a trailing slash: product pages are `<storeUrl>/produtos/<slug>`. */
  storeUrl: string;
  /** Each product's weight in grams, when recorded. */
  weights: ReadonlyMap<string, number | null>;
  /** Packaging weight and the weight of a piece without one, grams (shipping settings). */
  packaging: { packagingGrams: number; defaultItemGrams: number };
  freight: RegionPricer;
}

// XML 1.0 refuses these characters, and no channel shows them.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** `text` without control characters and blank runs, cut to `max` characters. */
function clean(text: string, max: number): string {
  const flat = text.replace(CONTROL_CHARACTERS, ' ').replace(/[ \t]+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** Google's shipping entries of one package: each state with its region's freight. */
function shippingOf(freight: ReturnType<RegionPricer>): FeedShipping[] {
  const byRegion = new Map(freight.map((entry) => [entry.region, entry]));
  return BRAZILIAN_STATES.flatMap((state) => {
    const entry = byRegion.get(REGION_OF_STATE[state]);
    return entry ? [{ country: 'BR' as const, region: state, service: entry.service, priceCents: entry.priceCents }] : [];
  });
}

/** The feed items of the catalogue, in its order (see the module doc for what is left out and why). */
export function feedItems({ products, storeUrl, weights, packaging, freight }: FeedItemsInput): FeedItem[] {
  return products.flatMap((product) => {
    const [cover, ...rest] = product.images.map((image) => image.url);
    const imageLink = cover ?? product.imageUrl;
    if (!imageLink) return [];
    const weightGrams = packaging.packagingGrams + (weights.get(product.id) ?? packaging.defaultItemGrams);
    const base = {
      description: clean(product.description?.trim() ? product.description : product.name, DESCRIPTION_MAX),
      link: `${storeUrl}/produtos/${encodeURIComponent(product.slug)}`,
      imageLink,
      additionalImageLinks: rest.slice(0, ADDITIONAL_IMAGES_MAX),
      salePriceCents: null,
      brand: FEED_BRAND,
      condition: 'new' as const,
      identifierExists: false as const,
      googleProductCategory: GOOGLE_PRODUCT_CATEGORY[product.category],
    };
    const item = (id: string, itemGroupId: string | null, title: string, priceCents: number, available: number): FeedItem => ({
      id,
      itemGroupId,
      title: clean(title, TITLE_MAX),
      ...base,
      availability: available > 0 ? 'in_stock' : 'out_of_stock',
      priceCents,
      shipping: shippingOf(freight({ weightGrams, goodsCents: priceCents })),
    });
    if (product.variants.length === 0) return [item(product.id, null, product.name, product.priceCents, product.available)];
    return product.variants.map((variant) => {
      const label = variantLabel(variant.options, product.options);
      return item(variant.sku, product.id, label ? `${product.name} - ${label}` : product.name, variant.priceCents, variant.available);
    });
  });
}

/** A price in Google's and Meta's format: `149.90 BRL` (from BRL cents). @throws RangeError for negative or fractional cents. */
export function feedPrice(cents: number): string {
  return `${centsToDecimal(cents)} BRL`;
}
