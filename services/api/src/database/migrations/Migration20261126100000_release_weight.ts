import { Migration } from '@mikro-orm/migrations';

/**
 * A release records the SRI hash of its Node build (`server/remoteEntry.js`, checked
 * before activation and by the shell's host before it runs it) and its initial weight (bytes gzip
 * of its initial JS and CSS). Nullable: remotes without a server build, releases recorded before.
 */
export class Migration20261126100000_release_weight extends Migration {

  override name = 'Migration20261126100000_release_weight';

  override up(): void | Promise<void> {
    this.addSql(`alter table "remote_releases" add column "server_integrity" varchar(100) null, add column "weight_js_gzip" int null, add column "weight_css_gzip" int null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "remote_releases" drop column "server_integrity", drop column "weight_js_gzip", drop column "weight_css_gzip";`);
  }

}
