import { Migration } from '@mikro-orm/migrations';

/** Remote canaries: one running canary per remote (version and share of clients). */
export class Migration20261123600100_remote_canaries extends Migration {

  override name = 'Migration20261123600100_remote_canaries';

  override up(): void | Promise<void> {
    this.addSql(`create table "remote_canaries" ("remote" text check ("remote" in ('storefront', 'checkout', 'admin', 'devtools')) not null, "version" varchar(64) not null, "percent" int not null, "started_at" timestamptz not null, "started_by" varchar(200) not null, primary key ("remote"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "remote_canaries" cascade;`);
  }

}
