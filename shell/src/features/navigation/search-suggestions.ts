/**
 * Header search suggestions (storefront.md 2 "Search bar"): what the catalogue answers
 * for the typed text (`GET /api/products/suggestions`) as the options of the search bar, products
 * first (each opens its page `/produtos/<slug>`), then categories (each opens the catalogue
 * filtered by it); and the catalogue path a typed search goes to.
 */
import { productPagePath, type ProductSuggestions } from '@prata/contracts/catalogue';

/** One option of the search bar: its visible `label`, what it is, and the path it opens. */
export interface SearchOption {
  key: string;
  label: string;
  kind: 'product' | 'category';
  path: string;
}

/** The options for an answer: its products in order, then its categories; none without an answer. */
export function searchOptions(suggestions: ProductSuggestions | undefined): SearchOption[] {
  if (!suggestions) return [];
  return [
    ...suggestions.products.map((product) => ({ key: `p:${product.slug}`, label: product.name, kind: 'product' as const, path: productPagePath(product) })),
    ...suggestions.categories.map((category) => ({
      key: `c:${category.value}`,
      label: category.label,
      kind: 'category' as const,
      path: `/produtos?categoria=${category.value}`,
    })),
  ];
}

/** `/produtos?search=<term>` for a non-blank term (trimmed, URL-encoded), else null (ignored). */
export function searchPath(term: string): string | null {
  const value = term.trim();
  return value ? `/produtos?search=${encodeURIComponent(value)}` : null;
}
