/**
 * The storefront's product search and the search bar's suggestions, which search as
 * shoppers type, in PostgreSQL: `search_normalize()` (lower case, `unaccent`) and pg_trgm.
 *
 * A product's searchable text is its name and description (one trigram GIN index,
 * `products_text_search_index`, on their normalised concatenation) plus its category, whose
 * stored value and pt-BR label a word may match instead ('aneis' and 'anéis' find every ring).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { CATEGORY_LABELS, PRODUCT_SUGGESTIONS_LIMIT, type ProductCategory, type ProductStatus, type ProductSuggestions } from '@prata/contracts';
import { containsPattern } from '../../lib/like-pattern.ts';

/** At most this many words of a search are used (the rest is ignored). */
export const SEARCH_MAX_WORDS = 8;

/**
 * How close (pg_trgm word similarity, 0-1) a mistyped word must be to a word of a product's text.
 * One wrong letter in an 8-letter word ('pulceira' for 'pulseira', 'zirconea' for 'zirconia')
 * scores about 0.5; pg_trgm's default threshold for `<%` (0.6) would miss it.
 */
export const SEARCH_TYPO_SIMILARITY = 0.45;

/** Words shorter than this never match a category by similarity alone (only as a prefix). */
const CATEGORY_TYPO_MIN_LENGTH = 4;

/**
 * The words of a search as the service uses them: trimmed, lower case (JavaScript's), split on
 * white space, at most {@link SEARCH_MAX_WORDS}. Two searches with the same words give the same
 * results, so the catalogue cache keys a search by `searchWords(term).join(' ')`.
 */
export function searchWords(search: string): string[] {
  return search.toLowerCase().trim().split(/\s+/).filter(Boolean).slice(0, SEARCH_MAX_WORDS);
}

/** One product a search found: what the suggestions show, and the id the list loads. */
export interface ProductHit {
  id: string;
  slug: string;
  name: string;
  category: ProductCategory;
}

