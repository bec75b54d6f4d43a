import { Migration } from '@mikro-orm/migrations';

export class Migration20261123400000_orders_payments extends Migration {

  override name = 'Migration20261123400000_orders_payments';

  override up(): void | Promise<void> {
    this.addSql(`create table "payment_notifications" ("id" uuid not null, "provider" varchar(20) not null, "notification_id" varchar(100) not null, "payment_id" varchar(100) not null, "order_id" uuid null, "payment_status" varchar(30) not null, "outcome" varchar(40) not null, "received_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "payment_notifications_payment_id_index" on "payment_notifications" ("payment_id");`);
    this.addSql(`create index "payment_notifications_order_id_index" on "payment_notifications" ("order_id");`);
    this.addSql(`alter table "payment_notifications" add constraint "payment_notifications_provider_notification_id_unique" unique ("provider", "notification_id");`);

    this.addSql(`create table "sandbox_payments" ("id" varchar(40) not null, "external_reference" varchar(100) not null, "method" text not null, "status" varchar(30) not null, "amount_cents" int not null, "refunded_cents" int not null default 0, "card_brand" varchar(20) null, "card_last4" varchar(4) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "sandbox_payments_external_reference_index" on "sandbox_payments" ("external_reference");`);

    this.addSql(`create table "order_status_changes" ("id" uuid not null, "order_id" uuid not null, "from_status" text null, "to_status" text not null, "actor_user_id" uuid null, "actor_label" varchar(255) not null, "note" varchar(300) null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "order_status_changes_order_id_index" on "order_status_changes" ("order_id");`);

    this.addSql(`alter table "orders" add "boleto_url" text null, add "payment_provider" varchar(20) null, add "payment_status" varchar(30) null, add "expires_at" timestamptz null, add "carrier" varchar(60) null, add "tracking_code" varchar(60) null, add "shipped_at" timestamptz null, add "delivered_at" timestamptz null, add "refunded_at" timestamptz null, add "refunded_cents" int null, add "refund_reference" varchar(100) null, add "payment_alert" varchar(40) null, add "payment_alert_at" timestamptz null, add "payment_alert_resolution" varchar(20) null;`);
    this.addSql(`create index "orders_expires_at_index" on "orders" ("expires_at");`);
    this.addSql(`create index "orders_payment_alert_index" on "orders" ("payment_alert");`);

    this.addSql(`alter table "sandbox_payments" add constraint "sandbox_payments_method_check" check ("method" in ('credit-card', 'pix', 'boleto'));`);

    this.addSql(`alter table "order_status_changes" add constraint "order_status_changes_order_id_foreign" foreign key ("order_id") references "orders" ("id") on delete cascade;`);
    this.addSql(`alter table "order_status_changes" add constraint "order_status_changes_from_status_check" check ("from_status" in ('pending', 'paid', 'shipped', 'delivered', 'cancelled'));`);
    this.addSql(`alter table "order_status_changes" add constraint "order_status_changes_to_status_check" check ("to_status" in ('pending', 'paid', 'shipped', 'delivered', 'cancelled'));`);
    // Orders placed before this migration: an expiry deadline for the unpaid ones, and a history.
    this.addSql(`update "orders" set "expires_at" = case
      when "payment_method" = 'pix' then coalesce("pix_expires_at", "created_at" + interval '30 minutes') + interval '2 minutes'
      when "payment_method" = 'boleto' and "boleto_due_date" is not null then (("boleto_due_date"::date + 6)::timestamp at time zone 'America/Sao_Paulo')
      else "created_at" + interval '15 minutes' end
      where "status" = 'pending';`);
    this.addSql(`insert into "order_status_changes" ("id", "order_id", "from_status", "to_status", "actor_user_id", "actor_label", "note", "created_at")
      select gen_random_uuid(), "id", null, 'pending', "user_id", 'Cliente', null, "created_at" from "orders";`);
    this.addSql(`insert into "order_status_changes" ("id", "order_id", "from_status", "to_status", "actor_user_id", "actor_label", "note", "created_at")
      select gen_random_uuid(), "id", 'pending', 'paid', null, 'Sistema', null, "paid_at" from "orders" where "paid_at" is not null;`);
    this.addSql(`insert into "order_status_changes" ("id", "order_id", "from_status", "to_status", "actor_user_id", "actor_label", "note", "created_at")
      select gen_random_uuid(), "id", 'pending', 'cancelled', null, 'Sistema', null, "cancelled_at" from "orders" where "cancelled_at" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "payment_notifications" cascade;`);
    this.addSql(`drop table if exists "sandbox_payments" cascade;`);
    this.addSql(`drop table if exists "order_status_changes" cascade;`);

    this.addSql(`drop index "orders_expires_at_index";`);
    this.addSql(`drop index "orders_payment_alert_index";`);
    this.addSql(`alter table "orders" drop column "boleto_url", drop column "payment_provider", drop column "payment_status", drop column "expires_at", drop column "carrier", drop column "tracking_code", drop column "shipped_at", drop column "delivered_at", drop column "refunded_at", drop column "refunded_cents", drop column "refund_reference", drop column "payment_alert", drop column "payment_alert_at", drop column "payment_alert_resolution";`);
  }

}
