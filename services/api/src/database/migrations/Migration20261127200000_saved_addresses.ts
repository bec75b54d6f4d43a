import { Migration } from '@mikro-orm/migrations';

/**
 * The shopper account:
 * - `profiles.phone`: the shopper's Brazilian phone, digits only (nullable);
 * - `saved_addresses`: a shopper's delivery addresses (at most 10, enforced by the service), at
 *   most one default per account (partial unique index), gone with the account (cascade; the
 *   LGPD erasure deletes them explicitly).
 */
export class Migration20261127200000_saved_addresses extends Migration {

  override name = 'Migration20261127200000_saved_addresses';

  override up(): void | Promise<void> {
    this.addSql(`alter table "profiles" add "phone" varchar(20) null;`);
    this.addSql(`create table "saved_addresses" ("id" uuid not null, "user_id" uuid not null, "label" varchar(40) not null, "zip_code" varchar(9) not null, "street" varchar(200) not null, "number" varchar(10) not null, "complement" varchar(100) null, "neighborhood" varchar(100) not null, "city" varchar(100) not null, "state" varchar(2) not null, "is_default" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "saved_addresses_user_id_index" on "saved_addresses" ("user_id");`);
    this.addSql(`create unique index "saved_addresses_one_default_index" on "saved_addresses" ("user_id") where "is_default";`);
    this.addSql(`alter table "saved_addresses" add constraint "saved_addresses_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "saved_addresses";`);
    this.addSql(`alter table "profiles" drop column "phone";`);
  }

}
