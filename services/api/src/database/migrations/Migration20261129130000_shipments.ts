import { Migration } from '@mikro-orm/migrations';

/**
 * Labels and tracking: `shipments`, the label bought for an order through the carrier
 * aggregator (one per order; who sold it, the carrier's id and protocol, the service, what the
 * store paid in BRL cents, the printable label's URL (null until generated), the tracking code, the carrier's last
 * status and when it was last read by the webhook or the polling job).
 */
export class Migration20261129130000_shipments extends Migration {

  override name = 'Migration20261129130000_shipments';

  override up(): void | Promise<void> {
    this.addSql(`create table "shipments" ("id" uuid not null, "order_id" uuid not null, "provider" varchar(20) not null, "carrier_order_id" varchar(100) not null, "protocol" varchar(60) null, "service_id" varchar(60) not null, "carrier" varchar(60) not null, "service_name" varchar(60) not null, "price_cents" int not null, "tracking_code" varchar(60) null, "label_url" text null, "carrier_status" varchar(30) not null, "last_checked_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "shipments" add constraint "shipments_carrier_order_id_unique" unique ("carrier_order_id");`);
    this.addSql(`create index "shipments_carrier_status_index" on "shipments" ("carrier_status");`);
    this.addSql(`alter table "shipments" add constraint "shipments_order_id_unique" unique ("order_id");`);
    this.addSql(`alter table "shipments" add constraint "shipments_order_id_foreign" foreign key ("order_id") references "orders" ("id") on delete cascade;`);
    this.addSql(`alter table "shipments" add constraint "shipments_price_cents_check" check (price_cents >= 0);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "shipments" cascade;`);
  }

}
