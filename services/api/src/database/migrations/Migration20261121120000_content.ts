import { Migration } from '@mikro-orm/migrations';

export class Migration20261121120000_content extends Migration {

  override name = 'Migration20261121120000_content';

  override up(): void | Promise<void> {
    this.addSql(`create table "content_sections" ("id" uuid not null, "section_key" varchar(50) not null, "title" varchar(200) not null, "content" text not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "content_sections" add constraint "content_sections_section_key_unique" unique ("section_key");`);

    this.addSql(`create table "social_links" ("id" uuid not null, "platform" text not null, "link_1" varchar(500) null, "link_2" varchar(500) null, "link_3" varchar(500) null, "link_4" varchar(500) null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "social_links" add constraint "social_links_platform_unique" unique ("platform");`);
    this.addSql(`alter table "social_links" add constraint "social_links_platform_check" check ("platform" in ('instagram', 'facebook', 'telegram', 'whatsapp'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "social_links" cascade;`);
    this.addSql(`drop table if exists "content_sections" cascade;`);
  }

}
