import { Migration } from '@mikro-orm/migrations';

/**
 * Error issues: a `system_errors` row becomes an issue that every report with its
 * fingerprint is counted into, whatever its age or version.
 * - `system_errors`: status (unresolved, resolved, ignored), level, versions seen, versions seen
 *   when resolved (a report from another version reopens it as a regression), users affected;
 *   the fingerprint becomes unique: rows that shared one (the old de-duplication window) are
 *   merged into the one seen last, their counts summed;
 * - `system_error_versions`: events per issue, version, canary verification and minute (first and
 *   last seen), which the Deployments card, the canary guard and the error alert read;
 * - `system_error_users`: who was affected (sha256 of a user id or a tab session id), one row each;
 * - `system_error_events`: the newest occurrences with their breadcrumbs and mapped stacks;
 * - `source_maps`: each built app's hidden source maps per version (gzip), to map stack frames.
 */
export class Migration20261127100000_error_issues extends Migration {

  override name = 'Migration20261127100000_error_issues';

  override up(): void | Promise<void> {
    this.addSql(`alter table "system_errors" add column "status" text not null default 'unresolved', add column "level" text not null default 'error', add column "versions" text[] not null default '{}', add column "resolved_versions" text[] not null default '{}', add column "users_affected" int not null default 0, add column "regression" boolean not null default false;`);
    this.addSql(`update "system_errors" set "status" = case when "resolved" then 'resolved' else 'unresolved' end, "versions" = case when "version" is null then '{}' else array["version"]::text[] end;`);
    this.addSql(`update "system_errors" set "resolved_versions" = "versions" where "resolved";`);
    this.addSql(`create table "system_error_versions" ("issue_id" uuid not null, "version" varchar(60) not null, "verified" boolean not null, "minute" timestamptz not null, "count" int not null, "first_seen_at" timestamptz not null, "last_seen_at" timestamptz not null, primary key ("issue_id", "version", "verified", "minute"));`);
    this.addSql(`alter table "system_error_versions" add constraint "system_error_versions_issue_id_foreign" foreign key ("issue_id") references "system_errors" ("id") on delete cascade;`);
    this.addSql(`create index "system_error_versions_version_index" on "system_error_versions" ("version", "last_seen_at");`);
    this.addSql(`with ranked as (select "id", first_value("id") over (partition by "fingerprint" order by "last_seen_at" desc, "id") as "keep" from "system_errors")
      insert into "system_error_versions" ("issue_id", "version", "verified", "minute", "count", "first_seen_at", "last_seen_at")
      select r."keep", coalesce(e."version", ''), e."verified", date_trunc('minute', max(e."last_seen_at")), sum(e."count"), min(e."created_at"), max(e."last_seen_at")
      from "system_errors" e join ranked r on r."id" = e."id" group by r."keep", coalesce(e."version", ''), e."verified";`);
    this.addSql(`with totals as (select "issue_id", sum("count")::int as "count", min("first_seen_at") as "first", array_agg(distinct "version") filter (where "version" <> '') as "versions" from "system_error_versions" group by "issue_id")
      update "system_errors" e set "count" = t."count", "created_at" = t."first", "versions" = coalesce(t."versions", '{}') from totals t where t."issue_id" = e."id";`);
    this.addSql(`delete from "system_errors" e where not exists (select 1 from "system_error_versions" v where v."issue_id" = e."id");`);
    this.addSql(`drop index if exists "system_errors_fingerprint_index";`);
    this.addSql(`alter table "system_errors" add constraint "system_errors_fingerprint_unique" unique ("fingerprint");`);
    this.addSql(`create index "system_errors_status_index" on "system_errors" ("status");`);
    this.addSql(`alter table "system_errors" add constraint "system_errors_status_check" check ("status" in ('unresolved', 'resolved', 'ignored'));`);
    this.addSql(`alter table "system_errors" add constraint "system_errors_level_check" check ("level" in ('error', 'warning'));`);
    this.addSql(`create index "system_errors_last_seen_at_index" on "system_errors" ("last_seen_at");`);
    this.addSql(`create table "system_error_users" ("issue_id" uuid not null, "user_key" varchar(64) not null, primary key ("issue_id", "user_key"));`);
    this.addSql(`alter table "system_error_users" add constraint "system_error_users_issue_id_foreign" foreign key ("issue_id") references "system_errors" ("id") on delete cascade;`);
    this.addSql(`create table "system_error_events" ("id" uuid not null, "issue_id" uuid not null, "occurred_at" timestamptz not null, "version" varchar(60) null, "level" text not null, "message" text not null, "page_url" text null, "user_agent" text null, "stack" text null, "frames" jsonb not null, "trace_id" varchar(32) null, "breadcrumbs" jsonb not null, primary key ("id"));`);
    this.addSql(`alter table "system_error_events" add constraint "system_error_events_issue_id_foreign" foreign key ("issue_id") references "system_errors" ("id") on delete cascade;`);
    this.addSql(`alter table "system_error_events" add constraint "system_error_events_level_check" check ("level" in ('error', 'warning'));`);
    this.addSql(`create index "system_error_events_issue_id_index" on "system_error_events" ("issue_id");`);
    this.addSql(`create table "source_maps" ("app" varchar(40) not null, "version" varchar(60) not null, "file" varchar(200) not null, "map" bytea not null, "size" int not null, "uploaded_at" timestamptz not null, primary key ("app", "version", "file"));`);
    this.addSql(`create index "source_maps_file_index" on "source_maps" ("file");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "source_maps";`);
    this.addSql(`drop table if exists "system_error_events";`);
    this.addSql(`drop table if exists "system_error_users";`);
    this.addSql(`drop table if exists "system_error_versions";`);
    this.addSql(`drop index if exists "system_errors_last_seen_at_index";`);
    this.addSql(`drop index if exists "system_errors_status_index";`);
    this.addSql(`alter table "system_errors" drop constraint if exists "system_errors_fingerprint_unique";`);
    this.addSql(`create index "system_errors_fingerprint_index" on "system_errors" ("fingerprint");`);
    this.addSql(`alter table "system_errors" drop constraint if exists "system_errors_status_check", drop constraint if exists "system_errors_level_check";`);
    this.addSql(`alter table "system_errors" drop column "status", drop column "level", drop column "versions", drop column "resolved_versions", drop column "users_affected", drop column "regression";`);
  }

}
