/**
 * Saving a product's options and variants from the admin's create/update body, inside
 * the caller's transaction (the product row is locked by then): variants named by `id` are
 * updated, new ones created, removed ones deleted; `products.options` takes the new options and
 * `products.stock` the sum of the variants' stock. The contracts already checked the body's own
 * rules (one value per option, no repeated combination or SKU); here the rules that need the
 * database: SKUs unique store-wide, ids of this product's variants, and removed variants that
 * order lines reference (refused: the admin sets their stock to zero instead).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProductInput, productInputSchema } from '@prata/contracts';
import type { z } from 'zod';
import { ConflictError, ValidationError } from '../../errors.ts';
import type { Product } from './product.entity.ts';
import { ProductVariant } from './product-variant.entity.ts';
import { ProductReservation } from './reservation.entity.ts';

/** The parsed body of a product create/update. */
export type ParsedProductInput = z.output<typeof productInputSchema>;
export type { ProductInput };

/**
 * Which of `variantIds` order lines reference. The orders module answers it (modules/orders
 * `orderedVariants`); the app hands it to the catalogue, which knows nothing of orders.
 */
export type VariantOrderCheck = (em: EntityManager, variantIds: string[]) => Promise<string[]>;

/** What changed, for the audit: SKUs created, updated (stock or price or options) and deleted. */
export interface VariantChanges {
  created: string[];
  updated: string[];
  deleted: string[];
  /** Stock of each kept variant before and after the save (back-in-stock: a 0 -> >0 change is a replenishment). */
  stock: { variantId: string; before: number; after: number }[];
}

/**
 * Saves `data.options` and `data.variants` on `product` and sets its stock: the
 * variants' sum, or `data.stock` without variants. Active reservations that can no longer hold
 * (their variant removed, or a variant missing after the product gained options) are released.
 * @throws ConflictError 'SKU duplicado' (`duplicate_sku`, another product's SKU) or a removed
 * variant with orders (`variant_ordered`); ValidationError for an `id` that is not this product's.
 */
export async function saveVariants(tx: EntityManager, product: Product, data: ParsedProductInput, orderedVariants: VariantOrderCheck, now: Date): Promise<VariantChanges> {
  const existing = await tx.find(ProductVariant, { product: product.id }, { orderBy: { position: 'asc' } });
  const byId = new Map(existing.map((variant) => [variant.id, variant]));
  data.variants.forEach((variant, index) => {
    if (variant.id && !byId.has(variant.id)) throw new ValidationError('Variante inválida', [{ path: `variants.${index}.id`, message: 'Variante inválida' }], 'unknown_variant');
  });
  const kept = new Set(data.variants.flatMap((variant) => (variant.id ? [variant.id] : [])));
  const removed = existing.filter((variant) => !kept.has(variant.id));
  if (removed.length > 0) {
    const ordered = new Set(await orderedVariants(tx, removed.map((variant) => variant.id)));
    const blocked = removed.find((variant) => ordered.has(variant.id));
    if (blocked) {
      throw new ConflictError(`A variante ${blocked.sku} tem pedidos e não pode ser removida. Deixe o estoque dela em zero.`, 'variant_ordered');
    }
  }
  const skus = data.variants.map((variant) => variant.sku);
  if (skus.length > 0) {
    const taken = await tx.getConnection().execute<{ sku: string }[]>(
      `select sku from product_variants where product_id <> ? and lower(sku) in (${skus.map(() => 'lower(?)').join(', ')}) limit 1`,
      [product.id, ...skus],
      'all',
      tx.getTransactionContext(),
    );
    if (taken.length > 0) throw new ConflictError(`SKU duplicado: ${taken[0]!.sku} já é de outro produto.`, 'duplicate_sku');
  }
  if (removed.length > 0) {
    const ids = removed.map((variant) => variant.id);
    await tx.nativeUpdate(ProductReservation, { variant: { $in: ids }, isActive: true }, { isActive: false, releasedAt: now });
    await tx.nativeDelete(ProductVariant, { id: { $in: ids } });
  }
  // Temporary SKUs first, so that SKUs swapped between two variants do not collide mid-save.
  const updates = data.variants.filter((variant) => variant.id);
  for (const variant of updates) await tx.nativeUpdate(ProductVariant, { id: variant.id! }, { sku: `~${variant.id!}`.slice(0, 60) });
  const changes: VariantChanges = { created: [], updated: [], deleted: removed.map((variant) => variant.sku), stock: [] };
  for (const [position, variant] of data.variants.entries()) {
    const fields = { sku: variant.sku, options: variant.options, stock: variant.stock, priceCents: variant.priceCents, position };
    const old = variant.id ? byId.get(variant.id) : undefined;
    if (old) {
      const same = old.sku === variant.sku && old.stock === variant.stock && (old.priceCents ?? null) === variant.priceCents && JSON.stringify(old.options) === JSON.stringify(variant.options);
      await tx.nativeUpdate(ProductVariant, { id: old.id }, fields);
      changes.stock.push({ variantId: old.id, before: old.stock, after: variant.stock });
      if (!same) changes.updated.push(variant.sku);
    } else {
      tx.create(ProductVariant, { product, ...fields });
      changes.created.push(variant.sku);
    }
  }
  if (data.options.length > 0) {
    // Holds taken while the product had no options hold no variant: they cannot stay.
    await tx.nativeUpdate(ProductReservation, { product: product.id, variant: null, isActive: true }, { isActive: false, releasedAt: now });
  }
  product.options = data.options;
  product.stock = data.variants.length > 0 ? data.variants.reduce((sum, variant) => sum + variant.stock, 0) : data.stock;
  return changes;
}
