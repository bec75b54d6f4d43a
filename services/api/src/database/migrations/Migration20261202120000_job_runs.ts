import { Migration } from '@mikro-orm/migrations';

/**
 * `job_runs` (modules/monitoring): one row per run of a periodic job (start, duration in ms,
 * outcome and the failure's message), kept `JOB_RUN_RETENTION_DAYS`.
 */
export class Migration20261202120000_job_runs extends Migration {

  override name = 'Migration20261202120000_job_runs';

  override up(): void | Promise<void> {
    this.addSql(`create table "job_runs" ("id" uuid not null, "job" varchar(80) not null, "started_at" timestamptz not null, "duration_ms" int not null, "outcome" text not null, "error" text null, primary key ("id"));`);
    this.addSql(`alter table "job_runs" add constraint "job_runs_outcome_check" check ("outcome" in ('ok', 'failed'));`);
    this.addSql(`create index "job_runs_job_started_at_index" on "job_runs" ("job", "started_at");`);
    this.addSql(`create index "job_runs_started_at_index" on "job_runs" ("started_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "job_runs" cascade;`);
  }

}
