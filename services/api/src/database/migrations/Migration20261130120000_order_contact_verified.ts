import { Migration } from '@mikro-orm/migrations';

/**
 * `orders.contact_verified`: whether the order's contact e-mail is the buyer account's confirmed
 * e-mail (security review 2026-11-29 #2); only then do the order's e-mails carry the payable PIX
 * code or boleto line and the buyer's name. Orders placed before are marked when their contact
 * address is their account's confirmed e-mail.
 */
export class Migration20261130120000_order_contact_verified extends Migration {

  override name = 'Migration20261130120000_order_contact_verified';

  override up(): void | Promise<void> {
    this.addSql(`alter table "orders" add column "contact_verified" boolean not null default false;`);
    this.addSql(`update "orders" o set "contact_verified" = true from "users" u where u."id" = o."user_id" and u."email_confirmed_at" is not null and lower(u."email") = lower(o."customer_email");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "orders" drop column "contact_verified";`);
  }
}
