import { Migration } from '@mikro-orm/migrations';

/**
 * `return_codes` (modules/returns): one-time codes e-mailed to an order's contact address so its
 * return can be asked from the tracking page without signing in; the code's SHA-256, the wrong
 * tries, the expiry and when it was used (gone with the order).
 */
export class Migration20261201140000_return_codes extends Migration {

  override name = 'Migration20261201140000_return_codes';

  override up(): void | Promise<void> {
    this.addSql(`create table "return_codes" ("id" uuid not null, "order_id" uuid not null, "code_hash" varchar(64) not null, "attempts" int not null default 0, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "return_codes_order_id_index" on "return_codes" ("order_id");`);
    this.addSql(`create index "return_codes_created_at_index" on "return_codes" ("created_at");`);
    this.addSql(`alter table "return_codes" add constraint "return_codes_order_id_foreign" foreign key ("order_id") references "orders" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "return_codes" cascade;`);
  }

}
