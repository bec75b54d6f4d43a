import { Migration } from '@mikro-orm/migrations';

export class Migration20261121130000_identity extends Migration {

  override name = 'Migration20261121130000_identity';

  override up(): void | Promise<void> {
    this.addSql(`create table "admin_logs" ("id" uuid not null, "user_id" uuid null, "action" varchar(100) not null, "details" jsonb not null, "ip_address" varchar(64) null, "user_agent" varchar(500) null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "admin_logs_user_id_index" on "admin_logs" ("user_id");`);
    this.addSql(`create index "admin_logs_action_index" on "admin_logs" ("action");`);
    this.addSql(`create index "admin_logs_created_at_index" on "admin_logs" ("created_at");`);

    this.addSql(`create table "outbox_emails" ("id" uuid not null, "to" varchar(255) not null, "subject" varchar(300) not null, "text" text not null, "link" text null, "created_at" timestamptz not null, "sent_at" timestamptz null, "error" text null, primary key ("id"));`);
    this.addSql(`create index "outbox_emails_to_index" on "outbox_emails" ("to");`);

    this.addSql(`create table "users" ("id" uuid not null, "email" varchar(255) not null, "password_hash" varchar(255) not null, "email_confirmed_at" timestamptz null, "last_login_at" timestamptz null, "login_attempts" int not null default 0, "last_failed_login_at" timestamptz null, "two_factor_enabled" boolean not null default false, "two_factor_secret" text null, "pending_two_factor_secret" text null, "last_totp_step" bigint null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(`create table "refresh_tokens" ("id" uuid not null, "user_id" uuid not null, "family_id" uuid not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "replaced_by_id" uuid null, "user_agent" varchar(500) null, "ip_address" varchar(64) null, primary key ("id"));`);
    this.addSql(`create index "refresh_tokens_family_id_index" on "refresh_tokens" ("family_id");`);
    this.addSql(`alter table "refresh_tokens" add constraint "refresh_tokens_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "recovery_codes" ("id" uuid not null, "user_id" uuid not null, "code_hash" varchar(64) not null, "pending" boolean not null default true, "used_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`);

    this.addSql(`create table "profiles" ("id" uuid not null, "user_id" uuid not null, "full_name" varchar(100) not null, "email" varchar(255) not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "profiles" add constraint "profiles_user_id_unique" unique ("user_id");`);

    this.addSql(`create table "one_time_tokens" ("id" uuid not null, "user_id" uuid not null, "purpose" text not null, "token_hash" varchar(64) not null, "payload" jsonb null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "one_time_tokens" add constraint "one_time_tokens_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "admin_registrations" ("id" uuid not null, "user_id" uuid not null, "full_name" varchar(100) not null, "email" varchar(255) not null, "status" text not null, "confirmed_at" timestamptz null, "decided_by" uuid null, "decided_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "admin_registrations_status_index" on "admin_registrations" ("status");`);

    this.addSql(`create table "user_roles" ("id" uuid not null, "user_id" uuid not null, "role" text not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "user_roles" add constraint "user_roles_user_id_role_unique" unique ("user_id", "role");`);

    this.addSql(`alter table "refresh_tokens" add constraint "refresh_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "recovery_codes" add constraint "recovery_codes_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "profiles" add constraint "profiles_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);

    this.addSql(`alter table "one_time_tokens" add constraint "one_time_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "one_time_tokens" add constraint "one_time_tokens_purpose_check" check ("purpose" in ('confirm_signup', 'reset_password', 'change_email', 'confirm_admin_registration'));`);

    this.addSql(`alter table "admin_registrations" add constraint "admin_registrations_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "admin_registrations" add constraint "admin_registrations_status_check" check ("status" in ('pending_confirmation', 'pending_approval', 'approved', 'rejected'));`);

    this.addSql(`alter table "user_roles" add constraint "user_roles_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(`alter table "user_roles" add constraint "user_roles_role_check" check ("role" in ('admin', 'developer'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "refresh_tokens" drop constraint "refresh_tokens_user_id_foreign";`);
    this.addSql(`alter table "recovery_codes" drop constraint "recovery_codes_user_id_foreign";`);
    this.addSql(`alter table "profiles" drop constraint "profiles_user_id_foreign";`);
    this.addSql(`alter table "one_time_tokens" drop constraint "one_time_tokens_user_id_foreign";`);
    this.addSql(`alter table "admin_registrations" drop constraint "admin_registrations_user_id_foreign";`);
    this.addSql(`alter table "user_roles" drop constraint "user_roles_user_id_foreign";`);

    this.addSql(`drop table if exists "admin_logs" cascade;`);
    this.addSql(`drop table if exists "outbox_emails" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop table if exists "refresh_tokens" cascade;`);
    this.addSql(`drop table if exists "recovery_codes" cascade;`);
    this.addSql(`drop table if exists "profiles" cascade;`);
    this.addSql(`drop table if exists "one_time_tokens" cascade;`);
    this.addSql(`drop table if exists "admin_registrations" cascade;`);
    this.addSql(`drop table if exists "user_roles" cascade;`);
  }

}
