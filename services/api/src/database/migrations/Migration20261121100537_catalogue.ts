import { Migration } from '@mikro-orm/migrations';

export class Migration20261121100537_catalogue extends Migration {

  override name = 'Migration20261121100537_catalogue';

  override up(): void | Promise<void> {
    this.addSql(`create table "products" ("id" uuid not null, "name" varchar(200) not null, "category" text not null, "price_cents" int not null, "description" text null, "image_key" varchar(300) null, "is_new" boolean not null default false, "is_bestseller" boolean not null default false, "is_featured" boolean not null default false, "stock" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "products_category_index" on "products" ("category");`);
    this.addSql(`create index "products_created_at_index" on "products" ("created_at");`);

    this.addSql(`alter table "products" add constraint "products_price_cents_check" check (price_cents >= 0);`);
    this.addSql(`alter table "products" add constraint "products_stock_check" check (stock >= 0);`);
    this.addSql(`alter table "products" add constraint "products_category_check" check ("category" in ('aneis', 'brincos', 'colares', 'pulseiras', 'conjuntos'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "products" cascade;`);
  }

}
