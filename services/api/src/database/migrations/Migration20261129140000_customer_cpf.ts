import { Migration } from '@mikro-orm/migrations';

/**
 * Invoices: the buyer's CPF on the order (11 digits), which the NF-e names as its
 * recipient. Orders placed before checkout asked for it keep null.
 */
export class Migration20261129140000_customer_cpf extends Migration {

  override name = 'Migration20261129140000_customer_cpf';

  override up(): void | Promise<void> {
    this.addSql(`alter table "orders" add "customer_cpf" varchar(11) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "orders" drop column "customer_cpf";`);
  }

}
