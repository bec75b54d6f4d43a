import { Migration } from '@mikro-orm/migrations';

/**
 * `store_settings`, the one row (id 1) of settings the owner edits in the panel: the
 * store's contact details and opening hours. The service inserts the default row when missing.
 */
export class Migration20261127130000_store_settings extends Migration {

  override name = 'Migration20261127130000_store_settings';

  override up(): void | Promise<void> {
    this.addSql(`create table "store_settings" ("id" smallint not null, "phone" varchar(20) not null, "whatsapp_number" varchar(15) not null, "email" varchar(255) not null, "address" varchar(200) not null, "opening_hours" jsonb not null, "updated_at" timestamptz not null, primary key ("id"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "store_settings" cascade;`);
  }

}
