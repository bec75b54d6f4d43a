import { Migration } from '@mikro-orm/migrations';

/**
 * Invoices (NF-e): `invoices`, one per paid order (unique `order_id`, gone with the
 * order): the provider and its reference, the status (requested, processing, authorized,
 * rejected, failed, cancelled), the NF-e's number, series and access key, the provider's paths of
 * the DANFE and the XML, the failed attempts and the last error, and when it was authorised,
 * asked to be cancelled and cancelled (modules/invoices).
 */
export class Migration20261129110000_invoices extends Migration {

  override name = 'Migration20261129110000_invoices';

  override up(): void | Promise<void> {
    this.addSql(`create table "invoices" ("id" uuid not null, "order_id" uuid not null, "provider" varchar(20) not null, "ref" varchar(60) not null, "status" text not null, "number" varchar(20) null, "series" varchar(5) null, "access_key" varchar(44) null, "danfe_path" text null, "xml_path" text null, "attempts" int not null default 0, "last_error" varchar(500) null, "cancel_requested_at" timestamptz null, "authorized_at" timestamptz null, "cancelled_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "invoices" add constraint "invoices_order_id_unique" unique ("order_id");`);
    this.addSql(`create index "invoices_status_index" on "invoices" ("status");`);
    this.addSql(`alter table "invoices" add constraint "invoices_order_id_foreign" foreign key ("order_id") references "orders" ("id") on delete cascade;`);
    this.addSql(`alter table "invoices" add constraint "invoices_status_check" check ("status" in ('requested', 'processing', 'authorized', 'rejected', 'failed', 'cancelled'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "invoices" cascade;`);
  }

}
