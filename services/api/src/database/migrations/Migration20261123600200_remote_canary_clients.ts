import { Migration } from '@mikro-orm/migrations';

/**
 * Remote canary clients (for the automatic canary rollback): which client ids were served which
 * version of a remote while its canary runs (the denominator of the error rates compared).
 */
export class Migration20261123600200_remote_canary_clients extends Migration {

  override name = 'Migration20261123600200_remote_canary_clients';

  override up(): void | Promise<void> {
    this.addSql(`create table "remote_canary_clients" ("remote" text check ("remote" in ('storefront', 'checkout', 'admin', 'devtools')) not null, "version" varchar(64) not null, "client_id" varchar(64) not null, "first_seen_at" timestamptz not null, primary key ("remote", "version", "client_id"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "remote_canary_clients" cascade;`);
  }

}
