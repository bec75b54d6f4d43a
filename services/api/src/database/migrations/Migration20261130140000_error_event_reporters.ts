import { Migration } from '@mikro-orm/migrations';

/**
 * `system_error_events.user_key` (security review 2026-11-29 #16): who reported each event, keyed as
 * `system_error_users` keys it, so an account's erasure finds the breadcrumbs of its sessions.
 */
export class Migration20261130140000_error_event_reporters extends Migration {

  override name = 'Migration20261130140000_error_event_reporters';

  override up(): void | Promise<void> {
    this.addSql(`alter table "system_error_events" add column "user_key" varchar(64) null;`);
    this.addSql(`create index "system_error_events_user_key_index" on "system_error_events" ("user_key");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "system_error_events_user_key_index";`);
    this.addSql(`alter table "system_error_events" drop column if exists "user_key";`);
  }
}
