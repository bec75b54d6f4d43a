/**
 * Stock of products and their variants, shared by orders and reservations through the
 * catalogue's public face. A product with variants keeps `products.stock` equal to the sum of its
 * variants' stock: every change here moves the variant and its product together, in the caller's
 * transaction. Decrements are conditional updates (`... where stock >= quantity`), so a unit is
 * never sold twice nor stock made negative, even without a lock.
 */
import { raw, type EntityManager } from '@mikro-orm/postgresql';
import { variantLabel, type ProductOption, type VariantOptions } from '@prata/contracts';
import { ValidationError } from '../../errors.ts';
import { ProductVariant } from './product-variant.entity.ts';
import { Product } from './product.entity.ts';
import type { DomainEventRecord } from '../../events/domain-event.entity.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { publishIfReplenished, returnToStock } from './stock-replenished.ts';

/** A quantity of a product, of one of its variants when `variantId` is set. */
export interface StockLine {
  productId: string;
  variantId: string | null;
  quantity: number;
}

/** Messages of a variant chosen wrongly (contracts: cart/order item input). */
export const VARIANT_REQUIRED_MESSAGE = 'Escolha uma opção';
export const VARIANT_NOT_ALLOWED_MESSAGE = 'Este produto não tem opções para escolher';

/** The variants of `productIds`, in their position order, per product id. */
export async function variantsByProduct(em: EntityManager, productIds: string[]): Promise<Map<string, ProductVariant[]>> {
  const byProduct = new Map<string, ProductVariant[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await em.find(ProductVariant, { product: { $in: productIds } }, { orderBy: { position: 'asc', id: 'asc' } });
  for (const row of rows) byProduct.set(row.product.id, [...(byProduct.get(row.product.id) ?? []), row]);
  return byProduct;
}

/**
 * The variant `variantId` of `product`, checked against the product's options: a product with
 * options requires one of its variants, a product without refuses any.
 * @throws ValidationError 'Escolha uma opção' (400, code `variant_required`; also for a variant of
 * another product) or 'Este produto não tem opções para escolher' (`variant_not_allowed`).
 */
export function pickVariant(product: Product, variants: ProductVariant[], variantId: string | null): ProductVariant | null {
  const hasOptions = (product.options ?? []).length > 0;
  if (!hasOptions) {
    if (variantId) throw new ValidationError(`${VARIANT_NOT_ALLOWED_MESSAGE}: ${product.name}.`, [{ path: 'variantId', message: VARIANT_NOT_ALLOWED_MESSAGE }], 'variant_not_allowed');
    return null;
  }
  const variant = variantId ? variants.find((row) => row.id === variantId) : undefined;
  if (!variant) throw new ValidationError(`${VARIANT_REQUIRED_MESSAGE} de ${product.name}.`, [{ path: 'variantId', message: VARIANT_REQUIRED_MESSAGE }], 'variant_required');
  return variant;
}

/** A variant's label in its product's option order ('Aro 16'). */
export function labelOf(variant: { options: VariantOptions }, options: readonly ProductOption[]): string {
  return variantLabel(variant.options, options);
}

/**
 * Takes `quantity` units of a variant and of its product's sum, with conditional updates.
 * Returns false (nothing changed) when the variant has fewer units.
 */
export async function takeVariantUnits(tx: EntityManager, variantId: string, productId: string, quantity: number): Promise<boolean> {
  const taken = await tx.nativeUpdate(ProductVariant, { id: variantId, stock: { $gte: quantity } }, { stock: raw('stock - ?', [quantity]) });
  if (taken === 0) return false;
  await tx.nativeUpdate(Product, { id: productId }, { stock: raw('stock - ?', [quantity]) });
  return true;
}

/**
 * Puts units back (a cancelled or expired order): into the variant and its product's sum, or into
 * the product for a line without variant (atomic `stock = stock + n`, so concurrent returns never
 * lose units). A line whose variant was deleted since (`variantId` null but `hadVariant`) returns
 * nothing: the product's stock is the sum of the variants it still has. When the variant's (or the
 * simple product's) stock goes from 0 to above 0, `StockReplenished` is recorded in `tx`
 * (back-in-stock alerts, stock-replenished.ts).
 * @returns the outbox record for the caller to publish after commit, or null.
 */
export async function returnUnits(events: EventBus, tx: EntityManager, line: StockLine & { hadVariant?: boolean }): Promise<DomainEventRecord | null> {
  if (line.variantId) {
    const rows = await tx
      .getConnection()
      .execute<{ stock: number }[]>('update "product_variants" set "stock" = "stock" + ? where "id" = ? returning "stock"', [line.quantity, line.variantId], 'all', tx.getTransactionContext());
    const after = rows[0]?.stock;
    if (after === undefined) return null;
    await tx.nativeUpdate(Product, { id: line.productId }, { stock: raw('stock + ?', [line.quantity]) });
    return publishIfReplenished(events, tx, { productId: line.productId, variantId: line.variantId, before: after - line.quantity, after });
  }
  if (line.hadVariant) return null;
  return returnToStock(events, tx, line.productId, line.quantity);
}
