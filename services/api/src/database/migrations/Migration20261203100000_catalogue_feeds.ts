import { Migration } from '@mikro-orm/migrations';

/**
 * `catalogue_feeds` (modules/feeds): the last generated document of each catalogue feed (Google
 * Merchant Center's XML, Meta's CSV), its ETag, item count, when it was generated and last changed,
 * and its version. Empty until the service first generates the feeds (at start).
 */
export class Migration20261203100000_catalogue_feeds extends Migration {

  override name = 'Migration20261203100000_catalogue_feeds';

  override up(): void | Promise<void> {
    this.addSql(`create table "catalogue_feeds" ("kind" varchar(40) not null, "body" text not null, "etag" varchar(64) not null, "item_count" int not null, "generated_at" timestamptz not null, "changed_at" timestamptz not null, "version" int not null, primary key ("kind"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "catalogue_feeds" cascade;`);
  }

}
