import { Migration } from '@mikro-orm/migrations';

/**
 * Labels: a label purchase claims its order (`label_purchase_started_at`) in a short
 * transaction and calls the carrier outside any lock; a second purchase meanwhile is refused.
 */
export class Migration20261129170000_label_purchase_claim extends Migration {

  override name = 'Migration20261129170000_label_purchase_claim';

  override up(): void | Promise<void> {
    this.addSql(`alter table "orders" add "label_purchase_started_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "orders" drop column "label_purchase_started_at";`);
  }

}
