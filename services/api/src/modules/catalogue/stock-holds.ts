/**
 * The holds on the catalogue's stock: units that active, unexpired reservations keep from
 * `available` (= stock - held). The catalogue reads them for every product it shows; the
 * reservations module (modules/reservations) takes and releases them.
 */
import { raw, type EntityManager } from '@mikro-orm/postgresql';
import { ProductReservation } from './reservation.entity.ts';

/** Units held by active, unexpired reservations, per product id. */
export async function heldUnits(em: EntityManager, productIds: string[], now: Date): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await em
    .createQueryBuilder(ProductReservation, 'r')
    .select(['r.product', raw('count(*) as held')])
    .where({ product: { $in: productIds }, isActive: true, expiresAt: { $gt: now } })
    .groupBy('r.product')
    .execute<{ product_id: string; held: string | number }[]>('all', false);
  return new Map(rows.map((row) => [row.product_id, Number(row.held)]));
}

/** When the first active hold on one of `productIds` expires (raising its `available`), or null when none is held. */
export async function nextHoldExpiry(em: EntityManager, productIds: string[], now: Date): Promise<Date | null> {
  if (productIds.length === 0) return null;
  const first = await em.findOne(
    ProductReservation,
    { product: { $in: productIds }, isActive: true, expiresAt: { $gt: now } },
    { orderBy: { expiresAt: 'asc' }, fields: ['expiresAt'] },
  );
  return first?.expiresAt ?? null;
}

/** Units held by active, unexpired reservations, per variant id. */
export async function heldVariantUnits(em: EntityManager, variantIds: string[], now: Date): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await em
    .createQueryBuilder(ProductReservation, 'r')
    .select(['r.variant', raw('count(*) as held')])
    .where({ variant: { $in: variantIds }, isActive: true, expiresAt: { $gt: now } })
    .groupBy('r.variant')
    .execute<{ variant_id: string; held: string | number }[]>('all', false);
  return new Map(rows.map((row) => [row.variant_id, Number(row.held)]));
}
