import { Migration } from '@mikro-orm/migrations';

/**
 * `alert_rules` and `alert_firings` (modules/monitoring): the developers' alert rules (kind,
 * threshold, window, channel, mute) and each firing with its delivery outcome.
 */
export class Migration20261202120200_alerts extends Migration {

  override name = 'Migration20261202120200_alerts';

  override up(): void | Promise<void> {
    this.addSql(`create table "alert_rules" ("id" uuid not null, "name" varchar(80) not null, "kind" text not null, "threshold" int not null, "window_minutes" int not null, "channel" text not null, "destination" varchar(500) not null, "muted_until" timestamptz null, "last_fired_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "alert_rules" add constraint "alert_rules_kind_check" check ("kind" in ('missed_job', 'uptime_failure', 'new_issue', 'dead_letters'));`);
    this.addSql(`alter table "alert_rules" add constraint "alert_rules_channel_check" check ("channel" in ('email', 'webhook'));`);
    this.addSql(`create table "alert_firings" ("id" uuid not null, "rule_id" uuid null, "rule_name" varchar(80) not null, "fired_at" timestamptz not null, "summary" text not null, "delivery" text not null, "delivery_error" text null, primary key ("id"));`);
    this.addSql(`alter table "alert_firings" add constraint "alert_firings_delivery_check" check ("delivery" in ('sent', 'failed'));`);
    this.addSql(`create index "alert_firings_fired_at_index" on "alert_firings" ("fired_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "alert_firings" cascade;`);
    this.addSql(`drop table if exists "alert_rules" cascade;`);
  }

}
