import { Migration } from '@mikro-orm/migrations';

/**
 * Search as shoppers type it: a trigram GIN index on the accent- and case-folded name
 * and description of a product, the text the storefront search and the search bar's suggestions
 * match every typed word against (`LIKE '%word%'`, and `<%` for a typo), so neither reads the
 * whole table.
 */
export class Migration20261128120000_product_text_search extends Migration {

  override name = 'Migration20261128120000_product_text_search';

  override up(): void {
    this.addSql(`create index "products_text_search_index" on "products" using gin (search_normalize("name" || ' ' || coalesce("description", '')) gin_trgm_ops);`);
  }

  override down(): void {
    this.addSql(`drop index if exists "products_text_search_index";`);
  }

}
