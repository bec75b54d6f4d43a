/**
 * `freight_rates`: the store's freight table by region, used when the carrier aggregator
 * does not answer in time. One row per region and service (`PAC`, `SEDEX`): the price of a package
 * up to 1 kg in BRL cents, each further kilogram (or part) in cents, and the carrier's delivery time
 * in business days. The migration seeds a table the owner can change. Any change, by the panel or
 * behind the service's back, asks the shown-state watches for a check (`NOTIFY prata_storefront`):
 * the freight table prices the catalogue feeds' `g:shipping` (freight-table-watch.ts).
 */
import { defineEntity, p } from '@mikro-orm/core';
import { FREIGHT_TABLE_SERVICES, SHIPPING_REGIONS } from '@prata/contracts';

export const FreightRateSchema = defineEntity({
  name: 'FreightRate',
  tableName: 'freight_rates',
  triggers: [{ name: 'freight_rates_storefront_notify', timing: 'after', events: ['insert', 'update', 'delete', 'truncate'], forEach: 'statement', body: "perform pg_notify('prata_storefront', ''); return null;" }],
  properties: {
    region: p.enum(SHIPPING_REGIONS).primary(),
    service: p.enum(FREIGHT_TABLE_SERVICES).primary(),
    baseCents: p.integer().check('base_cents >= 0'),
    perExtraKgCents: p.integer().check('per_extra_kg_cents >= 0'),
    minDays: p.smallint(),
    maxDays: p.smallint(),
  },
});
export class FreightRate extends FreightRateSchema.class {}
FreightRateSchema.setClass(FreightRate);
