import { Migration } from '@mikro-orm/migrations';

/**
 * Coupons: `coupons` (one per upper-cased code; kind, value, minimum order, validity
 * window, total and per-account limits, first-purchase-only, paused) and `coupon_redemptions`
 * (one row per use: the coupon, the order it was used on (no foreign key yet), the account and the
 * discount in BRL cents). A used coupon cannot be deleted (restrict); it is paused instead.
 */
export class Migration20261128160000_coupons extends Migration {

  override name = 'Migration20261128160000_coupons';

  override up(): void | Promise<void> {
    this.addSql(`create table "coupons" ("id" uuid not null, "code" varchar(30) not null, "kind" text not null, "value" int null, "min_order_cents" int null, "starts_at" timestamptz null, "ends_at" timestamptz null, "max_uses" int null, "max_uses_per_customer" int null, "first_purchase_only" boolean not null default false, "paused" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "coupons" add constraint "coupons_code_unique" unique ("code");`);
    this.addSql(`alter table "coupons" add constraint "coupons_kind_check" check ("kind" in ('percent', 'fixed', 'free_shipping'));`);

    this.addSql(`create table "coupon_redemptions" ("id" uuid not null, "coupon_id" uuid not null, "order_id" uuid null, "user_id" uuid not null, "discount_cents" int not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "coupon_redemptions_coupon_id_index" on "coupon_redemptions" ("coupon_id");`);
    this.addSql(`alter table "coupon_redemptions" add constraint "coupon_redemptions_order_id_unique" unique ("order_id");`);
    this.addSql(`create index "coupon_redemptions_user_id_index" on "coupon_redemptions" ("user_id");`);
    this.addSql(`alter table "coupon_redemptions" add constraint "coupon_redemptions_coupon_id_foreign" foreign key ("coupon_id") references "coupons" ("id") on delete restrict;`);
    this.addSql(`alter table "coupon_redemptions" add constraint "coupon_redemptions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete restrict;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "coupon_redemptions";`);
    this.addSql(`drop table if exists "coupons";`);
  }

}
