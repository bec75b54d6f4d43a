import { Migration } from '@mikro-orm/migrations';

/**
 * `content_sections.generated_hash`: the SHA-256 (hex) of the text the service generated for the
 * section from the store's settings and wrote last; the text is the owner's own once it no longer
 * hashes to it. A settings change rewrites only the sections still holding their generated text
 * (modules/content). Rows of an existing store that no owner edit was audited for (`admin_logs`
 * `content_updated`) are taken as generated: their text as it is now.
 */
export class Migration20261202110000_content_generated_hash extends Migration {

  override name = 'Migration20261202110000_content_generated_hash';

  override up(): void | Promise<void> {
    this.addSql(`alter table "content_sections" add column "generated_hash" varchar(64) null;`);
    this.addSql(`update "content_sections" set "generated_hash" = encode(sha256(convert_to("content", 'UTF8')), 'hex') where not exists (select 1 from "admin_logs" where "action" = 'content_updated' and "details"->>'sectionKey' = "content_sections"."section_key");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "content_sections" drop column "generated_hash";`);
  }

}
