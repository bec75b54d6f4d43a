import { Migration } from '@mikro-orm/migrations';

/**
 * Exchanges: an exchange line names the option (variant) sent instead, e.g. another ring
 * size (`replacement_variant_id`, null: the same piece), and keeps its label for when the option is
 * deleted later.
 */
export class Migration20261129160000_exchange_replacements extends Migration {

  override name = 'Migration20261129160000_exchange_replacements';

  override up(): void | Promise<void> {
    this.addSql(`alter table "return_request_lines" add "replacement_variant_id" uuid null, add "replacement_label" varchar(100) null;`);
    this.addSql(`alter table "return_request_lines" add constraint "return_request_lines_replacement_variant_id_foreign" foreign key ("replacement_variant_id") references "product_variants" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "return_request_lines" drop constraint "return_request_lines_replacement_variant_id_foreign";`);
    this.addSql(`alter table "return_request_lines" drop column "replacement_variant_id", drop column "replacement_label";`);
  }

}
