import { Migration } from '@mikro-orm/migrations';

/** `NOTIFY prata_catalogue` after any change to products or reservations (catalogue cache). */
export class Migration20261123700000_catalogue_notify extends Migration {

  override name = 'Migration20261123700000_catalogue_notify';

  override up(): void | Promise<void> {
    this.addSql(`create or replace function "products_products_catalogue_notify_fn"() returns trigger as $$ begin perform pg_notify('prata_catalogue', ''); return null; end; $$ language plpgsql;`);
    this.addSql(`create trigger "products_catalogue_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE on "products" for each STATEMENT execute function "products_products_catalogue_notify_fn"();`);
    this.addSql(`create or replace function "product_reservations_product_reservations_catalogue_notify_fn"() returns trigger as $$ begin perform pg_notify('prata_catalogue', ''); return null; end; $$ language plpgsql;`);
    this.addSql(`create trigger "product_reservations_catalogue_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE on "product_reservations" for each STATEMENT execute function "product_reservations_product_reservations_catalogue_notify_fn"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "products_catalogue_notify" on "products";`);
    this.addSql(`drop function if exists "products_products_catalogue_notify_fn"();`);
    this.addSql(`drop trigger if exists "product_reservations_catalogue_notify" on "product_reservations";`);
    this.addSql(`drop function if exists "product_reservations_product_reservations_catalogue_notify_fn"();`);
  }

}
