import { Migration } from '@mikro-orm/migrations';
import { uniqueSlug } from '../../lib/slug.ts';

/**
 * Product page and gallery:
 * - `products.slug`: unique readable address, backfilled for existing rows from their names in
 *   creation order (the oldest keeps the plain slug, later namesakes get `-2`, `-3`, ...), with the
 *   same rule the service uses for new products (`lib/slug.ts`).
 * - `product_images`: a product's gallery (at most 8, position 0..7, unique per product); each
 *   product's current cover becomes its first gallery image, its name the alt text; a change
 *   notifies `prata_catalogue` (the public lists' cache), as `products` does.
 */
export class Migration20261127210000_product_page extends Migration {

  override name = 'Migration20261127210000_product_page';

  override async up(): Promise<void> {
    await this.execute(`alter table "products" add column "slug" varchar(220) null;`);
    const rows = await this.execute(`select "id", "name" from "products" order by "created_at", "id";`) as { id: string; name: string }[];
    const taken = new Set<string>();
    for (const row of rows) {
      const slug = uniqueSlug(row.name, taken);
      taken.add(slug);
      await this.execute(`update "products" set "slug" = ? where "id" = ?;`, [slug, row.id]);
    }
    this.addSql(`alter table "products" alter column "slug" set not null;`);
    this.addSql(`alter table "products" add constraint "products_slug_unique" unique ("slug");`);

    this.addSql(`create table "product_images" ("id" uuid not null, "product_id" uuid not null, "image_key" varchar(300) not null, "alt" varchar(200) not null, "position" int not null, primary key ("id"), constraint product_images_position_check check (position >= 0 and position < 8));`);
    this.addSql(`alter table "product_images" add constraint "product_images_product_id_position_unique" unique ("product_id", "position");`);
    this.addSql(`alter table "product_images" add constraint "product_images_product_id_foreign" foreign key ("product_id") references "products" ("id") on delete cascade;`);
    this.addSql(`create or replace function "product_images_product_images_catalogue_notify_fn"() returns trigger as $$ begin perform pg_notify('prata_catalogue', ''); return null; end; $$ language plpgsql;`);
    this.addSql(`create trigger "product_images_catalogue_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE on "product_images" for each STATEMENT execute function "product_images_product_images_catalogue_notify_fn"();`);
    this.addSql(`insert into "product_images" ("id", "product_id", "image_key", "alt", "position") select gen_random_uuid(), "id", "image_key", left("name", 200), 0 from "products" where "image_key" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "product_images" cascade;`);
    this.addSql(`drop function if exists "product_images_product_images_catalogue_notify_fn"();`);
    this.addSql(`alter table "products" drop constraint if exists "products_slug_unique";`);
    this.addSql(`alter table "products" drop column if exists "slug";`);
  }

}
