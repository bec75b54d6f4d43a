import { Migration } from '@mikro-orm/migrations';

/**
 * `outbox_emails.unsubscribe_url` (security review 2026-11-29 #5): the one-click unsubscribe URL a
 * back-in-stock notification carries as `List-Unsubscribe` (RFC 2369, RFC 8058).
 */
export class Migration20261130150000_outbox_unsubscribe_url extends Migration {

  override name = 'Migration20261130150000_outbox_unsubscribe_url';

  override up(): void | Promise<void> {
    this.addSql(`alter table "outbox_emails" add column "unsubscribe_url" text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "outbox_emails" drop column if exists "unsubscribe_url";`);
  }
}
