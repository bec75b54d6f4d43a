/**
 * The catalogue's filter from its URL (storefront.md 7): `?search=` (trimmed; empty means none)
 * and `?categoria=` (a stored category; anything else means all). The page and its server-side
 * prefetch read the URL the same way, so the server loads exactly the list the page shows.
 */
import { productCategorySchema } from '@prata/contracts/catalogue';
import type { ProductFilter } from '../api/get-products.ts';

export function catalogueFilter(params: URLSearchParams): ProductFilter {
  const search = params.get('search')?.trim() || undefined;
  const category = productCategorySchema.safeParse(params.get('categoria'));
  return { search, category: category.success ? category.data : undefined };
}
