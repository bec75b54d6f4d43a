import { Migration } from '@mikro-orm/migrations';

/**
 * `remote_canary_clients.client_id` widened to 128 characters: it now holds the shell host's
 * signed client ids (`<id>.<address tag>.<mac>`, 97 characters for a UUID; contracts/client-id.ts).
 * `release_sessions.crash_address`: the hashed address whose report marked a session crashed, so
 * one address marks only a few sessions of a version crashed (release-health.service.ts).
 */
export class Migration20261130160000_client_ids_and_crash_addresses extends Migration {

  override name = 'Migration20261130160000_client_ids_and_crash_addresses';

  override up(): void | Promise<void> {
    this.addSql(`alter table "remote_canary_clients" alter column "client_id" type varchar(128) using ("client_id"::varchar(128));`);
    this.addSql(`alter table "release_sessions" add column "crash_address" varchar(64) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "release_sessions" drop column if exists "crash_address";`);
    this.addSql(`delete from "remote_canary_clients" where length("client_id") > 64;`);
    this.addSql(`alter table "remote_canary_clients" alter column "client_id" type varchar(64) using ("client_id"::varchar(64));`);
  }
}