/** `'word%'` with LIKE wildcards in the word escaped (see {@link containsPattern}). */
const startsPattern = (word: string) => `${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Collects positional parameters in the order their `?` appear in the query text. */
class Params {
  readonly values: unknown[] = [];
  /** `?`, bound to `value`. */
  bind(value: unknown): string {
    this.values.push(value);
    return '?';
  }
  /** `search_normalize(?)`, bound to `value`. */
  norm(value: string): string {
    return `search_normalize(${this.bind(value)})`;
  }
}

/** `(values (?, ?), ...) as l(value, label)`: the stored categories with their pt-BR labels. */
function categoryValues(params: Params): string {
  return `(values ${Object.entries(CATEGORY_LABELS).map(([value, label]) => `(${params.bind(value)}, ${params.bind(label)})`).join(', ')}) as l(value, label)`;
}

/** The normalised name and description (alias `p`): the expression `products_text_search_index` indexes. */
export const SEARCH_TEXT_SQL = `search_normalize(p.name || ' ' || coalesce(p.description, ''))`;
const NAME = 'search_normalize(p.name)';
const LABEL = `search_normalize(l.label || ' ' || l.value)`;

/**
 * Products (of `statuses`, by default only `active` ones: the panel's list searches every status
 * the same way; of `category` when given) a shopper's search finds, best match first, at most
 * `limit` (all when absent).
 * - Every word must match, in any order ('brinco zirconia' and 'zirconia brinco' find the same
 *   earrings), accents and case ignored ('zirconia' finds 'Zircônia'): as a substring of the name
 *   or description, or of the category's stored value or label ('brinco' finds the category
 *   'brincos'). LIKE wildcards in a word are literal.
 * - When nothing matches that way, a word may instead be close to a word of the text or of the
 *   category label (pg_trgm word similarity >= {@link SEARCH_TYPO_SIMILARITY}): 'zirconea' finds
 *   'Zircônia', 'solitaro' finds 'Solitário'. Both passes can use the trigram index (`<%` with
 *   the threshold set for the transaction).
 * - Order: the name equal to the search, then the name starting with it, then every word starting
 *   a word of the name, then every word inside the name, then the rest; within each, the words'
 *   similarity to the name, then to name and description, then newest first.
 */
export async function searchProducts(
  em: EntityManager,
  search: string,
  options: { category?: ProductCategory | undefined; limit?: number; statuses?: readonly ProductStatus[] } = {},
): Promise<ProductHit[]> {
  const statuses = options.statuses ?? ['active'];
  const words = searchWords(search);
  if (words.length === 0) return [];
  const query = (typos: boolean) => {
    const params = new Params();
    const all = (each: (word: string) => string) => words.map((word) => `(${each(word)})`).join(' and ');
    const sum = (each: (word: string) => string) => words.map(each).join(' + ');
    const whole = words.join(' ');
    // Fragments are built in the order they appear in the query, so the parameters line up.
    const matches = (word: string) => {
      const pattern = containsPattern(word);
      let condition = `${SEARCH_TEXT_SQL} like ${params.norm(pattern)}`;
      if (typos) condition += ` or ${params.norm(word)} <% ${SEARCH_TEXT_SQL}`;
      condition += ` or p.category = any(array(select l.value from ${categoryValues(params)} where ${LABEL} like ${params.norm(pattern)}`;
      if (typos && word.length >= CATEGORY_TYPO_MIN_LENGTH) condition += ` or ${params.norm(word)} <% ${LABEL}`;
      return `${condition}))`;
    };
    const sql = `select p.id, p.slug, p.name, p.category from products p
      where p.status in (${statuses.map((status) => params.bind(status)).join(', ')}) ${options.category ? `and p.category = ${params.bind(options.category)}` : ''}
        and ${all(matches)}
      order by case
          when ${NAME} = ${params.norm(whole)} then 0
          when ${NAME} like ${params.norm(startsPattern(whole))} then 1
          when ${all((word) => `' ' || ${NAME} like ${params.norm(`% ${startsPattern(word)}`)}`)} then 2
          when ${all((word) => `${NAME} like ${params.norm(containsPattern(word))}`)} then 3
          else 4 end,
        ${sum((word) => `word_similarity(${params.norm(word)}, ${NAME})`)} desc,
        ${sum((word) => `word_similarity(${params.norm(word)}, ${SEARCH_TEXT_SQL})`)} desc,
        p.created_at desc, p.id
      ${options.limit ? `limit ${params.bind(options.limit)}` : ''}`;
    return { sql, params: params.values };
  };
  const strict = query(false);
  const found = await em.execute<ProductHit[]>(strict.sql, strict.params);
  if (found.length > 0) return found;
  const loose = query(true);
  return em.transactional(async (tx) => {
    // `<%` compares with this setting; `set_config(..., true)` keeps it to this transaction.
    await tx.execute(`select set_config('pg_trgm.word_similarity_threshold', ?, true)`, [String(SEARCH_TYPO_SIMILARITY)]);
    return tx.execute<ProductHit[]>(loose.sql, loose.params);
  });
}

/**
 * The stored categories a typed text suggests: those whose label or stored value has a
 * word that one of the typed words starts ('an' -> Anéis, 'brinco zirconia' -> Brincos), or, for
 * a typed word of 4 letters or more, nearly matches (pg_trgm word similarity >=
 * {@link SEARCH_TYPO_SIMILARITY}: 'pulceira' -> Pulseiras). Best match first, then label order.
 */
export async function suggestCategories(em: EntityManager, search: string): Promise<ProductSuggestions['categories']> {
  const words = searchWords(search);
  if (words.length === 0) return [];
  const params = new Params();
  // Fragments are built in the order they appear in the query, so the parameters line up.
  const values = categoryValues(params);
  const conditions = words.map((word) => {
    const prefix = `' ' || ${LABEL} like ${params.norm(`% ${startsPattern(word)}`)}`;
    return word.length >= CATEGORY_TYPO_MIN_LENGTH ? `${prefix} or word_similarity(${params.norm(word)}, ${LABEL}) >= ${params.bind(SEARCH_TYPO_SIMILARITY)}` : prefix;
  });
  const sql = `select l.value, l.label from ${values}
    where ${conditions.map((condition) => `(${condition})`).join(' or ')}
    order by greatest(${words.map((word) => `word_similarity(${params.norm(word)}, ${LABEL})`).join(', ')}) desc, l.label`;
  return em.execute<{ value: ProductCategory; label: string }[]>(sql, params.values);
}

/**
 * What the search bar suggests for `search`: up to {@link PRODUCT_SUGGESTIONS_LIMIT}
 * products as {@link searchProducts} ranks them (with the slug of their page) and the categories
 * of {@link suggestCategories}.
 */
export async function productSuggestions(em: EntityManager, search: string): Promise<ProductSuggestions> {
  const [hits, categories] = await Promise.all([searchProducts(em, search, { limit: PRODUCT_SUGGESTIONS_LIMIT }), suggestCategories(em, search)]);
  return { products: hits.map(({ slug, name, category }) => ({ slug, name, category })), categories };
}
