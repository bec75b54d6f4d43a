import { Migration } from '@mikro-orm/migrations';

/**
 * 'Parcelamento sem cartão' (Mercado Pago's Linha de Crédito): 'mercadopago-credits' as a payment
 * method of orders and of the sandbox's ledger; the order keeps the checkout its shopper is sent to
 * (`credits_checkout_url`, the preference's `init_point`) and the preference's id; the sandbox keeps
 * where its checkout page returns the shopper (`return_url`).
 */
export class Migration20261205100000_credits_checkout extends Migration {

  override name = 'Migration20261205100000_credits_checkout';

  override up(): void | Promise<void> {
    this.addSql(`alter table "orders" drop constraint "orders_payment_method_check";`);
    this.addSql(`alter table "orders" add constraint "orders_payment_method_check" check ("payment_method" in ('credit-card', 'pix', 'boleto', 'store-credit', 'mercadopago-credits'));`);
    this.addSql(`alter table "orders" add "credits_checkout_url" text null, add "credits_preference_id" varchar(100) null;`);
    this.addSql(`alter table "sandbox_payments" drop constraint "sandbox_payments_method_check";`);
    this.addSql(`alter table "sandbox_payments" add constraint "sandbox_payments_method_check" check ("method" in ('credit-card', 'pix', 'boleto', 'mercadopago-credits'));`);
    this.addSql(`alter table "sandbox_payments" add "return_url" text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "sandbox_payments" drop column "return_url";`);
    this.addSql(`alter table "sandbox_payments" drop constraint "sandbox_payments_method_check";`);
    this.addSql(`alter table "sandbox_payments" add constraint "sandbox_payments_method_check" check ("method" in ('credit-card', 'pix', 'boleto'));`);
    this.addSql(`alter table "orders" drop column "credits_checkout_url", drop column "credits_preference_id";`);
    this.addSql(`alter table "orders" drop constraint "orders_payment_method_check";`);
    this.addSql(`alter table "orders" add constraint "orders_payment_method_check" check ("payment_method" in ('credit-card', 'pix', 'boleto', 'store-credit'));`);
  }

}
