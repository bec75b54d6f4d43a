import { Migration } from '@mikro-orm/migrations';

/**
 * The card instalment rules the owner sets in the panel (`store_settings`: most instalments,
 * the smallest instalment in cents, interest-free up to, the monthly rate in hundredths of a
 * percent; defaults: today's 12x without interest, instalments of at least R$ 5,00), and each
 * card order's instalments as charged (`orders.installment_amounts`). The card orders placed
 * before get the split they were shown: the amount due in equal instalments, the first ones
 * carrying the leftover cents.
 */
export class Migration20261203110000_installment_rules extends Migration {

  override name = 'Migration20261203110000_installment_rules';

  override up(): void | Promise<void> {
    this.addSql(`alter table "store_settings" add column "max_installments" smallint not null default 12, add column "min_installment_cents" int not null default 500, add column "interest_free_installments" smallint not null default 12, add column "installment_interest_basis_points" smallint not null default 0;`);
    this.addSql(`alter table "orders" add column "installment_amounts" jsonb null;`);
    this.addSql(`update "orders" o set "installment_amounts" = (
        select jsonb_agg((o."total_cents" - o."store_credit_cents") / o."installments" + case when g <= (o."total_cents" - o."store_credit_cents") % o."installments" then 1 else 0 end order by g)
        from generate_series(1, o."installments") g)
      where o."installments" is not null and o."installments" > 0;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "orders" drop column "installment_amounts";`);
    this.addSql(`alter table "store_settings" drop column "max_installments", drop column "min_installment_cents", drop column "interest_free_installments", drop column "installment_interest_basis_points";`);
  }

}
