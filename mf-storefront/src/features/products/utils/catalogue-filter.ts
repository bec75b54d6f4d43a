/**
 * The catalogue's filter from its URL (storefront.md 7): `?search=` (trimmed; empty means none),
 * `?categoria=` (a stored category; anything else means all), `?ordem=avaliacao` (best rated
 * first; anything else means newest first) and `?pagina=` (the page, from 1; anything else means
 * the first). The page and its server-side prefetch read the URL the same
 * way, so the server loads exactly the page the browser shows.
 */
import { CATALOGUE_RATING_SORT_VALUE, CATALOGUE_SORT_PARAM, productCategorySchema, type CatalogueSort, type ProductCategory } from '@prata/contracts/catalogue';

/** The URL parameter of the catalogue's page number. */
export const PAGE_PARAM = 'pagina';

export interface CatalogueFilter {
  search: string | undefined;
  category: ProductCategory | undefined;
  sort: CatalogueSort;
  /** From 1. */
  page: number;
}

export function catalogueFilter(params: URLSearchParams): CatalogueFilter {
  const search = params.get('search')?.trim() || undefined;
  const category = productCategorySchema.safeParse(params.get('categoria'));
  const page = /^[1-9]\d{0,3}$/.test(params.get(PAGE_PARAM) ?? '') ? Number(params.get(PAGE_PARAM)) : 1;
  const sort: CatalogueSort = params.get(CATALOGUE_SORT_PARAM) === CATALOGUE_RATING_SORT_VALUE ? 'rating' : 'newest';
  return { search, category: category.success ? category.data : undefined, sort, page };
}

/**
 * The catalogue's URL (path and query) for page `page` of the filters in `params` (other
 * parameters kept; the first page has no `pagina`, so it keeps its one address).
 */
export function cataloguePageHref(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page > 1) next.set(PAGE_PARAM, String(page));
  else next.delete(PAGE_PARAM);
  const query = next.toString();
  return query ? `/produtos?${query}` : '/produtos';
}
