import { Migration } from '@mikro-orm/migrations';

/**
 * Back-in-stock alerts: `stock_subscriptions`, a shopper (account or confirmed e-mail)
 * waiting for a product or one of its variants (`variant_id`, no foreign key until variants land)
 * to be back in stock. One open subscription per e-mail, product and variant (partial unique
 * index, nulls not distinct); the active ones are looked up per product and variant.
 */
export class Migration20261128110000_back_in_stock extends Migration {

  override name = 'Migration20261128110000_back_in_stock';

  override up(): void | Promise<void> {
    this.addSql(`create table "stock_subscriptions" ("id" uuid not null, "product_id" uuid not null, "variant_id" uuid null, "user_id" uuid null, "email" varchar(255) not null, "status" text not null, "token_hash" varchar(64) null, "created_at" timestamptz not null, "confirmed_at" timestamptz null, "notified_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "stock_subscriptions_product_id_index" on "stock_subscriptions" ("product_id");`);
    this.addSql(`create index "stock_subscriptions_user_id_index" on "stock_subscriptions" ("user_id");`);
    this.addSql(`create index "stock_subscriptions_email_index" on "stock_subscriptions" ("email");`);
    this.addSql(`alter table "stock_subscriptions" add constraint "stock_subscriptions_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create unique index "stock_subscriptions_open_unique" on "stock_subscriptions" ("email", "product_id", "variant_id") nulls not distinct where "status" in ('pending_confirmation', 'active');`);
    this.addSql(`create index "stock_subscriptions_active_index" on "stock_subscriptions" ("product_id", "variant_id") where "status" = 'active';`);
    this.addSql(`alter table "stock_subscriptions" add constraint "stock_subscriptions_status_check" check ("status" in ('pending_confirmation', 'active', 'notified', 'cancelled'));`);
    this.addSql(`alter table "stock_subscriptions" add constraint "stock_subscriptions_product_id_foreign" foreign key ("product_id") references "products" ("id") on delete cascade;`);
    this.addSql(`alter table "stock_subscriptions" add constraint "stock_subscriptions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "stock_subscriptions";`);
  }

}
