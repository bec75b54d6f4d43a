import { Migration } from '@mikro-orm/migrations';

/**
 * WhatsApp order updates (modules/messaging): `orders.whatsapp_opt_in` (the shopper asked for them
 * at checkout; false for every order placed before) and `order_messages`, one per order and kind
 * (received, paid, shipped, delivered; gone with the order): the template, the status (queued,
 * sent, delivered, read, failed, skipped), WhatsApp's message id (unique: the status webhook names
 * it), the attempts, the last error and when it was sent, delivered, read or failed.
 */
export class Migration20261201130000_whatsapp_order_messages extends Migration {

  override name = 'Migration20261201130000_whatsapp_order_messages';

  override up(): void | Promise<void> {
    this.addSql(`alter table "orders" add column "whatsapp_opt_in" boolean not null default false;`);
    this.addSql(`create table "order_messages" ("id" uuid not null, "order_id" uuid not null, "channel" varchar(20) not null, "kind" text not null, "template" varchar(60) not null, "status" text not null, "provider_message_id" varchar(200) null, "attempts" int not null default 0, "error" varchar(500) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "sent_at" timestamptz null, "delivered_at" timestamptz null, "read_at" timestamptz null, "failed_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "order_messages_status_index" on "order_messages" ("status");`);
    this.addSql(`alter table "order_messages" add constraint "order_messages_provider_message_id_unique" unique ("provider_message_id");`);
    this.addSql(`alter table "order_messages" add constraint "order_messages_order_id_kind_unique" unique ("order_id", "kind");`);
    this.addSql(`alter table "order_messages" add constraint "order_messages_order_id_foreign" foreign key ("order_id") references "orders" ("id") on delete cascade;`);
    this.addSql(`alter table "order_messages" add constraint "order_messages_kind_check" check ("kind" in ('received', 'paid', 'shipped', 'delivered'));`);
    this.addSql(`alter table "order_messages" add constraint "order_messages_status_check" check ("status" in ('queued', 'sent', 'delivered', 'read', 'failed', 'skipped'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "order_messages" cascade;`);
    this.addSql(`alter table "orders" drop column if exists "whatsapp_opt_in";`);
  }

}
