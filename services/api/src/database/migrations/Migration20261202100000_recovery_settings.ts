import { Migration } from '@mikro-orm/migrations';

/**
 * The recovery settings move into the store's settings row (`store_settings`, edited in the
 * panel): cart reminders on/off and their two delays in whole hours (from `cart_recovery_settings`,
 * whose minutes are rounded to the nearest hour, at least 1 h and the second after the first), the
 * new-PIX window and the review request's delay in days (defaults 7 and 8, as the service's
 * defaults were). `cart_recovery_settings` is dropped.
 */
export class Migration20261202100000_recovery_settings extends Migration {

  override name = 'Migration20261202100000_recovery_settings';

  override up(): void | Promise<void> {
    this.addSql(`alter table "store_settings" add column "cart_reminders_enabled" boolean not null default true, add column "cart_first_reminder_hours" smallint not null default 1, add column "cart_second_reminder_hours" smallint not null default 24, add column "payment_renewal_window_days" smallint not null default 7, add column "review_request_delay_days" smallint not null default 8;`);
    this.addSql(`update "store_settings" s set "cart_reminders_enabled" = c."enabled",
      "cart_first_reminder_hours" = least(168, greatest(1, round(c."first_delay_minutes" / 60.0))),
      "cart_second_reminder_hours" = least(336, greatest(least(168, greatest(1, round(c."first_delay_minutes" / 60.0))) + 1, round(c."second_delay_minutes" / 60.0)))
      from "cart_recovery_settings" c where c."id" = 1 and s."id" = 1;`);
    this.addSql(`drop table if exists "cart_recovery_settings" cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create table "cart_recovery_settings" ("id" smallint not null, "enabled" boolean not null default true, "first_delay_minutes" int not null default 60, "second_delay_minutes" int not null default 1440, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`insert into "cart_recovery_settings" ("id", "enabled", "first_delay_minutes", "second_delay_minutes", "updated_at") select 1, "cart_reminders_enabled", "cart_first_reminder_hours" * 60, "cart_second_reminder_hours" * 60, "updated_at" from "store_settings" where "id" = 1;`);
    this.addSql(`alter table "store_settings" drop column "cart_reminders_enabled", drop column "cart_first_reminder_hours", drop column "cart_second_reminder_hours", drop column "payment_renewal_window_days", drop column "review_request_delay_days";`);
  }

}
