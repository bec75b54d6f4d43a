import { Migration } from '@mikro-orm/migrations';

/**
 * Variants:
 * - `products.options`: the product's options in order (jsonb, `[]` for products without options).
 * - `product_variants`: one row per combination, with its SKU (unique), options (jsonb), stock
 *   (never negative), optional price (cents, above zero) and position; deleted with its product; a
 *   change notifies `prata_catalogue` (the public lists' cache), as `products` does.
 * - `order_items.variant_id` (set null when the variant is deleted), `sku` and `variant_label`:
 *   the variant bought and its snapshot; `product_reservations.variant_id`: the variant held.
 * Existing products keep no options and no variants: nothing to backfill.
 */
export class Migration20261128100000_variants extends Migration {

  override name = 'Migration20261128100000_variants';

  override up(): void | Promise<void> {
    this.addSql(`alter table "products" add column "options" jsonb not null default '[]';`);

    this.addSql(`create table "product_variants" ("id" uuid not null, "product_id" uuid not null, "sku" varchar(60) not null, "options" jsonb not null, "stock" int not null default 0, "price_cents" int null, "position" int not null default 0, primary key ("id"), constraint product_variants_stock_check check (stock >= 0), constraint product_variants_price_cents_check check (price_cents > 0));`);
    this.addSql(`create index "product_variants_product_id_index" on "product_variants" ("product_id");`);
    this.addSql(`alter table "product_variants" add constraint "product_variants_sku_unique" unique ("sku");`);
    this.addSql(`alter table "product_variants" add constraint "product_variants_product_id_foreign" foreign key ("product_id") references "products" ("id") on delete cascade;`);
    this.addSql(`create or replace function "product_variants_product_variants_catalogue_notify_fn"() returns trigger as $$ begin perform pg_notify('prata_catalogue', ''); return null; end; $$ language plpgsql;`);
    this.addSql(`create trigger "product_variants_catalogue_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE on "product_variants" for each STATEMENT execute function "product_variants_product_variants_catalogue_notify_fn"();`);

    this.addSql(`alter table "order_items" add column "variant_id" uuid null, add column "sku" varchar(60) null, add column "variant_label" varchar(200) null;`);
    this.addSql(`create index "order_items_variant_id_index" on "order_items" ("variant_id");`);
    this.addSql(`alter table "order_items" add constraint "order_items_variant_id_foreign" foreign key ("variant_id") references "product_variants" ("id") on delete set null;`);

    this.addSql(`alter table "product_reservations" add column "variant_id" uuid null;`);
    this.addSql(`create index "product_reservations_variant_id_index" on "product_reservations" ("variant_id");`);
    this.addSql(`alter table "product_reservations" add constraint "product_reservations_variant_id_foreign" foreign key ("variant_id") references "product_variants" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "product_reservations" drop constraint if exists "product_reservations_variant_id_foreign";`);
    this.addSql(`alter table "product_reservations" drop column if exists "variant_id";`);
    this.addSql(`alter table "order_items" drop constraint if exists "order_items_variant_id_foreign";`);
    this.addSql(`alter table "order_items" drop column if exists "variant_id", drop column if exists "sku", drop column if exists "variant_label";`);
    this.addSql(`drop table if exists "product_variants" cascade;`);
    this.addSql(`drop function if exists "product_variants_product_variants_catalogue_notify_fn"();`);
    this.addSql(`alter table "products" drop column if exists "options";`);
  }

}
