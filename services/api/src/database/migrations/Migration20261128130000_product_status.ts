import { Migration } from '@mikro-orm/migrations';

/**
 * `products.status` ('active' | 'draft' | 'archived', default 'active'; indexed, every
 * public query filters on it). Rows archived before (`archived_at` set) become
 * `archived`; `archived_at` stays as the moment of archiving.
 */
export class Migration20261128130000_product_status extends Migration {

  override name = 'Migration20261128130000_product_status';

  override up(): void | Promise<void> {
    this.addSql(`alter table "products" add column "status" text not null default 'active';`);
    this.addSql(`alter table "products" add constraint "products_status_check" check ("status" in ('active', 'draft', 'archived'));`);
    this.addSql(`update "products" set "status" = 'archived' where "archived_at" is not null;`);
    this.addSql(`create index "products_status_index" on "products" ("status");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "products_status_index";`);
    this.addSql(`alter table "products" drop constraint if exists "products_status_check";`);
    this.addSql(`alter table "products" drop column if exists "status";`);
  }

}
