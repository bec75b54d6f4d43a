import { Migration } from '@mikro-orm/migrations';

/**
 * Back-in-stock is no open mailer (security review 2026-11-29 #5):
 * `stock_subscriptions.confirmation_sent_at`, when a confirmation e-mail was last sent for the row,
 * so the confirmations e-mailed to one address in a day can be counted (and capped). Pending rows
 * that already had their mail count from their creation.
 */
export class Migration20261130113000_back_in_stock_confirmations extends Migration {

  override name = 'Migration20261130113000_back_in_stock_confirmations';

  override up(): void | Promise<void> {
    this.addSql(`alter table "stock_subscriptions" add "confirmation_sent_at" timestamptz null;`);
    this.addSql(`update "stock_subscriptions" set "confirmation_sent_at" = "created_at" where "status" = 'pending_confirmation' and "token_hash" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "stock_subscriptions" drop column "confirmation_sent_at";`);
  }

}
