/**
 * Where back-in-stock reads a product's (or variant's) stock. A strategy, so tests and
 * other catalogues can answer differently; the default reads the catalogue's products and variants.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { variantLabel } from '@prata/contracts';
import { Product, ProductVariant } from '../catalogue/index.ts';

/** What an alert needs of the item: units on hand, and its name (with the variant, e.g. 'Anel — Aro 18') and the product's slug (for the e-mail). */
export interface StockedItem {
  stock: number;
  name: string;
  slug: string;
}

/** The item's stock and names; null when the product (not archived) or the variant does not exist. */
export type StockLookup = (em: EntityManager, productId: string, variantId: string | null) => Promise<StockedItem | null>;

/**
 * The default {@link StockLookup}: a variant's stock (named 'Produto — Aro 18'), or the product's own
 * for a product without options. A product with options has no stock of its own to wait for: null.
 */
export const productStockLookup: StockLookup = async (em, productId, variantId) => {
  const product = await em.findOne(Product, { id: productId, status: 'active' }, { fields: ['stock', 'name', 'slug', 'options'] });
  if (!product) return null;
  if (variantId === null) return product.options.length === 0 ? { stock: product.stock, name: product.name, slug: product.slug } : null;
  const variant = await em.findOne(ProductVariant, { id: variantId, product: productId }, { fields: ['stock', 'options'] });
  return variant ? { stock: variant.stock, name: `${product.name} — ${variantLabel(variant.options, product.options)}`, slug: product.slug } : null;
};
