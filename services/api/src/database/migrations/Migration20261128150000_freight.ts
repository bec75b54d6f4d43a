import { Migration } from '@mikro-orm/migrations';

/**
 * Freight by CEP: the store's freight table by region (`freight_rates`, seeded with a
 * table the owner can change: the price of a package up to 1 kg, each further kilogram, and the
 * carrier's time in business days; used when the carrier aggregator does not answer), each
 * product's shipping weight (`products.weight_grams`; null: the default item weight), and free
 * shipping in `store_settings` (off until the owner sets a threshold).
 */
export class Migration20261128150000_freight extends Migration {

  override name = 'Migration20261128150000_freight';

  override up(): void | Promise<void> {
    this.addSql(`create table "freight_rates" ("region" text not null, "service" text not null, "base_cents" int not null, "per_extra_kg_cents" int not null, "min_days" smallint not null, "max_days" smallint not null, primary key ("region", "service"));`);
    this.addSql(`alter table "freight_rates" add constraint "freight_rates_base_cents_check" check (base_cents >= 0);`);
    this.addSql(`alter table "freight_rates" add constraint "freight_rates_per_extra_kg_cents_check" check (per_extra_kg_cents >= 0);`);
    this.addSql(`alter table "freight_rates" add constraint "freight_rates_region_check" check ("region" in ('N', 'NE', 'CO', 'SE', 'S'));`);
    this.addSql(`alter table "freight_rates" add constraint "freight_rates_service_check" check ("service" in ('PAC', 'SEDEX'));`);
    this.addSql(`insert into "freight_rates" ("region", "service", "base_cents", "per_extra_kg_cents", "min_days", "max_days") values
      ('SE', 'PAC', 1990, 450, 3, 6), ('SE', 'SEDEX', 2990, 900, 1, 2),
      ('S', 'PAC', 2490, 550, 4, 8), ('S', 'SEDEX', 3790, 1100, 2, 3),
      ('CO', 'PAC', 2790, 650, 5, 9), ('CO', 'SEDEX', 4290, 1300, 2, 4),
      ('NE', 'PAC', 3290, 750, 7, 12), ('NE', 'SEDEX', 5490, 1600, 3, 5),
      ('N', 'PAC', 3990, 900, 9, 15), ('N', 'SEDEX', 6890, 1900, 4, 7);`);

    this.addSql(`alter table "products" add "weight_grams" int null;`);
    this.addSql(`alter table "products" add constraint "products_weight_grams_check" check (weight_grams > 0);`);

    this.addSql(`alter table "store_settings" add "free_shipping_threshold_cents" int null, add "free_shipping_regions" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "store_settings" drop column "free_shipping_threshold_cents", drop column "free_shipping_regions";`);
    this.addSql(`alter table "products" drop constraint "products_weight_grams_check";`);
    this.addSql(`alter table "products" drop column "weight_grams";`);
    this.addSql(`drop table if exists "freight_rates" cascade;`);
  }

}
