import { Migration } from '@mikro-orm/migrations';

/**
 * Reviews from verified buyers: `reviews` (one per order line, `order_item_id` unique; rating 1-5,
 * plain text, photo keys, the author as shown, moderation status, reason, reply) with the index the
 * product page reads (approved reviews of a product, newest first), and `review_request_mails`
 * (the "Avalie a sua compra" e-mail of an order, sent once: the order is the key).
 */
export class Migration20261201100000_reviews extends Migration {

  override name = 'Migration20261201100000_reviews';

  override up(): void | Promise<void> {
    this.addSql(`create table "review_request_mails" ("order_id" uuid not null, "sent_at" timestamptz not null, primary key ("order_id"));`);

    this.addSql(`create table "reviews" ("id" uuid not null, "order_item_id" uuid not null, "order_id" uuid not null, "product_id" uuid not null, "user_id" uuid not null, "rating" smallint not null, "text" text not null, "photo_keys" jsonb not null default '[]', "author" varchar(60) not null, "status" text not null, "rejection_reason" varchar(300) null, "reply" text null, "replied_at" timestamptz null, "moderated_at" timestamptz null, "moderated_by" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "reviews" add constraint "reviews_order_item_id_unique" unique ("order_item_id");`);
    this.addSql(`create index "reviews_order_id_index" on "reviews" ("order_id");`);
    this.addSql(`create index "reviews_user_id_index" on "reviews" ("user_id");`);
    this.addSql(`create index "reviews_status_index" on "reviews" ("status");`);
    this.addSql(`create index "reviews_product_status_created_index" on "reviews" ("product_id", "status", "created_at");`);

    this.addSql(`alter table "review_request_mails" add constraint "review_request_mails_order_id_foreign" foreign key ("order_id") references "orders" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "reviews" add constraint "reviews_order_item_id_foreign" foreign key ("order_item_id") references "order_items" ("id") on delete cascade;`);
    this.addSql(`alter table "reviews" add constraint "reviews_order_id_foreign" foreign key ("order_id") references "orders" ("id") on delete cascade;`);
    this.addSql(`alter table "reviews" add constraint "reviews_product_id_foreign" foreign key ("product_id") references "products" ("id") on delete cascade;`);
    this.addSql(`alter table "reviews" add constraint "reviews_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "reviews" add constraint "reviews_rating_check" check (rating >= 1 and rating <= 5);`);
    this.addSql(`alter table "reviews" add constraint "reviews_status_check" check ("status" in ('pending', 'approved', 'rejected'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "review_request_mails" cascade;`);
    this.addSql(`drop table if exists "reviews" cascade;`);
  }

}
