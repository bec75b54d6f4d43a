import { Migration } from '@mikro-orm/migrations';

export class Migration20261123100000_security extends Migration {

  override name = 'Migration20261123100000_security';

  override up(): void | Promise<void> {
    this.addSql(`create table "owner_setup_tokens" ("id" uuid not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "owner_setup_tokens" add constraint "owner_setup_tokens_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "mfa_challenges" ("id" uuid not null, "user_id" uuid not null, "token_hash" varchar(64) not null, "attempts" int not null default 0, "created_at" timestamptz not null, "expires_at" timestamptz not null, "consumed_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "mfa_challenges" add constraint "mfa_challenges_token_hash_unique" unique ("token_hash");`);

    this.addSql(`alter table "admin_registrations" add "owner_setup" boolean not null default false;`);

    this.addSql(`alter table "mfa_challenges" add constraint "mfa_challenges_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "owner_setup_tokens" cascade;`);
    this.addSql(`drop table if exists "mfa_challenges" cascade;`);

    this.addSql(`alter table "admin_registrations" drop column "owner_setup";`);
  }

}
