import { Migration } from '@mikro-orm/migrations';

/**
 * The consent log (`consent_records`): each cookie choice made in the store's banner or its
 * settings, with the service's time, a hash of the browser and the account when signed in (the
 * LGPD export lists a customer's). An erased account's rows keep no link to it.
 */
export class Migration20261204100000_consent_log extends Migration {

  override name = 'Migration20261204100000_consent_log';

  override up(): void | Promise<void> {
    this.addSql(`create table "consent_records" ("id" uuid not null, "decided_at" timestamptz not null, "analytics" boolean not null, "marketing" boolean not null, "subject_hash" varchar(64) not null, "user_id" uuid null references "users" ("id") on delete set null, constraint "consent_records_pkey" primary key ("id"));`);
    this.addSql(`create index "consent_records_user_id_index" on "consent_records" ("user_id") where "user_id" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "consent_records" cascade;`);
  }

}
