/**
 * Catalogue contracts: product shape, categories and statuses, list, page and suggestion queries,
 * and the admin's product body. A product's options and variants (product-variants.ts) and its
 * images (product-images.ts) are re-exported from here.
 *
 * Source: storefront.md sections 3 (Product), 7 (calls) and 9 (categories, featured limit);
 * admin.md section 3 (products). Prices travel as integer BRL cents, never floats.
 */
import { z } from 'zod';
import { productGalleryImageSchema } from './product-images.ts';
import { checkVariants, priceInputSchema, PRODUCT_OPTIONS_MAX, productOptionSchema, productVariantInputSchema, productVariantSchema, stockInputSchema } from './product-variants.ts';
import { engravingSettingsSchema, NO_ENGRAVING } from './gifts.ts';

export * from './product-images.ts';
export * from './product-variants.ts';

/** Stored category values (storefront.md 9, admin.md 3). */
export const PRODUCT_CATEGORIES = ['aneis', 'brincos', 'colares', 'pulseiras', 'conjuntos'] as const;

export const productCategorySchema = z.enum(PRODUCT_CATEGORIES, {
  error: 'Categoria inválida',
});
export type ProductCategory = z.infer<typeof productCategorySchema>;

/**
 * A product's status: `active` products are the catalogue (listed, searchable, on their
 * page, in the sitemap, reservable and orderable); `draft` products are being prepared and
 * `archived` ones were deleted while order lines reference them (they stay for the order history):
 * both are seen only in the admin panel. An archived product can be restored to draft or active.
 */
export const PRODUCT_STATUSES = ['active', 'draft', 'archived'] as const;
export const productStatusSchema = z.enum(PRODUCT_STATUSES, { error: 'Status inválido' });
export type ProductStatus = z.infer<typeof productStatusSchema>;

/** The statuses an admin sets in the product form or when restoring (archiving is a deletion). */
export const EDITABLE_PRODUCT_STATUSES = ['active', 'draft'] as const;
export const editableProductStatusSchema = z.enum(EDITABLE_PRODUCT_STATUSES, { error: 'Status inválido: escolha Ativo ou Rascunho' });

/** pt-BR labels of the statuses (singular, for a product). */
export const PRODUCT_STATUS_LABELS: Readonly<Record<ProductStatus, string>> = {
  active: 'Ativo',
  draft: 'Rascunho',
  archived: 'Arquivado',
};

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

/**
 * A product's rating as its card shows it ('4,7 (12)'): the average of its approved reviews,
 * rounded to one decimal (1-5), and how many there are (at least one).
 */
export const productRatingSchema = z.object({
  average: z.number().min(1).max(5),
  count: z.number().int().positive(),
});
export type ProductRating = z.infer<typeof productRatingSchema>;

/**
 * A product as the API returns it. `priceCents` is BRL cents; `imageUrl` (the cover) is absolute
 * or null. `slug` is the product page's address `/produtos/<slug>`; `images` its
 * gallery in order (the cover first; a product without a gallery but with a cover lists the cover
 * with its name as alt text; empty without any image).
 */
