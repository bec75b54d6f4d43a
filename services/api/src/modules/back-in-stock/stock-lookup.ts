/**
 * Where back-in-stock reads a product's (or variant's) stock (issue 22). A strategy, so the
 * variants change can answer for variants without this module knowing their tables: the default
 * knows products only and treats any variant id as unknown.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { Product } from '../catalogue/index.ts';

/** What an alert needs of the item: units on hand, and the product's name and slug (for the e-mail). */
export interface StockedItem {
  stock: number;
  name: string;
  slug: string;
}

/** The item's stock and names; null when the product (not archived) or the variant does not exist. */
export type StockLookup = (em: EntityManager, productId: string, variantId: string | null) => Promise<StockedItem | null>;

/** The default {@link StockLookup}: a product's own stock; no variants (any variant id is unknown). */
export const productStockLookup: StockLookup = async (em, productId, variantId) => {
  if (variantId !== null) return null;
  const product = await em.findOne(Product, { id: productId, archivedAt: null }, { fields: ['stock', 'name', 'slug'] });
  return product ? { stock: product.stock, name: product.name, slug: product.slug } : null;
};
