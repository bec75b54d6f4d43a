import { Migration } from '@mikro-orm/migrations';

/**
 * What shoppers last saw of each product's stock (`in`, `low`, `out`, for the product and each
 * variant): the catalogue's availability watch compares the current figures with it and records
 * `ProductAvailabilityChanged` only for products whose state moved. The compare-and-set runs as
 * one upsert, so of several service processes checking at once exactly one records each change.
 * Unlogged: it is derived data, rebuilt by the first check after a crash.
 */
export class Migration20261130100000_availability_states extends Migration {

  override name = 'Migration20261130100000_availability_states';

  override up(): void | Promise<void> {
    this.addSql(`create unlogged table "product_availability_states" ("product_id" uuid not null, "state" text not null, primary key ("product_id"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table "product_availability_states";`);
  }

}
