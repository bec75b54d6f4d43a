import { Migration } from '@mikro-orm/migrations';

/**
 * Release health from real users:
 * - `web_vital_samples`: one Web Vitals metric of one page load for one app version on the page;
 * - `release_sessions`: a browser tab's session on an app version and whether it crashed.
 */
export class Migration20261127110000_release_health extends Migration {

  override name = 'Migration20261127110000_release_health';

  override up(): void | Promise<void> {
    this.addSql(`create table "web_vital_samples" ("id" uuid not null, "occurred_at" timestamptz not null, "app" text not null, "version" varchar(60) not null, "route" varchar(120) not null, "metric" text not null, "value" double precision not null, "session_key" varchar(64) not null, primary key ("id"));`);
    this.addSql(`alter table "web_vital_samples" add constraint "web_vital_samples_app_check" check ("app" in ('shell', 'storefront', 'checkout', 'admin', 'devtools'));`);
    this.addSql(`alter table "web_vital_samples" add constraint "web_vital_samples_metric_check" check ("metric" in ('LCP', 'INP', 'CLS', 'TTFB', 'FCP'));`);
    this.addSql(`create index "web_vital_samples_app_version_index" on "web_vital_samples" ("app", "version", "occurred_at");`);
    this.addSql(`create table "release_sessions" ("session_key" varchar(64) not null, "app" text not null, "version" varchar(60) not null, "started_at" timestamptz not null, "last_seen_at" timestamptz not null, "crashed" boolean not null default false, "client_key" varchar(64) null, primary key ("session_key", "app", "version"));`);
    this.addSql(`alter table "release_sessions" add constraint "release_sessions_app_check" check ("app" in ('shell', 'storefront', 'checkout', 'admin', 'devtools'));`);
    this.addSql(`create index "release_sessions_app_last_seen_index" on "release_sessions" ("app", "last_seen_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "release_sessions";`);
    this.addSql(`drop table if exists "web_vital_samples";`);
  }

}
