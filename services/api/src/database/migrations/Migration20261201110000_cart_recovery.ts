import { Migration } from '@mikro-orm/migrations';

/**
 * The carts module: the signed-in shopper's cart on the server (`carts`, one per user, lines of
 * product, variant and quantity only, with the reminder opt-in, off by default), the reminders
 * e-mailed for carts left behind (`cart_recovery_messages`: sent, opened, the order that recovered
 * it) and the owner's reminder settings (`cart_recovery_settings`, one row, inserted on first save).
 */
export class Migration20261201110000_cart_recovery extends Migration {

  override name = 'Migration20261201110000_cart_recovery';

  override up(): void | Promise<void> {
    this.addSql(`create table "cart_recovery_settings" ("id" smallint not null, "enabled" boolean not null default true, "first_delay_minutes" int not null default 60, "second_delay_minutes" int not null default 1440, "updated_at" timestamptz not null, primary key ("id"));`);

    this.addSql(`create table "carts" ("user_id" uuid not null, "lines" jsonb not null default '[]', "updated_at" timestamptz not null, "recovery_step" smallint not null default 0, "recovery_consent" boolean not null default false, "recovery_consent_at" timestamptz null, primary key ("user_id"));`);
    this.addSql(`create index "carts_recovery_due_index" on "carts" ("updated_at") where "recovery_consent" and "recovery_step" < 2 and jsonb_array_length("lines") > 0;`);
    this.addSql(`alter table "carts" add constraint "carts_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`create table "cart_recovery_messages" ("id" uuid not null, "user_id" uuid not null, "step" smallint not null, "cart_value_cents" int not null, "sent_at" timestamptz not null, "opened_at" timestamptz null, "closed_at" timestamptz null, "order_id" uuid null, "order_total_cents" int null, "recovered_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "cart_recovery_messages_user_id_index" on "cart_recovery_messages" ("user_id");`);
    this.addSql(`create index "cart_recovery_messages_sent_at_index" on "cart_recovery_messages" ("sent_at");`);
    this.addSql(`alter table "cart_recovery_messages" add constraint "cart_recovery_messages_order_id_unique" unique ("order_id");`);
    this.addSql(`create index "cart_recovery_messages_recovered_at_index" on "cart_recovery_messages" ("recovered_at");`);
    this.addSql(`alter table "cart_recovery_messages" add constraint "cart_recovery_messages_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "cart_recovery_messages" cascade;`);
    this.addSql(`drop table if exists "carts" cascade;`);
    this.addSql(`drop table if exists "cart_recovery_settings" cascade;`);
  }

}
