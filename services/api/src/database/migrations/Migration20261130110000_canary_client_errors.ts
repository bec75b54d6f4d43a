import { Migration } from '@mikro-orm/migrations';

/**
 * When each client counted for a canary first reported an error of the version it was served
 * (`remote_canary_clients.errored_at`, set by a report whose canary token verifies): the canary
 * guard counts erroring clients, not reports, so one client cannot roll a canary back by repeating
 * a report (security review 2026-11-29 #3). Likewise `web_vital_samples.canary_client`:
 * the sha256 of the client id a sample's canary token was issued to (null: no valid token); the
 * guard's vitals rule reads only those samples, one value per client.
 */
export class Migration20261130110000_canary_client_errors extends Migration {

  override name = 'Migration20261130110000_canary_client_errors';

  override up(): void | Promise<void> {
    this.addSql(`alter table "remote_canary_clients" add column "errored_at" timestamptz null;`);
    this.addSql(`alter table "web_vital_samples" add column "canary_client" varchar(64) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "remote_canary_clients" drop column "errored_at";`);
    this.addSql(`alter table "web_vital_samples" drop column "canary_client";`);
  }
}
