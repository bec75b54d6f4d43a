import { Migration } from '@mikro-orm/migrations';

/**
 * `uptime_checks` (modules/monitoring): one row per synthetic check of a target (the store's
 * pages, the catalogue API, each remote's manifest): status, latency in ms, outcome and why it
 * was down, kept `UPTIME_RETENTION_DAYS`.
 */
export class Migration20261202120100_uptime_checks extends Migration {

  override name = 'Migration20261202120100_uptime_checks';

  override up(): void | Promise<void> {
    this.addSql(`create table "uptime_checks" ("id" uuid not null, "target" varchar(80) not null, "url" text not null, "checked_at" timestamptz not null, "status" int null, "latency_ms" int not null, "outcome" text not null, "error" text null, primary key ("id"));`);
    this.addSql(`alter table "uptime_checks" add constraint "uptime_checks_outcome_check" check ("outcome" in ('up', 'down'));`);
    this.addSql(`create index "uptime_checks_target_checked_at_index" on "uptime_checks" ("target", "checked_at");`);
    this.addSql(`create index "uptime_checks_checked_at_index" on "uptime_checks" ("checked_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "uptime_checks" cascade;`);
  }

}
