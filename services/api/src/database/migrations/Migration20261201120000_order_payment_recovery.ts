import { Migration } from '@mikro-orm/migrations';

/**
 * Recovery of unpaid PIX and boleto orders (orders/payment-recovery.service.ts): how many new
 * charges an order got and when the last one was issued, and when its one reminder e-mail (the
 * charge about to expire) was sent. Existing orders start at none.
 */
export class Migration20261201120000_order_payment_recovery extends Migration {

  override name = 'Migration20261201120000_order_payment_recovery';

  override up(): void | Promise<void> {
    this.addSql(`alter table "orders" add column "payment_renewals" int not null default 0, add column "payment_renewed_at" timestamptz null, add column "payment_reminder_sent_at" timestamptz null;`);
    this.addSql(`alter table "orders" add constraint "orders_payment_renewals_check" check (payment_renewals >= 0);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "orders" drop constraint if exists "orders_payment_renewals_check";`);
    this.addSql(`alter table "orders" drop column if exists "payment_renewals", drop column if exists "payment_renewed_at", drop column if exists "payment_reminder_sent_at";`);
  }

}