export const productSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string().min(1).max(200),
  category: productCategorySchema,
  priceCents: z.number().int().nonnegative(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  images: z.array(productGalleryImageSchema),
  isNew: z.boolean(),
  isBestseller: z.boolean(),
  isFeatured: z.boolean(),
  stock: z.number().int().nonnegative(),
  /** Units that can still be reserved or bought: stock minus active reservations. */
  available: z.number().int().nonnegative(),
  /** The product's options in order; empty for a product without options. */
  options: z.array(productOptionSchema),
  /** One per combination of the options; empty without options. With variants, `stock` and `available` above are their sums. */
  variants: z.array(productVariantSchema),
  /** Its approved reviews' average and count; null while it has none (the card then shows no stars). */
  rating: productRatingSchema.nullable(),
  /** 'Gravação': whether the piece can be engraved, its price per piece, character limit and production days (absent: none). */
  engraving: engravingSettingsSchema.optional(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.array(productSchema);

/** An optional free-text search of a list query: trimmed, at most SEARCH_TERM_MAX_LENGTH characters, empty as absent. */
export const optionalSearchTermSchema = z
  .string()
  .trim()
  .max(SEARCH_TERM_MAX_LENGTH, 'Termo de busca muito longo')
  .optional()
  .transform((value) => (value ? value : undefined));

/** Query of `GET /api/products`: optional free-text `search` and a stored `category`. */
export const productListQuerySchema = z.object({
  search: optionalSearchTermSchema,
  category: productCategorySchema.optional(),
  /** Comma-separated product ids (at most 50): the cart refreshes its lines' prices with it. */
  ids: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').filter(Boolean) : undefined))
    .pipe(z.array(z.uuid({ error: 'Identificador de produto inválido' })).max(50, 'Produtos demais').optional()),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

/** Products on one page of the catalogue `/produtos` (2, 3 and 4 columns all fill their rows). */
export const CATALOGUE_PAGE_SIZE = 12;
/** Largest page `GET /api/products/page` answers. */
export const CATALOGUE_PAGE_SIZE_MAX = 48;

/**
 * Query of `GET /api/products/page`: the filters of `GET /api/products` (`search`, `category`,
 * `ids`) and the page, `page` from 1 (at most 10,000) of `pageSize` products (1 to
 * {@link CATALOGUE_PAGE_SIZE_MAX}, default {@link CATALOGUE_PAGE_SIZE}). Numbers come as query
 * strings.
 */
/** The orders of the catalogue's pages: newest first (the default), or best rated first ('Melhor avaliados'). */
export const CATALOGUE_SORTS = ['newest', 'rating'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];
/** pt-BR labels of the orders (the catalogue's 'Ordenar por'). */
export const CATALOGUE_SORT_LABELS: Record<CatalogueSort, string> = { newest: 'Mais recentes', rating: 'Melhor avaliados' };
/** The catalogue page's URL parameter of its order, and its value for best rated first (`/produtos?ordem=avaliacao`; newest first has none). */
export const CATALOGUE_SORT_PARAM = 'ordem';
export const CATALOGUE_RATING_SORT_VALUE = 'avaliacao';

export const productPageQuerySchema = productListQuerySchema.extend({
  /**
   * `rating`: the best average of approved reviews first (more reviews first at the same average,
   * pieces without reviews last, newest first among equals); with a search, its matches so ordered.
   */
  sort: z.enum(CATALOGUE_SORTS, { error: 'Ordem inválida' }).default('newest'),
  page: z.coerce.number({ error: 'Página inválida' }).int('Página inválida').min(1, 'Página inválida').max(10_000, 'Página inválida').default(1),
  pageSize: z.coerce
    .number({ error: 'Tamanho de página inválido' })
    .int('Tamanho de página inválido')
    .min(1, 'Tamanho de página inválido')
    .max(CATALOGUE_PAGE_SIZE_MAX, 'Tamanho de página inválido')
    .default(CATALOGUE_PAGE_SIZE),
});
export type ProductPageQuery = z.input<typeof productPageQuerySchema>;

/**
 * Answer of `GET /api/products/page`: the products of page `page` in the order of
 * `GET /api/products` (newest first; best match first with a search), `total` products matching
 * the filters and `pageCount` pages of `pageSize` (0 when nothing matches). A page past the last
 * has no products.
 */
export const productPageSchema = z.object({
  products: z.array(productSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  pageCount: z.number().int().nonnegative(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

/** At most this many product names the search bar suggests. */
export const PRODUCT_SUGGESTIONS_LIMIT = 6;

/** The search bar asks for suggestions this long after the last keystroke (ms). */
export const SEARCH_SUGGESTIONS_DEBOUNCE_MS = 250;

/**
 * Query of `GET /api/products/suggestions`: `q`, the text typed in the search bar
 * (trimmed; required, at most {@link SEARCH_TERM_MAX_LENGTH} characters).
 */
export const productSuggestionsQuerySchema = z.object({
  q: z.string({ error: 'Digite o que procura' }).trim().min(1, 'Digite o que procura').max(SEARCH_TERM_MAX_LENGTH, 'Termo de busca muito longo'),
});
export type ProductSuggestionsQuery = z.input<typeof productSuggestionsQuerySchema>;

/**
 * Answer of `GET /api/products/suggestions`: up to {@link PRODUCT_SUGGESTIONS_LIMIT}
 * products (not archived) the typed text finds, best match first, each with the `slug` of its page
 * (`/produtos/<slug>`); and the stored categories whose label a typed word starts (or, from 4
 * letters, nearly matches), best first, each with its pt-BR label.
 */
export const productSuggestionsSchema = z.object({
  products: z.array(z.object({ slug: z.string(), name: z.string(), category: productCategorySchema })).max(PRODUCT_SUGGESTIONS_LIMIT),
  categories: z.array(z.object({ value: productCategorySchema, label: z.string() })),
});
export type ProductSuggestions = z.infer<typeof productSuggestionsSchema>;

/** Params of `GET /api/products/:id`. */
export const productIdParamsSchema = z.object({
  id: z.uuid({ error: 'Identificador de produto inválido' }),
});

/** The path of a product's page: `/produtos/<slug>`. */
export function productPagePath(product: Pick<Product, 'slug'>): string {
  return `/produtos/${encodeURIComponent(product.slug)}`;
}

/** A product id in a path (`/produtos/<uuid>`, the old address of a product page). */
export const PRODUCT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Params of `GET /api/products/by-slug/:slug`. */
export const productSlugParamsSchema = z.object({
  slug: z
    .string()
    .max(230)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Endereço de produto inválido'),
});

/**
 * Body of a product create/update (admin.md 5): name required after trimming, category required,
 * price above zero, description trimmed with empty becoming null. Options and variants:
 * see {@link checkVariants}; with variants, `stock` is ignored (the product's stock is their sum)
 * and a variant's null `priceCents` means the product's price. SKUs are unique store-wide
 * (the service answers 409 'SKU duplicado' for one used by another product).
 */
export const productInputSchema = z
  .object({
  name: z.string().trim().min(1, 'Nome é obrigatório').max(200, 'Nome muito longo'),
  category: productCategorySchema,
  priceCents: priceInputSchema,
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
  stock: stockInputSchema.default(0),
  /** `active` (default) or `draft` (hidden from shoppers). */
  status: editableProductStatusSchema.default('active'),
  options: z.array(productOptionSchema).max(PRODUCT_OPTIONS_MAX, `No máximo ${PRODUCT_OPTIONS_MAX} opções por produto`).default([]),
  variants: z.array(productVariantInputSchema).max(200, 'Variantes demais').default([]),
  /** 'Gravação' (off by default). */
  engraving: engravingSettingsSchema.default(NO_ENGRAVING),
  })
  .superRefine(checkVariants);
export type ProductInput = z.input<typeof productInputSchema>;

/**
 * The catalogue feeds the service serves to shopping channels, by their path on the API's public
 * origin (`PUBLIC_API_URL`): Google Merchant Center's RSS 2.0 product feed and Meta's (Facebook,
 * Instagram) catalogue CSV. Public: the channels fetch them on their own schedule, signed in to nothing.
 */
export const CATALOGUE_FEED_PATHS = {
  googleMerchant: '/feeds/google-merchant.xml',
  metaCatalogue: '/feeds/meta-catalogue.csv',
} as const;
export type CatalogueFeedKind = keyof typeof CATALOGUE_FEED_PATHS;

/**
 * `GET /api/admin/catalogue-feeds` (admin): each feed's absolute URL, to paste into Google
 * Merchant Center and Meta Commerce Manager, and when it was last generated (null before the first).
 */
export const catalogueFeedsSchema = z.object({
  feeds: z.array(
    z.object({
      kind: z.enum(['googleMerchant', 'metaCatalogue']),
      url: z.url(),
      generatedAt: z.iso.datetime({ offset: true }).nullable(),
      /** Items in the document (one per variant; a product without variants is one). */
      items: z.number().int().nonnegative().nullable(),
    }),
  ),
});
export type CatalogueFeeds = z.infer<typeof catalogueFeedsSchema>;
