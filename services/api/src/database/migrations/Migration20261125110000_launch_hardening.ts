import { Migration } from '@mikro-orm/migrations';

/**
 * Launch hardening:
 * - `orders.request_fingerprint`: SHA-256 of the request an Idempotency-Key was first used with;
 *   a reuse of the key with another body is refused (422). Older orders have none;
 * - `login_failures`: failed sign-ins per e-mail that has no account (SHA-256 of the address), so
 *   an unknown e-mail is locked out exactly like an account (no enumeration through the 429);
 * - `system_errors.verified`: the report carried a canary report token (only those count for a
 *   canary); `remote_canary_clients.address`: the address a counted client asked from (capped).
 */
export class Migration20261125110000_launch_hardening extends Migration {

  override name = 'Migration20261125110000_launch_hardening';

  override up(): void | Promise<void> {
    this.addSql(`alter table "orders" add column "request_fingerprint" varchar(64) null;`);
    this.addSql(`create table "login_failures" ("email_hash" varchar(64) not null primary key, "attempts" int not null, "last_failed_at" timestamptz not null);`);
    this.addSql(`alter table "system_errors" add column "verified" boolean not null default false;`);
    this.addSql(`alter table "remote_canary_clients" add column "address" varchar(64) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "remote_canary_clients" drop column "address";`);
    this.addSql(`alter table "system_errors" drop column "verified";`);
    this.addSql(`drop table if exists "login_failures";`);
    this.addSql(`alter table "orders" drop column "request_fingerprint";`);
  }

}
