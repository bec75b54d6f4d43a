import { Migration } from '@mikro-orm/migrations';

/**
 * One low-stock threshold (units) in `store_settings`, set in the panel and used by the
 * dashboard, the sales page and the bell (before: 5 in the contracts for the first two, the
 * `LOW_STOCK_THRESHOLD` setting, default 3, for the bell; that setting now only seeds a fresh store).
 */
export class Migration20261127140000_low_stock_threshold extends Migration {

  override name = 'Migration20261127140000_low_stock_threshold';

  override up(): void | Promise<void> {
    this.addSql(`alter table "store_settings" add column "low_stock_threshold" int not null default 3;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "store_settings" drop column "low_stock_threshold";`);
  }

}
