import { Migration } from '@mikro-orm/migrations';

/**
 * Remote releases: published builds of each remote and the history of activations
 * (the newest activation of a remote names its active version).
 */
export class Migration20261123600000_remote_releases extends Migration {

  override name = 'Migration20261123600000_remote_releases';

  override up(): void | Promise<void> {
    this.addSql(`create table "remote_releases" ("id" uuid not null, "remote" text check ("remote" in ('storefront', 'checkout', 'admin', 'devtools')) not null, "version" varchar(64) not null, "manifest_url" text not null, "integrity" varchar(100) not null, "published_at" timestamptz not null, "published_by" varchar(200) not null, "notes" text not null default '', primary key ("id"));`);
    this.addSql(`alter table "remote_releases" add constraint "remote_releases_remote_version_unique" unique ("remote", "version");`);

    this.addSql(`create table "remote_activations" ("id" serial primary key, "remote" text check ("remote" in ('storefront', 'checkout', 'admin', 'devtools')) not null, "version" varchar(64) null, "action" text check ("action" in ('publish', 'activate', 'rollback')) not null, "activated_at" timestamptz not null, "activated_by" varchar(200) not null);`);
    this.addSql(`create index "remote_activations_remote_id_index" on "remote_activations" ("remote", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "remote_activations" cascade;`);
    this.addSql(`drop table if exists "remote_releases" cascade;`);
  }

}
