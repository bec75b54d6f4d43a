import { Migration } from '@mikro-orm/migrations';

export class Migration20261123200000_realtime extends Migration {

  override name = 'Migration20261123200000_realtime';

  override up(): void | Promise<void> {
    this.addSql(`create table "notifications" ("id" uuid not null, "type" text not null, "title" varchar(120) not null, "description" text not null, "action_label" varchar(60) null, "action_url" varchar(300) null, "dedupe_key" varchar(200) not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "notifications" add constraint "notifications_dedupe_key_unique" unique ("dedupe_key");`);
    this.addSql(`create index "notifications_created_at_index" on "notifications" ("created_at");`);

    this.addSql(`create table "qa_issues" ("id" uuid not null, "type" text not null, "component" varchar(100) not null, "description" text not null, "status" text not null default 'open', "priority" text not null, "check_key" varchar(200) not null, "created_at" timestamptz not null, "resolved_at" timestamptz null, "last_found_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "qa_issues_status_index" on "qa_issues" ("status");`);
    this.addSql(`alter table "qa_issues" add constraint "qa_issues_check_key_unique" unique ("check_key");`);

    this.addSql(`create table "system_errors" ("id" uuid not null, "error_type" varchar(100) not null, "error_message" text not null, "page_url" text null, "error_stack" text null, "user_agent" text null, "remote" varchar(40) null, "version" varchar(60) null, "source" text not null, "fingerprint" varchar(64) not null, "count" int not null default 1, "created_at" timestamptz not null, "last_seen_at" timestamptz not null, "resolved" boolean not null default false, "resolved_by_id" uuid null, "resolved_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "system_errors_fingerprint_index" on "system_errors" ("fingerprint");`);
    this.addSql(`create index "system_errors_created_at_index" on "system_errors" ("created_at");`);
    this.addSql(`create index "system_errors_resolved_index" on "system_errors" ("resolved");`);

    this.addSql(`create table "notification_states" ("notification_id" uuid not null, "user_id" uuid not null, "read_at" timestamptz null, "dismissed_at" timestamptz null, primary key ("notification_id", "user_id"));`);

    this.addSql(`alter table "outbox_emails" add column "attempts" int not null default 0, add column "next_attempt_at" timestamptz null, add column "failed_at" timestamptz null;`);
    this.addSql(`create index "outbox_emails_next_attempt_at_index" on "outbox_emails" ("next_attempt_at");`);
    // E-mails that failed before retries existed get retried too.
    this.addSql(`update "outbox_emails" set "attempts" = 1, "next_attempt_at" = now() where "sent_at" is null and "error" is not null;`);

    this.addSql(`alter table "domain_events" add "position" bigint null;`);
    this.addSql(`alter table "domain_events" add constraint "domain_events_position_unique" unique ("position");`);

    // Events written before this migration count as relayed, in the order they were created.
    this.addSql(`update "domain_events" d set "position" = s.rn, "published_at" = coalesce(d."published_at", now()) from (select "id", row_number() over (order by "created_at", "id") as rn from "domain_events") s where d."id" = s."id";`);

    // Every committed insert wakes the relay of every service process (payload: the event id).
    this.addSql(`create or replace function "domain_events_domain_events_notify_fn"() returns trigger as $$ begin perform pg_notify('prata_outbox', new.id::text); return new; end; $$ language plpgsql;`);
    this.addSql(`create trigger "domain_events_notify" AFTER INSERT on "domain_events" for each ROW execute function "domain_events_domain_events_notify_fn"();`);

    this.addSql(`alter table "notifications" add constraint "notifications_type_check" check ("type" in ('warning', 'success', 'error', 'info'));`);

    this.addSql(`alter table "qa_issues" add constraint "qa_issues_type_check" check ("type" in ('error', 'warning', 'info'));`);
    this.addSql(`alter table "qa_issues" add constraint "qa_issues_status_check" check ("status" in ('open', 'resolved', 'ignored'));`);
    this.addSql(`alter table "qa_issues" add constraint "qa_issues_priority_check" check ("priority" in ('critical', 'high', 'medium', 'low'));`);

    this.addSql(`alter table "system_errors" add constraint "system_errors_resolved_by_id_foreign" foreign key ("resolved_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "system_errors" add constraint "system_errors_source_check" check ("source" in ('client', 'server'));`);

    this.addSql(`alter table "notification_states" add constraint "notification_states_notification_id_foreign" foreign key ("notification_id") references "notifications" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "notification_states" add constraint "notification_states_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "notification_states" drop constraint "notification_states_notification_id_foreign";`);

    this.addSql(`drop table if exists "notifications" cascade;`);
    this.addSql(`drop table if exists "qa_issues" cascade;`);
    this.addSql(`drop table if exists "system_errors" cascade;`);
    this.addSql(`drop table if exists "notification_states" cascade;`);

    this.addSql(`drop index "outbox_emails_next_attempt_at_index";`);
    this.addSql(`alter table "outbox_emails" drop column "attempts", drop column "next_attempt_at", drop column "failed_at";`);
    this.addSql(`drop trigger if exists "domain_events_notify" on "domain_events";`);
    this.addSql(`drop function if exists "domain_events_domain_events_notify_fn"();`);
    this.addSql(`alter table "domain_events" drop constraint "domain_events_position_unique";`);
    this.addSql(`alter table "domain_events" drop column "position";`);
  }

}
