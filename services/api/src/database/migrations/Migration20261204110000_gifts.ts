import { Migration } from '@mikro-orm/migrations';

/**
 * Gifts: a product's engraving ('Gravação': on/off, price per piece in cents, most characters,
 * extra production days; off for every existing product), the store's gift wrap (offered, R$ 9,90),
 * an order's wrap, engraving, gift message, gift receipt and production days (the total's check
 * now adds the wrap and the engraving; existing orders have neither), each order line's engraved
 * text and price per unit, and the wrap a return gives back.
 */
export class Migration20261204110000_gifts extends Migration {

  override name = 'Migration20261204110000_gifts';

  override up(): void | Promise<void> {
    this.addSql(`alter table "products" add "engraving_enabled" boolean not null default false, add "engraving_price_cents" int not null default 0, add "engraving_max_chars" smallint not null default 20, add "engraving_extra_days" smallint not null default 0;`);
    this.addSql(`alter table "products" add constraint "products_engraving_price_cents_check" check (engraving_price_cents >= 0);`);
    this.addSql(`alter table "products" add constraint "products_engraving_max_chars_check" check (engraving_max_chars >= 1 and engraving_max_chars <= 40);`);
    this.addSql(`alter table "products" add constraint "products_engraving_extra_days_check" check (engraving_extra_days >= 0 and engraving_extra_days <= 30);`);

    this.addSql(`alter table "store_settings" add "gift_wrap_enabled" boolean not null default true, add "gift_wrap_price_cents" int not null default 990;`);
    this.addSql(`alter table "store_settings" add constraint "store_settings_gift_wrap_price_cents_check" check (gift_wrap_price_cents >= 0);`);

    this.addSql(`alter table "orders" drop constraint "orders_total_cents_check";`);
    this.addSql(`alter table "orders" add "gift_wrap_cents" int not null default 0, add "engraving_cents" int not null default 0, add "gift_wrap" boolean not null default false, add "gift_message" varchar(300) null, add "gift_receipt" boolean not null default false, add "production_days" smallint not null default 0;`);
    this.addSql(`alter table "orders" add constraint "orders_gift_wrap_cents_check" check (gift_wrap_cents >= 0);`);
    this.addSql(`alter table "orders" add constraint "orders_engraving_cents_check" check (engraving_cents >= 0);`);
    this.addSql(`alter table "orders" add constraint "orders_production_days_check" check (production_days >= 0);`);
    this.addSql(`alter table "orders" add constraint "orders_total_cents_check" check (total_cents >= 0 and total_cents = subtotal_cents + shipping_cents + gift_wrap_cents + engraving_cents - coupon_discount_cents - pix_discount_cents);`);

    this.addSql(`alter table "order_items" add "engraving_text" varchar(40) null, add "engraving_unit_cents" int not null default 0;`);
    this.addSql(`alter table "order_items" add constraint "order_items_engraving_unit_cents_check" check (engraving_unit_cents >= 0);`);

    this.addSql(`alter table "return_requests" add "gift_wrap_cents" int not null default 0;`);
    this.addSql(`alter table "return_requests" add constraint "return_requests_gift_wrap_cents_check" check (gift_wrap_cents >= 0);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "return_requests" drop constraint "return_requests_gift_wrap_cents_check";`);
    this.addSql(`alter table "return_requests" drop column "gift_wrap_cents";`);

    this.addSql(`alter table "order_items" drop constraint "order_items_engraving_unit_cents_check";`);
    this.addSql(`alter table "order_items" drop column "engraving_text", drop column "engraving_unit_cents";`);

    this.addSql(`alter table "orders" drop constraint "orders_total_cents_check";`);
    this.addSql(`alter table "orders" drop constraint "orders_gift_wrap_cents_check";`);
    this.addSql(`alter table "orders" drop constraint "orders_engraving_cents_check";`);
    this.addSql(`alter table "orders" drop constraint "orders_production_days_check";`);
    this.addSql(`alter table "orders" drop column "gift_wrap_cents", drop column "engraving_cents", drop column "gift_wrap", drop column "gift_message", drop column "gift_receipt", drop column "production_days";`);
    this.addSql(`alter table "orders" add constraint "orders_total_cents_check" check (total_cents >= 0 and total_cents = subtotal_cents + shipping_cents - coupon_discount_cents - pix_discount_cents);`);

    this.addSql(`alter table "store_settings" drop constraint "store_settings_gift_wrap_price_cents_check";`);
    this.addSql(`alter table "store_settings" drop column "gift_wrap_enabled", drop column "gift_wrap_price_cents";`);

    this.addSql(`alter table "products" drop constraint "products_engraving_price_cents_check";`);
    this.addSql(`alter table "products" drop constraint "products_engraving_max_chars_check";`);
    this.addSql(`alter table "products" drop constraint "products_engraving_extra_days_check";`);
    this.addSql(`alter table "products" drop column "engraving_enabled", drop column "engraving_price_cents", drop column "engraving_max_chars", drop column "engraving_extra_days";`);
  }

}
