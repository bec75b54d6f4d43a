import { Migration } from '@mikro-orm/migrations';

/**
 * `domain_events.dispatched_at`: when the once-per-cluster `subscribe` handlers ran for the event
 * (at-least-once across a crash, events/event-bus.ts). Events relayed before this
 * migration count as dispatched.
 */
export class Migration20261123800000_outbox_dispatch extends Migration {

  override name = 'Migration20261123800000_outbox_dispatch';

  override up(): void | Promise<void> {
    this.addSql(`alter table "domain_events" add column "dispatched_at" timestamptz null;`);
    this.addSql(`update "domain_events" set "dispatched_at" = coalesce("published_at", now()) where "position" is not null;`);
    this.addSql(`create index "domain_events_undispatched_index" on "domain_events" ("position") where "dispatched_at" is null and "position" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "domain_events_undispatched_index";`);
    this.addSql(`alter table "domain_events" drop column "dispatched_at";`);
  }

}
