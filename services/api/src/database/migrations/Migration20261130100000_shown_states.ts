import { Migration } from '@mikro-orm/migrations';

/**
 * What the store last showed of each product, content section and setting (`shown_states`: a key
 * such as `product:<id>` and a signature of the public fields): the shown-state watches
 * (src/events/shown-state-watch.ts) compare what is shown now with it and record an event only
 * for what moved. Unlogged: derived data, rebuilt by the next check after a crash.
 *
 * `NOTIFY prata_storefront` after any change to the content sections, the social links and the
 * store's settings (as `prata_catalogue` does for products), so that a change made behind the
 * service's back (SQL) is watched too.
 */
const TABLES = ['content_sections', 'social_links', 'store_settings'];

export class Migration20261130100000_shown_states extends Migration {

  override name = 'Migration20261130100000_shown_states';

  override up(): void | Promise<void> {
    this.addSql(`create unlogged table "shown_states" ("key" text not null, "state" text not null, primary key ("key"));`);
    // One function per trigger, named as MikroORM names those it declares (the entities declare these).
    for (const table of TABLES) {
      this.addSql(`create or replace function "${table}_${table}_storefront_notify_fn"() returns trigger as $$ begin perform pg_notify('prata_storefront', ''); return null; end; $$ language plpgsql;`);
      this.addSql(`create trigger "${table}_storefront_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE on "${table}" for each STATEMENT execute function "${table}_${table}_storefront_notify_fn"();`);
    }
  }

  override down(): void | Promise<void> {
    for (const table of TABLES) {
      this.addSql(`drop trigger if exists "${table}_storefront_notify" on "${table}";`);
      this.addSql(`drop function if exists "${table}_${table}_storefront_notify_fn"();`);
    }
    this.addSql(`drop table "shown_states";`);
  }

}
