import { Migration } from '@mikro-orm/migrations';

export class Migration20261121140000_reservations extends Migration {

  override name = 'Migration20261121140000_reservations';

  override up(): void | Promise<void> {
    this.addSql(`create table "product_reservations" ("id" uuid not null, "product_id" uuid not null, "user_id" uuid not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "is_active" boolean not null default true, "released_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "product_reservations_product_id_is_active_expires_at_index" on "product_reservations" ("product_id", "is_active", "expires_at");`);
    // At most one active reservation per product and shopper (storefront.md 5), enforced by the database.
    this.addSql(`create unique index "product_reservations_one_active_per_user" on "product_reservations" ("product_id", "user_id") where "is_active";`);

    this.addSql(`alter table "product_reservations" add constraint "product_reservations_product_id_foreign" foreign key ("product_id") references "products" ("id") on delete cascade;`);
    this.addSql(`alter table "product_reservations" add constraint "product_reservations_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "product_reservations" cascade;`);
  }

}
