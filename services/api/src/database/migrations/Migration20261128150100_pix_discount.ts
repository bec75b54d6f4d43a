import { Migration } from '@mikro-orm/migrations';

/** The discount for paying by PIX, whole percent, set in the panel (0: none). */
export class Migration20261128150100_pix_discount extends Migration {

  override name = 'Migration20261128150100_pix_discount';

  override up(): void | Promise<void> {
    this.addSql(`alter table "store_settings" add column "pix_discount_percent" smallint not null default 0;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "store_settings" drop column "pix_discount_percent";`);
  }

}
