import { Migration } from '@mikro-orm/migrations';

/**
 * An order's price: the goods (`subtotal_cents`), the freight charged and the delivery
 * option it came from (service id, name, carrier, business days, `carrier` or `table` quote), the
 * coupon redeemed and its discount, and the PIX discount. `total_cents` is checked to equal
 * subtotal + shipping - coupon discount - PIX discount. Orders placed before it charged no freight
 * and had no discounts: their subtotal is their total.
 */
export class Migration20261129100000_order_pricing extends Migration {

  override name = 'Migration20261129100000_order_pricing';

  override up(): void | Promise<void> {
    this.addSql(`alter table "orders" drop constraint "orders_total_cents_check";`);
    this.addSql(`alter table "orders" add "subtotal_cents" int null, add "shipping_cents" int not null default 0, add "shipping_service_id" varchar(60) null, add "shipping_service_name" varchar(60) null, add "shipping_carrier" varchar(60) null, add "shipping_min_days" int null, add "shipping_max_days" int null, add "shipping_quote_source" varchar(10) null, add "coupon_code" varchar(30) null, add "coupon_discount_cents" int not null default 0, add "pix_discount_cents" int not null default 0;`);
    this.addSql(`update "orders" set "subtotal_cents" = "total_cents";`);
    this.addSql(`alter table "orders" alter column "subtotal_cents" set not null;`);
    this.addSql(`alter table "orders" add constraint "orders_shipping_cents_check" check (shipping_cents >= 0);`);
    this.addSql(`alter table "orders" add constraint "orders_coupon_discount_cents_check" check (coupon_discount_cents >= 0);`);
    this.addSql(`alter table "orders" add constraint "orders_pix_discount_cents_check" check (pix_discount_cents >= 0);`);
    this.addSql(`alter table "orders" add constraint "orders_total_cents_check" check (total_cents >= 0 and total_cents = subtotal_cents + shipping_cents - coupon_discount_cents - pix_discount_cents);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "orders" drop constraint "orders_shipping_cents_check";`);
    this.addSql(`alter table "orders" drop constraint "orders_coupon_discount_cents_check";`);
    this.addSql(`alter table "orders" drop constraint "orders_pix_discount_cents_check";`);
    this.addSql(`alter table "orders" drop constraint "orders_total_cents_check";`);
    this.addSql(`alter table "orders" drop column "subtotal_cents", drop column "shipping_cents", drop column "shipping_service_id", drop column "shipping_service_name", drop column "shipping_carrier", drop column "shipping_min_days", drop column "shipping_max_days", drop column "shipping_quote_source", drop column "coupon_code", drop column "coupon_discount_cents", drop column "pix_discount_cents";`);
    this.addSql(`alter table "orders" add constraint "orders_total_cents_check" check (total_cents >= 0);`);
  }

}
