import { Migration } from '@mikro-orm/migrations';

/**
 * Revenue: what returns gave back as store credit (`orders.returned_credit_cents`) is out
 * of the order's revenue, as refunds are; filled in from the requests already credited.
 */
export class Migration20261129180000_returned_credit extends Migration {

  override name = 'Migration20261129180000_returned_credit';

  override up(): void | Promise<void> {
    this.addSql(`alter table "orders" add "returned_credit_cents" int not null default 0;`);
    this.addSql(`update "orders" o set "returned_credit_cents" = r.credited from (select "order_id", sum("credited_cents") as credited from "return_requests" where "credited_cents" is not null group by "order_id") r where r."order_id" = o."id";`);
    this.addSql(`alter table "orders" add constraint "orders_returned_credit_cents_check" check (returned_credit_cents >= 0);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "orders" drop constraint "orders_returned_credit_cents_check";`);
    this.addSql(`alter table "orders" drop column "returned_credit_cents";`);
  }

}
