import { Migration } from '@mikro-orm/migrations';

export class Migration20261121150000_orders extends Migration {

  override name = 'Migration20261121150000_orders';

  override up(): void | Promise<void> {
    // Human order numbers (P925-000001...).
    this.addSql(`create sequence "order_number_seq" start 1;`);
    this.addSql(`create table "domain_events" ("id" uuid not null, "type" varchar(100) not null, "aggregate_id" uuid not null, "payload" jsonb not null, "created_at" timestamptz not null, "published_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "domain_events_type_index" on "domain_events" ("type");`);
    this.addSql(`create index "domain_events_aggregate_id_index" on "domain_events" ("aggregate_id");`);

    this.addSql(`create table "orders" ("id" uuid not null, "number" varchar(20) not null, "user_id" uuid not null, "status" text not null, "total_cents" int not null, "payment_method" text not null, "idempotency_key" uuid not null, "customer_name" varchar(100) not null, "customer_email" varchar(255) not null, "customer_phone" varchar(20) not null, "zip_code" varchar(10) not null, "street" varchar(200) not null, "address_number" varchar(10) not null, "complement" varchar(100) null, "neighborhood" varchar(100) not null, "city" varchar(100) not null, "state" varchar(2) not null, "card_brand" varchar(40) null, "card_last4" varchar(4) null, "installments" int null, "pix_payload" text null, "pix_txid" varchar(25) null, "pix_expires_at" timestamptz null, "boleto_line" varchar(60) null, "boleto_due_date" varchar(10) null, "payment_reference" varchar(100) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "paid_at" timestamptz null, "cancelled_at" timestamptz null, "cancel_reason" varchar(100) null, primary key ("id"));`);
    this.addSql(`alter table "orders" add constraint "orders_number_unique" unique ("number");`);
    this.addSql(`create index "orders_status_index" on "orders" ("status");`);
    this.addSql(`create index "orders_created_at_index" on "orders" ("created_at");`);
    this.addSql(`alter table "orders" add constraint "orders_user_id_idempotency_key_unique" unique ("user_id", "idempotency_key");`);

    this.addSql(`create table "order_items" ("id" uuid not null, "order_id" uuid not null, "product_id" uuid null, "product_name" varchar(200) not null, "quantity" int not null, "unit_price_cents" int not null, "total_price_cents" int not null, primary key ("id"));`);


    this.addSql(`alter table "orders" add constraint "orders_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete restrict;`);
    this.addSql(`alter table "orders" add constraint "orders_total_cents_check" check (total_cents >= 0);`);
    this.addSql(`alter table "orders" add constraint "orders_status_check" check ("status" in ('pending', 'paid', 'shipped', 'delivered', 'cancelled'));`);
    this.addSql(`alter table "orders" add constraint "orders_payment_method_check" check ("payment_method" in ('credit-card', 'pix', 'boleto'));`);

    this.addSql(`alter table "order_items" add constraint "order_items_order_id_foreign" foreign key ("order_id") references "orders" ("id") on delete cascade;`);
    this.addSql(`alter table "order_items" add constraint "order_items_product_id_foreign" foreign key ("product_id") references "products" ("id") on delete set null;`);
    this.addSql(`alter table "order_items" add constraint "order_items_quantity_check" check (quantity > 0);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "order_items" drop constraint "order_items_order_id_foreign";`);

    this.addSql(`drop table if exists "domain_events" cascade;`);
    this.addSql(`drop table if exists "orders" cascade;`);
    this.addSql(`drop table if exists "order_items" cascade;`);
    this.addSql(`drop sequence if exists "order_number_seq";`);

  }

}
