import { Migration } from '@mikro-orm/migrations';

/**
 * Staff roles need a password that passed the panel strength rule
 * (`users.password_meets_staff_rule`, set whenever a password is set) and 2FA
 * (`users.two_factor_required`, set by a staff grant; accounts that already hold a staff role get
 * it too, so they enrol an authenticator at their next sign-in). Sign-in challenges name their
 * purpose (`second_factor` or `enrolment`).
 */
export class Migration20261126200000_staff_two_factor extends Migration {

  override name = 'Migration20261126200000_staff_two_factor';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add column "password_meets_staff_rule" boolean not null default false, add column "two_factor_required" boolean not null default false;`);
    this.addSql(`update "users" set "two_factor_required" = true where "id" in (select "user_id" from "user_roles");`);
    this.addSql(`alter table "mfa_challenges" add column "purpose" varchar(20) not null default 'second_factor';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "mfa_challenges" drop column "purpose";`);
    this.addSql(`alter table "users" drop column "password_meets_staff_rule", drop column "two_factor_required";`);
  }

}
