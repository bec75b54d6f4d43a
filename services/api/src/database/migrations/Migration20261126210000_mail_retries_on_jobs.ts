import { Migration } from '@mikro-orm/migrations';

/**
 * Failed e-mails are retried on the job queue (pg-boss, mail/mail-retries.ts)
 * instead of a periodic scan of `outbox_emails.next_attempt_at`; the column and its index go.
 * Messages that were waiting for a retry are enqueued by the service at its next start.
 */
export class Migration20261126210000_mail_retries_on_jobs extends Migration {

  override name = 'Migration20261126210000_mail_retries_on_jobs';

  override up(): void | Promise<void> {
    this.addSql(`drop index if exists "outbox_emails_next_attempt_at_index";`);
    this.addSql(`alter table "outbox_emails" drop column "next_attempt_at";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "outbox_emails" add column "next_attempt_at" timestamptz null;`);
    this.addSql(`create index "outbox_emails_next_attempt_at_index" on "outbox_emails" ("next_attempt_at");`);
  }

}
