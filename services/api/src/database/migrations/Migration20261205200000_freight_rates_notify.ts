import { Migration } from '@mikro-orm/migrations';

/**
 * `NOTIFY prata_storefront` after any change to the freight table (as for the store's settings,
 * migration `…shown_states`), so the shipping module's shown-state watch announces an edit made
 * from the panel or behind the service's back, and the catalogue feeds' `g:shipping` follow it.
 */
export class Migration20261205200000_freight_rates_notify extends Migration {

  override name = 'Migration20261205200000_freight_rates_notify';

  override up(): void | Promise<void> {
    // Named as MikroORM names the trigger the entity declares (shipping/freight-rate.entity.ts).
    this.addSql(`create or replace function "freight_rates_freight_rates_storefront_notify_fn"() returns trigger as $$ begin perform pg_notify('prata_storefront', ''); return null; end; $$ language plpgsql;`);
    this.addSql(`create trigger "freight_rates_storefront_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE on "freight_rates" for each STATEMENT execute function "freight_rates_freight_rates_storefront_notify_fn"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "freight_rates_storefront_notify" on "freight_rates";`);
    this.addSql(`drop function if exists "freight_rates_freight_rates_storefront_notify_fn"();`);
  }

}
