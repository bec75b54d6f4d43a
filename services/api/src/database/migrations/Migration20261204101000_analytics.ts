import { Migration } from '@mikro-orm/migrations';

/**
 * Analytics and ad conversions: the ids and server-only secrets the owner sets in the panel
 * (`store_settings`; the secrets sealed with `ENCRYPTION_KEY`), the shopper's cookie choice on each
 * order placed (`orders.consent_analytics`, `orders.consent_marketing`: which providers may hear of
 * its purchase), and the purchases the server sent (`analytics_deliveries`, one row per event id
 * and provider: an event dispatched again is not sent twice).
 */
export class Migration20261204101000_analytics extends Migration {

  override name = 'Migration20261204101000_analytics';

  override up(): void | Promise<void> {
    this.addSql(`alter table "store_settings" add column "ga4_measurement_id" varchar(30) null, add column "ga4_api_secret_sealed" text null, add column "meta_pixel_id" varchar(30) null, add column "meta_access_token_sealed" text null;`);
    this.addSql(`alter table "orders" add column "consent_analytics" boolean not null default false, add column "consent_marketing" boolean not null default false;`);
    this.addSql(`create table "analytics_deliveries" ("event_id" varchar(64) not null, "provider" varchar(10) not null, "sent_at" timestamptz not null, constraint "analytics_deliveries_pkey" primary key ("event_id", "provider"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "analytics_deliveries" cascade;`);
    this.addSql(`alter table "orders" drop column "consent_analytics", drop column "consent_marketing";`);
    this.addSql(`alter table "store_settings" drop column "ga4_measurement_id", drop column "ga4_api_secret_sealed", drop column "meta_pixel_id", drop column "meta_access_token_sealed";`);
  }

}
