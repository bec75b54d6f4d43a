import { Migration } from '@mikro-orm/migrations';

/**
 * The alert kinds of the developer area's second round (contracts/alerts.ts): `regression`,
 * `error_rate`, `crash_rate` and `vitals_p75` join the kinds `alert_rules` admits, and
 * `system_errors.regressed_at` records when a resolved issue last came back (what `regression`
 * counts over its window).
 */
export class Migration20261203120000_alert_kinds extends Migration {

  override name = 'Migration20261203120000_alert_kinds';

  override up(): void | Promise<void> {
    this.addSql(`alter table "alert_rules" drop constraint "alert_rules_kind_check";`);
    this.addSql(`alter table "alert_rules" add constraint "alert_rules_kind_check" check ("kind" in ('missed_job', 'uptime_failure', 'new_issue', 'dead_letters', 'regression', 'error_rate', 'crash_rate', 'vitals_p75'));`);
    this.addSql(`alter table "system_errors" add column "regressed_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "system_errors" drop column "regressed_at";`);
    this.addSql(`delete from "alert_rules" where "kind" in ('regression', 'error_rate', 'crash_rate', 'vitals_p75');`);
    this.addSql(`alter table "alert_rules" drop constraint "alert_rules_kind_check";`);
    this.addSql(`alter table "alert_rules" add constraint "alert_rules_kind_check" check ("kind" in ('missed_job', 'uptime_failure', 'new_issue', 'dead_letters'));`);
  }

}
