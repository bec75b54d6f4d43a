import { Migration } from '@mikro-orm/migrations';

/**
 * A release records the SRI hash of each style sheet its manifest lists (`style_integrity`:
 * sheet name -> `sha384-<base64>`, checked at publish and before every activation, and by the
 * shell's host before it inlines a sheet into a document). Nullable: releases recorded before,
 * whose sheets the host then neither inlines nor links.
 */
export class Migration20261130170000_release_style_integrity extends Migration {

  override name = 'Migration20261130170000_release_style_integrity';

  override up(): void | Promise<void> {
    this.addSql(`alter table "remote_releases" add column "style_integrity" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "remote_releases" drop column if exists "style_integrity";`);
  }

}
