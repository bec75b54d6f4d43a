/**
 * Catalogue contracts: product shape, categories and list queries.
 *
 * Source: storefront.md sections 3 (Product), 7 (calls) and 9 (categories, featured limit);
 * admin.md section 3 (products). Prices travel as integer BRL cents, never floats.
 */
import { z } from 'zod';

/** Stored category values (storefront.md 9, admin.md 3). */
export const PRODUCT_CATEGORIES = ['aneis', 'brincos', 'colares', 'pulseiras', 'conjuntos'] as const;

export const productCategorySchema = z.enum(PRODUCT_CATEGORIES, {
  error: 'Categoria inválida',
});
export type ProductCategory = z.infer<typeof productCategorySchema>;

/**
 * pt-BR labels of the stored categories. The spec's catalogue filter used labels that did not
 * match the stored values (and had no "Conjuntos"); we map each label to its stored value.
 */
export const CATEGORY_LABELS: Readonly<Record<ProductCategory, string>> = {
  aneis: 'Anéis',
  brincos: 'Brincos',
  colares: 'Colares',
  pulseiras: 'Pulseiras',
  conjuntos: 'Conjuntos',
};

/** Home shows at most this many featured products (storefront.md 9). */
export const FEATURED_PRODUCTS_LIMIT = 8;

/** Upper bound of a catalogue search term, in characters. */
export const SEARCH_TERM_MAX_LENGTH = 100;

/** A product as the API returns it. `priceCents` is BRL cents; `imageUrl` is absolute or null. */
export const productSchema = z.object({
  id: z.uuid(),
  name: z.string().min(1).max(200),
  category: productCategorySchema,
  priceCents: z.number().int().nonnegative(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  isNew: z.boolean(),
  isBestseller: z.boolean(),
  isFeatured: z.boolean(),
  stock: z.number().int().nonnegative(),
  /** Units that can still be reserved or bought: stock minus active reservations. */
  available: z.number().int().nonnegative(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.array(productSchema);

/** Query of `GET /api/products`: optional free-text `search` and a stored `category`. */
export const productListQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(SEARCH_TERM_MAX_LENGTH, 'Termo de busca muito longo')
    .optional()
    .transform((value) => (value ? value : undefined)),
  category: productCategorySchema.optional(),
  /** Comma-separated product ids (at most 50): the cart refreshes its lines' prices with it. */
  ids: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').filter(Boolean) : undefined))
    .pipe(z.array(z.uuid({ error: 'Identificador de produto inválido' })).max(50, 'Produtos demais').optional()),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

/** Params of `GET /api/products/:id`. */
export const productIdParamsSchema = z.object({
  id: z.uuid({ error: 'Identificador de produto inválido' }),
});

/**
 * Body of a product create/update (admin.md 5): name required after trimming, category required,
 * price above zero, description trimmed with empty becoming null.
 */
export const productInputSchema = z.object({
  name: z.string().trim().min(1, 'Nome é obrigatório').max(200, 'Nome muito longo'),
  category: productCategorySchema,
  priceCents: z.number().int('Preço inválido').positive('O preço deve ser maior que zero'),
  description: z
    .string()
    .trim()
    .max(5000, 'Descrição muito longa')
    .nullish()
    .transform((value) => (value ? value : null)),
  imageKey: z.string().max(300).nullish().transform((value) => (value ? value : null)),
  isNew: z.boolean().default(false),
  isBestseller: z.boolean().default(false),
  isFeatured: z.boolean().default(false),
  stock: z.number().int().nonnegative('Estoque inválido').default(0),
});
export type ProductInput = z.input<typeof productInputSchema>;

/** Path (on the API origin) of the image shown when a product has none or it fails to load. */
export const FALLBACK_IMAGE_PATH = '/storage/product-images/fallback.svg';
