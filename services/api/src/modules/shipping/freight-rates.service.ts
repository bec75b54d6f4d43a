/**
 * The store's freight table, read and replaced by admins from the panel's Frete tab:
 * one row per region and service, validated by the shared `freightTableSchema`, replaced in one
 * transaction and audited with the old and new rows (its change is announced by the watch of
 * freight-table-watch.ts, whoever made it).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { SHIPPING_REGIONS, freightTableSchema, type FreightRateRow } from '@prata/contracts';
import { audit, type RequestMeta } from '../audit/index.ts';
import { FreightRate } from './freight-rate.entity.ts';

const regionOrder = (region: string) => (SHIPPING_REGIONS as readonly string[]).indexOf(region);

/** The table, by region (N, NE, CO, SE, S) and service. */
export async function freightTable(em: EntityManager): Promise<FreightRateRow[]> {
  const rows = await em.find(FreightRate, {});
  return rows
    .map(({ region, service, baseCents, perExtraKgCents, minDays, maxDays }) => ({ region, service, baseCents, perExtraKgCents, minDays, maxDays }))
    .sort((a, b) => regionOrder(a.region) - regionOrder(b.region) || a.service.localeCompare(b.service));
}

/** Replaces the table, audited. @throws ZodError for an incomplete or invalid table. */
export async function saveFreightTable(em: EntityManager, actorId: string, input: FreightRateRow[], meta: RequestMeta): Promise<FreightRateRow[]> {
  const rows = freightTableSchema.parse(input);
  const before = await freightTable(em);
  // The schema admits exactly one row per region and service: an upsert of every row is the whole table.
  await em.transactional(async (tx) => {
    await tx.upsertMany(FreightRate, rows);
    audit(tx, { userId: actorId, action: 'freight_rates_updated', details: { before, after: rows }, meta });
  });
  return freightTable(em);
}
