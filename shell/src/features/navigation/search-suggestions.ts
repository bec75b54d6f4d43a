/**
 * Header search suggestions (storefront.md 2 "Search bar", 9 "suggestions limit 5"): a
 * case-insensitive substring match of the typed text against a fixed list of jewelry categories,
 * first 5 only, none for blank text; and the catalogue path a search term goes to.
 */

/** The fixed list of jewelry categories the suggestions come from, in display order. */
export const SEARCH_CATEGORIES = [
  'Anéis',
  'Alianças',
  'Brincos',
  'Argolas',
  'Colares',
  'Correntes',
  'Pingentes',
  'Pulseiras',
  'Braceletes',
  'Tornozeleiras',
  'Conjuntos',
  'Piercings',
] as const;

/** At most this many suggestions show (storefront.md 9). */
export const SEARCH_SUGGESTIONS_LIMIT = 5;

/** Categories containing `term` (trimmed, case-insensitive), first {@link SEARCH_SUGGESTIONS_LIMIT}. */
export function searchSuggestions(term: string, categories: readonly string[] = SEARCH_CATEGORIES): string[] {
  const needle = term.trim().toLocaleLowerCase('pt-BR');
  if (!needle) return [];
  return categories.filter((category) => category.toLocaleLowerCase('pt-BR').includes(needle)).slice(0, SEARCH_SUGGESTIONS_LIMIT);
}

/** `/produtos?search=<term>` for a non-blank term (trimmed, URL-encoded), else null (ignored). */
export function searchPath(term: string): string | null {
  const value = term.trim();
  return value ? `/produtos?search=${encodeURIComponent(value)}` : null;
}
