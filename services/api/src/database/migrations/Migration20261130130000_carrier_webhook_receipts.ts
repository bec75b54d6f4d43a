import { Migration } from '@mikro-orm/migrations';

/** `carrier_webhook_receipts` (security review 2026-11-29 #12): signed carrier notifications already applied, by the SHA-256 of their body. */
export class Migration20261130130000_carrier_webhook_receipts extends Migration {

  override name = 'Migration20261130130000_carrier_webhook_receipts';

  override up(): void | Promise<void> {
    this.addSql(`create table "carrier_webhook_receipts" ("body_sha256" varchar(64) not null, "received_at" timestamptz not null, primary key ("body_sha256"));`);
    this.addSql(`create index "carrier_webhook_receipts_received_at_index" on "carrier_webhook_receipts" ("received_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "carrier_webhook_receipts" cascade;`);
  }
}
