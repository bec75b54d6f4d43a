import { Migration } from '@mikro-orm/migrations';

/**
 * Shared state across service processes:
 * - `rate_limits`: @fastify/rate-limit counters (plugins/rate-limit-store.ts), one row per
 *   route + client key with its hits and window end. Unlogged: losing counters in a database
 *   crash only resets the windows, and it saves the WAL of every counted request;
 * - `dead_letters`: work that failed its last retry (a domain-event handler: which handler, the
 *   event, its payload, the last error), listed on the developer dashboard.
 */
export class Migration20261125100000_shared_state extends Migration {

  override name = 'Migration20261125100000_shared_state';

  override up(): void | Promise<void> {
    this.addSql(`create unlogged table "rate_limits" ("key" varchar(300) not null primary key, "hits" int not null, "expires_at" timestamptz not null);`);
    this.addSql(`create index "rate_limits_expires_at_index" on "rate_limits" ("expires_at");`);
    this.addSql(`create table "dead_letters" ("id" uuid not null primary key, "source" varchar(30) not null, "handler" varchar(200) not null, "reference" uuid null, "event_type" varchar(100) null, "payload" jsonb null, "error" text not null, "attempts" int not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "dead_letters_created_at_index" on "dead_letters" ("created_at" desc);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "dead_letters";`);
    this.addSql(`drop table if exists "rate_limits";`);
  }

}
