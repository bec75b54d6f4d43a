import { Migration } from '@mikro-orm/migrations';

/**
 * Admin panel:
 * - `products.archived_at`: products that order lines reference are archived instead of deleted;
 * - `users.erased_at`: accounts an admin deleted (LGPD erasure) keep only their id;
 * - global search: `unaccent` + `pg_trgm`, an immutable `search_normalize(text)` (lower case,
 *   accents removed) and trigram indexes on the product name and the profile name / e-mail.
 */
export class Migration20261123300000_admin_panel extends Migration {

  override name = 'Migration20261123300000_admin_panel';

  override up(): void | Promise<void> {
    this.addSql(`alter table "products" add "archived_at" timestamptz null;`);

    this.addSql(`alter table "users" add "erased_at" timestamptz null;`);

    // Both extensions are trusted (PostgreSQL 13+): the database owner may create them.
    this.addSql(`create extension if not exists unaccent;`);
    this.addSql(`create extension if not exists pg_trgm;`);
    // unaccent() is only STABLE (its dictionary could change); pinning the dictionary makes an
    // IMMUTABLE wrapper that expression indexes accept.
    this.addSql(`create or replace function search_normalize(value text) returns text language sql immutable parallel safe strict as $$ select public.unaccent('public.unaccent'::regdictionary, lower(value)) $$;`);
    this.addSql(`create index "products_name_search_index" on "products" using gin (search_normalize("name") gin_trgm_ops);`);
    this.addSql(`create index "profiles_name_search_index" on "profiles" using gin (search_normalize("full_name" || ' ' || "email") gin_trgm_ops);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "profiles_name_search_index";`);
    this.addSql(`drop index if exists "products_name_search_index";`);
    this.addSql(`drop function if exists search_normalize(text);`);

    this.addSql(`alter table "products" drop column "archived_at";`);

    this.addSql(`alter table "users" drop column "erased_at";`);
  }

}
