/**
 * What a cart's lines are worth now: each stored (product, variant, quantity) line is checked
 * against the catalogue as the checkout checks an order's lines, and priced from it.
 * - A line of a product not on sale (missing, draft, archived), of a variant the product does not
 *   have, without a variant for a product with options or with one for a product without, is left out.
 * - Its quantity is capped by what is available to the shopper (stock minus other shoppers'
 *   active, unexpired reservations, of the variant or of the product) and by the per-order limit
 *   of units of one product (`ORDER_MAX_UNITS_PER_PRODUCT`, across its variants, in cart order);
 *   a line capped to nothing is left out.
 * - An engraved line is left out when the product no longer offers engraving or its limit no
 *   longer allows the text (engravingProblem: the checkout would refuse it); otherwise it is
 *   answered with the product's engraving price per piece and production days.
 * - Prices (BRL cents: the variant's own or the product's), names, labels and images come from
 *   the catalogue only.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CartLine } from '@prata/contracts';
import { engravingProblem } from '@prata/contracts/gifts';
import { labelOf, Product, ProductReservation, variantsByProduct } from '../catalogue/index.ts';
import { PRODUCT_IMAGES_BUCKET, type ObjectStorage } from '../../storage/object-storage.ts';
import type { StoredCartLine } from './cart.entities.ts';

/** What pricing needs: the image URLs' storage and the per-order cap on units of one product. */
export interface PricingDeps {
  storage: ObjectStorage;
  maxUnitsPerProduct: number;
}

/** A line's identity: `<product>:<variant>#<engraving>` (one variant with two texts is two lines). */
export function lineKey(line: Pick<StoredCartLine, 'productId' | 'variantId' | 'engraving'>): string {
  return `${line.productId}:${line.variantId ?? ''}#${line.engraving ?? ''}`;
}

/** Lines merged per (product, variant, engraving): the same line twice adds up (`sum`) or keeps the larger quantity (`max`), in first-seen order. */
export function combineLines(lines: readonly StoredCartLine[], mode: 'sum' | 'max'): StoredCartLine[] {
  const byKey = new Map<string, StoredCartLine>();
  for (const line of lines) {
    const key = lineKey(line);
    const seen = byKey.get(key);
    if (!seen) byKey.set(key, { productId: line.productId, variantId: line.variantId ?? null, engraving: line.engraving ?? null, quantity: line.quantity });
    else seen.quantity = mode === 'sum' ? seen.quantity + line.quantity : Math.max(seen.quantity, line.quantity);
  }
  return [...byKey.values()];
}

/**
 * The priced, capped lines of `lines` for shopper `userId` (null: nobody's reservations are
 * theirs) at `now`, in the same order. Lines left out are not returned.
 */
export async function priceLines(deps: PricingDeps, em: EntityManager, lines: readonly StoredCartLine[], userId: string | null, now: Date): Promise<CartLine[]> {
  const ids = [...new Set(lines.map((line) => line.productId))];
  if (ids.length === 0) return [];
  const products = new Map((await em.find(Product, { id: { $in: ids }, status: 'active' })).map((product) => [product.id, product]));
  const variants = await variantsByProduct(em, [...products.values()].filter((product) => (product.options ?? []).length > 0).map((product) => product.id));
  const holds = await em.find(
    ProductReservation,
    { product: { $in: ids }, isActive: true, expiresAt: { $gt: now }, ...(userId ? { user: { $ne: userId } } : {}) },
    { fields: ['product', 'variant'] },
  );
  const held = new Map<string, number>();
  for (const hold of holds) {
    const key = hold.variant ? hold.variant.id : hold.product.id;
    held.set(key, (held.get(key) ?? 0) + 1);
  }
  const unitsOfProduct = new Map<string, number>();
  const priced: CartLine[] = [];
  for (const line of lines) {
    const product = products.get(line.productId);
    if (!product) continue;
    const hasOptions = (product.options ?? []).length > 0;
    const variant = hasOptions && line.variantId ? (variants.get(product.id) ?? []).find((row) => row.id === line.variantId) : undefined;
    if (hasOptions ? !variant : line.variantId) continue;
    const engraved = line.engraving ?? null;
    if (engraved && (!product.engravingEnabled || engravingProblem(engraved, product.engravingMaxChars) !== null)) continue;
    const stock = variant ? variant.stock : product.stock;
    const available = Math.max(0, stock - (held.get(variant?.id ?? product.id) ?? 0));
    const room = deps.maxUnitsPerProduct - (unitsOfProduct.get(product.id) ?? 0);
    const quantity = Math.min(line.quantity, available, room);
    if (quantity <= 0) continue;
    unitsOfProduct.set(product.id, (unitsOfProduct.get(product.id) ?? 0) + quantity);
    priced.push({
      productId: product.id,
      variantId: variant?.id ?? null,
      quantity,
      name: product.name,
      priceCents: variant?.priceCents ?? product.priceCents,
      imageUrl: product.imageKey ? deps.storage.publicUrl(PRODUCT_IMAGES_BUCKET, product.imageKey) : null,
      variantLabel: variant ? labelOf(variant, product.options ?? []) : null,
      engraving: engraved ? { text: engraved, priceCents: product.engravingPriceCents, extraDays: product.engravingExtraDays } : null,
    });
  }
  return priced;
}

/** The stored form of priced lines. */
export function storedLines(lines: readonly CartLine[]): StoredCartLine[] {
  return lines.map(({ productId, variantId, engraving, quantity }) => ({ productId, variantId, engraving: engraving?.text ?? null, quantity }));
}

/** What the lines cost, BRL cents: each piece and its engraving. */
export function linesValueCents(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + (line.priceCents + (line.engraving?.priceCents ?? 0)) * line.quantity, 0);
}
