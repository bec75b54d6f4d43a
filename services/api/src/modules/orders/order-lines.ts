/**
 * The lines of a new order: cart items merged per product and variant, checked
 * against the products (locked by the caller) and their variants, priced from the database (the
 * variant's own price or the product's) and checked for availability (stock minus other shoppers'
 * active reservations: of the variant for a product with variants, of the product otherwise), and
 * the caps on units per product a buyer may hold in orders.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { ConflictError } from '../../errors.ts';
import { labelOf, pickVariant, ProductReservation, variantsByProduct, type Product, type ProductVariant, type StockLine } from '../catalogue/index.ts';

/** One line of an order: a product, its variant (null without options), quantity and unit price in cents. */
export interface OrderLine {
  product: Product;
  variant: ProductVariant | null;
  /** The variant's label ('Aro 16'); null without variant. */
  label: string | null;
  quantity: number;
  unitPriceCents: number;
  /** The text engraved on each unit (null: none). */
  engraving: string | null;
}

/** A cart line asked for: the units of a (product, variant) and the text engraved on them, if any. */
export interface RequestedLine extends StockLine {
  engraving: string | null;
}

/**
 * Cart items merged per product, variant and engraving text (the same triple twice adds up; the
 * same variant with two texts stays two lines), in the cart's order.
 */
export function mergeItems(items: readonly { productId: string; variantId?: string | null; quantity: number; engraving?: string | null }[]): RequestedLine[] {
  const lines = new Map<string, RequestedLine>();
  for (const item of items) {
    const variantId = item.variantId ?? null;
    const engraving = item.engraving || null;
    const key = `${item.productId}:${variantId ?? ''}:${engraving ?? ''}`;
    const line = lines.get(key);
    if (line) line.quantity += item.quantity;
    else lines.set(key, { productId: item.productId, variantId, quantity: item.quantity, engraving });
  }
  return [...lines.values()];
}

/**
 * The priced lines of `requested` for `products` (all of them found and locked by the caller).
 * @throws ValidationError 'Escolha uma opção' / a variant for a product without options (400).
 */
export async function resolveLines(tx: EntityManager, products: Product[], requested: RequestedLine[]): Promise<OrderLine[]> {
  const byId = new Map(products.map((product) => [product.id, product]));
  const variants = await variantsByProduct(tx, products.filter((product) => (product.options ?? []).length > 0).map((product) => product.id));
  return requested.map((line) => {
    const product = byId.get(line.productId)!;
    const variant = pickVariant(product, variants.get(product.id) ?? [], line.variantId);
    return {
      product,
      variant,
      label: variant ? labelOf(variant, product.options ?? []) : null,
      quantity: line.quantity,
      unitPriceCents: variant?.priceCents ?? product.priceCents,
      engraving: line.engraving,
    };
  });
}

/** 'Estoque insuficiente para Anel Solitário (Aro 16).' (409 `insufficient_stock`). */
export function insufficientStock(line: Pick<OrderLine, 'product' | 'label'>): ConflictError {
  return new ConflictError(`Estoque insuficiente para ${line.product.name}${line.label ? ` (${line.label})` : ''}.`, 'insufficient_stock');
}

/**
 * Refuses lines that ask for more than is available to `userId`: the stock (of the variant, or of
 * the product) minus the units other shoppers' active, unexpired reservations hold of it.
 * @throws ConflictError 'insufficient_stock'.
 */
export async function checkAvailability(tx: EntityManager, lines: OrderLine[], userId: string, now: Date): Promise<void> {
  const [short] = await unavailableLines(tx, lines, userId, now);
  if (short) throw insufficientStock(short);
}

/** The lines of `lines` asking for more than is available to `userId` (as {@link checkAvailability} counts), in their order. */
export async function unavailableLines(tx: EntityManager, lines: OrderLine[], userId: string, now: Date): Promise<OrderLine[]> {
  const ids = [...new Set(lines.map((line) => line.product.id))];
  const holds = await tx.find(ProductReservation, { product: { $in: ids }, user: { $ne: userId }, isActive: true, expiresAt: { $gt: now } }, { fields: ['product', 'variant'] });
  const held = new Map<string, number>();
  for (const hold of holds) {
    const key = hold.variant ? hold.variant.id : hold.product.id;
    held.set(key, (held.get(key) ?? 0) + 1);
  }
  // Lines of the same stock (one variant engraved with two texts) draw on it together.
  const asked = new Map<string, number>();
  for (const line of lines) asked.set(line.variant?.id ?? line.product.id, (asked.get(line.variant?.id ?? line.product.id) ?? 0) + line.quantity);
  return lines.filter((line) => {
    const key = line.variant?.id ?? line.product.id;
    const stock = line.variant ? line.variant.stock : line.product.stock;
    return asked.get(key)! > stock - (held.get(key) ?? 0);
  });
}

/**
 * Stock hoarding caps (config `orderLimits`): at most `maxUnitsPerProduct` units of one product in
 * an order, and `maxUnpaidUnitsPerProduct` units of it across the account's unpaid orders, this one
 * included. `lines` maps product id -> units asked for. Runs under the account's row lock, so
 * parallel orders are counted.
 * @throws ConflictError 'unit_limit' naming the product and the cap.
 */
export async function checkUnitCaps(
  tx: EntityManager,
  userId: string,
  products: Product[],
  lines: Map<string, number>,
  limits: { maxUnitsPerProduct: number; maxUnpaidUnitsPerProduct: number },
): Promise<void> {
  const { maxUnitsPerProduct, maxUnpaidUnitsPerProduct } = limits;
  for (const product of products) {
    if (lines.get(product.id)! > maxUnitsPerProduct) {
      throw new ConflictError(`Limite de ${maxUnitsPerProduct} unidades de ${product.name} por pedido.`, 'unit_limit');
    }
  }
  const held = (await tx
    .getConnection()
    .execute<{ product_id: string; units: string }[]>(
      `select i.product_id, sum(i.quantity) as units from order_items i join orders o on o.id = i.order_id
       where o.user_id = ? and o.status = 'pending' and i.product_id in (${products.map(() => '?').join(', ')}) group by i.product_id`,
      [userId, ...products.map((product) => product.id)],
      'all',
      tx.getTransactionContext(),
    )) as { product_id: string; units: string }[];
  const heldBy = new Map(held.map((row) => [row.product_id, Number(row.units)]));
  for (const product of products) {
    if ((heldBy.get(product.id) ?? 0) + lines.get(product.id)! > maxUnpaidUnitsPerProduct) {
      throw new ConflictError(
        `Você já tem pedidos aguardando pagamento com ${product.name}. O limite é de ${maxUnpaidUnitsPerProduct} unidades desse produto em pedidos não pagos.`,
        'unit_limit',
      );
    }
  }
}
