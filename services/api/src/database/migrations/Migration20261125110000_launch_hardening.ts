import { Migration } from '@mikro-orm/migrations';

/**
 * Launch hardening (issue 21):
 * - `orders.request_fingerprint`: SHA-256 of the request an Idempotency-Key was first used with;
 *   a reuse of the key with another body is refused (422). Older orders have none.
 */
export class Migration20261125110000_launch_hardening extends Migration {

  override name = 'Migration20261125110000_launch_hardening';

  override up(): void | Promise<void> {
    this.addSql(`alter table "orders" add column "request_fingerprint" varchar(64) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "orders" drop column "request_fingerprint";`);
  }

}
