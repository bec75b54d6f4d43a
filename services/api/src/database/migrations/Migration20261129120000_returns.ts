import { Migration } from '@mikro-orm/migrations';

/**
 * Returns and exchanges (modules/returns): `return_requests` (a shopper's request on a
 * delivered order: kind, status, reason, within the 7-day withdrawal right, freight and total
 * given back, what was refunded or credited), `return_request_lines` (order line, units and their
 * amount in BRL cents) and `store_credit_entries` (the shopper's store-credit ledger; one entry
 * per request at most).
 */
export class Migration20261129120000_returns extends Migration {

  override name = 'Migration20261129120000_returns';

  override up(): void | Promise<void> {
    this.addSql(`create table "return_requests" ("id" uuid not null, "order_id" uuid not null, "user_id" uuid not null, "kind" text not null, "status" text not null, "reason" varchar(500) not null, "within_withdrawal" boolean not null, "shipping_cents" int not null default 0, "amount_cents" int not null, "refunded_cents" int null, "refund_reference" varchar(100) null, "credited_cents" int null, "note" varchar(300) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "return_requests_order_id_index" on "return_requests" ("order_id");`);
    this.addSql(`create index "return_requests_user_id_index" on "return_requests" ("user_id");`);
    this.addSql(`create index "return_requests_status_index" on "return_requests" ("status");`);
    this.addSql(`create index "return_requests_created_at_index" on "return_requests" ("created_at");`);
    this.addSql(`create table "store_credit_entries" ("id" uuid not null, "user_id" uuid not null, "amount_cents" int not null, "reason" varchar(200) not null, "return_request_id" uuid null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "store_credit_entries_user_id_index" on "store_credit_entries" ("user_id");`);
    this.addSql(`alter table "store_credit_entries" add constraint "store_credit_entries_return_request_id_unique" unique ("return_request_id");`);
    this.addSql(`create table "return_request_lines" ("id" uuid not null, "request_id" uuid not null, "order_item_id" uuid not null, "quantity" int not null, "amount_cents" int not null, primary key ("id"));`);
    this.addSql(`create index "return_request_lines_request_id_index" on "return_request_lines" ("request_id");`);
    this.addSql(`create index "return_request_lines_order_item_id_index" on "return_request_lines" ("order_item_id");`);
    this.addSql(`alter table "return_requests" add constraint "return_requests_order_id_foreign" foreign key ("order_id") references "orders" ("id") on delete cascade;`);
    this.addSql(`alter table "return_requests" add constraint "return_requests_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete restrict;`);
    this.addSql(`alter table "return_requests" add constraint "return_requests_shipping_cents_check" check (shipping_cents >= 0);`);
    this.addSql(`alter table "return_requests" add constraint "return_requests_amount_cents_check" check (amount_cents >= 0);`);
    this.addSql(`alter table "return_requests" add constraint "return_requests_kind_check" check ("kind" in ('return', 'exchange'));`);
    this.addSql(`alter table "return_requests" add constraint "return_requests_status_check" check ("status" in ('requested', 'approved', 'rejected', 'received', 'refunded', 'credited', 'exchanged'));`);
    this.addSql(`alter table "store_credit_entries" add constraint "store_credit_entries_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete restrict;`);
    this.addSql(`alter table "store_credit_entries" add constraint "store_credit_entries_return_request_id_foreign" foreign key ("return_request_id") references "return_requests" ("id") on delete set null;`);
    this.addSql(`alter table "store_credit_entries" add constraint "store_credit_entries_amount_cents_check" check (amount_cents <> 0);`);
    this.addSql(`alter table "return_request_lines" add constraint "return_request_lines_request_id_foreign" foreign key ("request_id") references "return_requests" ("id") on delete cascade;`);
    this.addSql(`alter table "return_request_lines" add constraint "return_request_lines_order_item_id_foreign" foreign key ("order_item_id") references "order_items" ("id") on delete cascade;`);
    this.addSql(`alter table "return_request_lines" add constraint "return_request_lines_quantity_check" check (quantity > 0);`);
    this.addSql(`alter table "return_request_lines" add constraint "return_request_lines_amount_cents_check" check (amount_cents >= 0);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "store_credit_entries";`);
    this.addSql(`drop table if exists "return_request_lines";`);
    this.addSql(`drop table if exists "return_requests";`);
  }

}
