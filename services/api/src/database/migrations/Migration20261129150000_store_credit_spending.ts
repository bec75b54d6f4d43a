import { Migration } from '@mikro-orm/migrations';

/**
 * Store credit spent at checkout: the part of an order's total paid with credit
 * (`orders.store_credit_cents`, at most the total), 'store-credit' as a payment method (an order the
 * credit pays whole), and the order a ledger entry spent on or gave back (`store_credit_entries.order_id`).
 * The ledger moved to the orders module, which may not import the returns module: its request
 * reference stays a unique uuid without a foreign key.
 */
export class Migration20261129150000_store_credit_spending extends Migration {

  override name = 'Migration20261129150000_store_credit_spending';

  override up(): void | Promise<void> {
    this.addSql(`alter table "store_credit_entries" drop constraint "store_credit_entries_return_request_id_foreign";`);
    this.addSql(`alter table "orders" drop constraint "orders_payment_method_check";`);
    this.addSql(`alter table "orders" add "store_credit_cents" int not null default 0;`);
    this.addSql(`alter table "orders" add constraint "orders_store_credit_cents_check" check (store_credit_cents >= 0 and store_credit_cents <= total_cents);`);
    this.addSql(`alter table "orders" add constraint "orders_payment_method_check" check ("payment_method" in ('credit-card', 'pix', 'boleto', 'store-credit'));`);
    this.addSql(`alter table "store_credit_entries" add "order_id" uuid null;`);
    this.addSql(`alter table "store_credit_entries" add constraint "store_credit_entries_order_id_foreign" foreign key ("order_id") references "orders" ("id") on delete set null;`);
    this.addSql(`create index "store_credit_entries_order_id_index" on "store_credit_entries" ("order_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "store_credit_entries_order_id_index";`);
    this.addSql(`alter table "store_credit_entries" drop constraint "store_credit_entries_order_id_foreign";`);
    this.addSql(`alter table "store_credit_entries" drop column "order_id";`);
    this.addSql(`alter table "orders" drop constraint "orders_store_credit_cents_check";`);
    this.addSql(`alter table "orders" drop constraint "orders_payment_method_check";`);
    this.addSql(`alter table "orders" drop column "store_credit_cents";`);
    this.addSql(`alter table "orders" add constraint "orders_payment_method_check" check ("payment_method" in ('credit-card', 'pix', 'boleto'));`);
    this.addSql(`alter table "store_credit_entries" add constraint "store_credit_entries_return_request_id_foreign" foreign key ("return_request_id") references "return_requests" ("id") on delete set null;`);
  }

}
