/** Admin panel contracts for the global search (admin.md sections 2, 7): its query and results. */
import { z } from 'zod';

export const GLOBAL_SEARCH_MIN_LENGTH = 2;
export const GLOBAL_SEARCH_DEBOUNCE_MS = 300;
/** Most results per type: products, orders, users (admin.md 2). */
export const GLOBAL_SEARCH_LIMITS = { product: 5, order: 3, user: 3 } as const;
export const SEARCH_RESULT_TYPES = ['product', 'order', 'user', 'content'] as const;
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number];

export const globalSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Informe o termo de busca' })
    .trim()
    .min(GLOBAL_SEARCH_MIN_LENGTH, 'Digite pelo menos 2 caracteres')
    .max(100, 'Termo de busca muito longo'),
});

/** One result (admin.md 2: id, title, subtitle, type). */
export const searchResultSchema = z.object({
  id: z.string(),
  type: z.enum(SEARCH_RESULT_TYPES),
  title: z.string(),
  subtitle: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export const globalSearchResultSchema = z.object({ results: z.array(searchResultSchema) });
