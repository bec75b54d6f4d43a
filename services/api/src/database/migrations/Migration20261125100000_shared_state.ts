import { Migration } from '@mikro-orm/migrations';

/**
 * Shared state across service processes (issue 21):
 * - `rate_limits`: @fastify/rate-limit counters (plugins/rate-limit-store.ts), one row per
 *   route + client key with its hits and window end. Unlogged: losing counters in a database
 *   crash only resets the windows, and it saves the WAL of every counted request.
 */
export class Migration20261125100000_shared_state extends Migration {

  override name = 'Migration20261125100000_shared_state';

  override up(): void | Promise<void> {
    this.addSql(`create unlogged table "rate_limits" ("key" varchar(300) not null primary key, "hits" int not null, "expires_at" timestamptz not null);`);
    this.addSql(`create index "rate_limits_expires_at_index" on "rate_limits" ("expires_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "rate_limits";`);
  }

}
