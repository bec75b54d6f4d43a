import { Migration } from '@mikro-orm/migrations';

/**
 * Session replay on error and shopper feedback (contracts/system-errors.ts, contracts/feedback.ts):
 * - `system_error_events.session_key`: the SHA-256 of the tab's error session id the report came
 *   with (also when signed in), what feedback is linked by;
 * - `system_error_replays`: one gzip-compressed rrweb recording per event, deleted with it (the
 *   newest ERROR_EVENTS_KEPT per issue, and the retention);
 * - `shopper_feedback`: 'Relatar um problema', with its optional e-mail and screenshot (WebP bytes).
 */
export class Migration20261204120000_replays_feedback extends Migration {

  override name = 'Migration20261204120000_replays_feedback';

  override up(): void | Promise<void> {
    this.addSql(`alter table "system_error_events" add column "session_key" varchar(64) null;`);
    this.addSql(`create index "system_error_events_session_key_index" on "system_error_events" ("session_key");`);
    this.addSql(`create table "system_error_replays" ("event_id" uuid not null, "started_at" timestamptz not null, "ended_at" timestamptz not null, "event_count" int not null, "size" int not null, "data" bytea not null, "created_at" timestamptz not null, primary key ("event_id"));`);
    this.addSql(`alter table "system_error_replays" add constraint "system_error_replays_event_id_foreign" foreign key ("event_id") references "system_error_events" ("id") on update cascade on delete cascade;`);
    this.addSql(`create table "shopper_feedback" ("id" uuid not null, "created_at" timestamptz not null, "description" text not null, "email" varchar(254) null, "page_url" text null, "user_agent" text null, "remote" varchar(40) null, "session_key" varchar(64) null, "user_key" varchar(64) null, "screenshot" bytea null, primary key ("id"));`);
    this.addSql(`create index "shopper_feedback_created_at_index" on "shopper_feedback" ("created_at");`);
    this.addSql(`create index "shopper_feedback_session_key_index" on "shopper_feedback" ("session_key");`);
    this.addSql(`create index "shopper_feedback_user_key_index" on "shopper_feedback" ("user_key");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "shopper_feedback" cascade;`);
    this.addSql(`drop table if exists "system_error_replays" cascade;`);
    this.addSql(`drop index "system_error_events_session_key_index";`);
    this.addSql(`alter table "system_error_events" drop column "session_key";`);
  }

}
