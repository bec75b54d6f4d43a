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
 * A product's status (issue 22): `active` products are the catalogue (listed, searchable, on their
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

/** At most this many images in a product's gallery (issue 22). */
export const PRODUCT_GALLERY_MAX = 8;

/** One image of a product's gallery as the API returns it: absolute `url` and its alt text. */
export const productGalleryImageSchema = z.object({
  url: z.string(),
  alt: z.string(),
});
export type ProductGalleryImage = z.infer<typeof productGalleryImageSchema>;

// --- Options and variants (issue 22) -------------------------------------------------------

/** Option names a product may have: ring size, chain length, plating (issue 22). */
export const PRODUCT_OPTION_NAMES = ['Aro', 'Comprimento', 'Banho'] as const;
export const productOptionNameSchema = z.enum(PRODUCT_OPTION_NAMES, { error: 'Opção inválida' });
export type ProductOptionName = z.infer<typeof productOptionNameSchema>;
/** At most this many options per product, and values per option. */
export const PRODUCT_OPTIONS_MAX = 3;
export const PRODUCT_OPTION_VALUES_MAX = 30;

/** One option of a product, its values in display order (e.g. `{ name: 'Aro', values: ['14', '16'] }`). */
export const productOptionSchema = z.object({
  name: productOptionNameSchema,
  values: z
    .array(z.string().trim().min(1, 'Valor de opção vazio').max(40, 'Valor de opção muito longo'))
    .min(1, 'Informe ao menos um valor para a opção')
    .max(PRODUCT_OPTION_VALUES_MAX, `No máximo ${PRODUCT_OPTION_VALUES_MAX} valores por opção`)
    .refine((values) => new Set(values).size === values.length, 'Valor de opção repetido'),
});
export type ProductOption = z.infer<typeof productOptionSchema>;

/** A variant's combination: one value per option of its product, by option name. */
export const variantOptionsSchema = z.partialRecord(productOptionNameSchema, z.string().trim().min(1).max(40));
export type VariantOptions = z.infer<typeof variantOptionsSchema>;

/**
 * A variant as the API returns it: `priceCents` is effective (its own price or the product's),
 * `available` = stock minus active reservations of this variant.
 */
export const productVariantSchema = z.object({
  id: z.uuid(),
  sku: z.string(),
  options: variantOptionsSchema,
  priceCents: z.number().int().nonnegative(),
  stock: z.number().int().nonnegative(),
  available: z.number().int().nonnegative(),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

/** A variant in the admin's create/update body; `id` names an existing variant to update. */
export const productVariantInputSchema = z.object({
  id: z.uuid({ error: 'Variante inválida' }).optional(),
  sku: z.string().trim().min(1, 'SKU é obrigatório').max(60, 'SKU muito longo'),
  options: variantOptionsSchema,
  stock: z.number().int('Estoque inválido').nonnegative('Estoque inválido'),
  priceCents: z.number().int('Preço inválido').positive('O preço deve ser maior que zero').nullable().default(null),
});
export type ProductVariantInput = z.input<typeof productVariantInputSchema>;

/**
 * A variant's label: its values in the product's option order, `${name} ${value}` joined with
 * ' · ' (e.g. 'Aro 16', 'Comprimento 45 cm · Banho Ouro'). Options missing from `options` are skipped.
 */
export function variantLabel(options: Readonly<Record<string, string | undefined>>, order: readonly Pick<ProductOption, 'name'>[]): string {
  return order
    .filter((option) => options[option.name] !== undefined)
    .map((option) => `${option.name} ${options[option.name]}`)
    .join(' · ');
}

/** The key of a variant's combination (values in option order), to find repeated combinations. */
function combinationKey(options: Readonly<Record<string, string | undefined>>, order: readonly ProductOption[]): string {
  return JSON.stringify(order.map((option) => options[option.name] ?? null));
}

/**
 * The rules between a product's options and variants (issue 22): options non-empty <=> variants
 * non-empty; distinct option names; every variant names exactly the product's options with one of
 * their values; no combination or SKU twice. Issues carry pt-BR messages and their paths.
 */
function checkVariants(data: { options: ProductOption[]; variants: { id?: string | undefined; sku: string; options: VariantOptions }[] }, ctx: z.RefinementCtx): void {
  const { options, variants } = data;
  if (new Set(options.map((option) => option.name)).size !== options.length) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'Opção repetida' });
    return;
  }
  if (options.length > 0 && variants.length === 0) ctx.addIssue({ code: 'custom', path: ['variants'], message: 'Cadastre ao menos uma variante para as opções' });
  if (options.length === 0 && variants.length > 0) ctx.addIssue({ code: 'custom', path: ['variants'], message: 'Variantes exigem ao menos uma opção' });
  if (options.length === 0) return;
  const skus = new Set<string>();
  const combinations = new Set<string>();
  const ids = new Set<string>();
  variants.forEach((variant, index) => {
    if (variant.id !== undefined) {
      if (ids.has(variant.id)) ctx.addIssue({ code: 'custom', path: ['variants', index, 'id'], message: 'Variante repetida' });
      ids.add(variant.id);
    }
    const names = Object.keys(variant.options);
    const complete = names.length === options.length && options.every((option) => option.values.includes(variant.options[option.name] ?? '\u0000'));
    if (!complete) {
      ctx.addIssue({ code: 'custom', path: ['variants', index, 'options'], message: 'Cada variante precisa de um valor para cada opção' });
      return;
    }
    const sku = variant.sku.toLowerCase();
    if (skus.has(sku)) ctx.addIssue({ code: 'custom', path: ['variants', index, 'sku'], message: 'SKU duplicado' });
    skus.add(sku);
    const key = combinationKey(variant.options, options);
    if (combinations.has(key)) ctx.addIssue({ code: 'custom', path: ['variants', index, 'options'], message: 'Combinação de opções repetida' });
    combinations.add(key);
  });
}

/**
 * A product as the API returns it. `priceCents` is BRL cents; `imageUrl` (the cover) is absolute
 * or null. `slug` is the product page's address `/produtos/<slug>` (issue 22); `images` its
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
  /** The product's options in order; empty for a product without options (issue 22). */
  options: z.array(productOptionSchema),
  /** One per combination of the options; empty without options. With variants, `stock` and `available` above are their sums. */
  variants: z.array(productVariantSchema),
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
export const productPageQuerySchema = productListQuerySchema.extend({
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

/** At most this many product names the search bar suggests (issue 22). */
export const PRODUCT_SUGGESTIONS_LIMIT = 6;

/** The search bar asks for suggestions this long after the last keystroke (ms, issue 22). */
export const SEARCH_SUGGESTIONS_DEBOUNCE_MS = 250;

/**
 * Query of `GET /api/products/suggestions` (issue 22): `q`, the text typed in the search bar
 * (trimmed; required, at most {@link SEARCH_TERM_MAX_LENGTH} characters).
 */
export const productSuggestionsQuerySchema = z.object({
  q: z.string({ error: 'Digite o que procura' }).trim().min(1, 'Digite o que procura').max(SEARCH_TERM_MAX_LENGTH, 'Termo de busca muito longo'),
});
export type ProductSuggestionsQuery = z.input<typeof productSuggestionsQuerySchema>;

/**
 * Answer of `GET /api/products/suggestions` (issue 22): up to {@link PRODUCT_SUGGESTIONS_LIMIT}
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

/** The path of a product's page (issue 22): `/produtos/<slug>`. */
export function productPagePath(product: Pick<Product, 'slug'>): string {
  return `/produtos/${encodeURIComponent(product.slug)}`;
}

/** A product id in a path (`/produtos/<uuid>`, the old address of a product page) (issue 22). */
export const PRODUCT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Params of `GET /api/products/by-slug/:slug` (issue 22). */
export const productSlugParamsSchema = z.object({
  slug: z
    .string()
    .max(230)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Endereço de produto inválido'),
});

/**
 * Body of `PUT /api/admin/products/:id/images` (issue 22): the whole gallery in order (position =
 * index; the first is the cover), each an uploaded image key with its required alt text; at most
 * {@link PRODUCT_GALLERY_MAX} images, no key twice.
 */
export const productGalleryInputSchema = z.object({
  images: z
    .array(
      z.object({
        key: z.string().min(1).max(300),
        alt: z.string().trim().min(1, 'Descreva a imagem (texto alternativo)').max(200, 'Texto alternativo muito longo'),
      }),
    )
    .max(PRODUCT_GALLERY_MAX, `No máximo ${PRODUCT_GALLERY_MAX} imagens por produto`)
    .refine((images) => new Set(images.map((image) => image.key)).size === images.length, 'A mesma imagem aparece duas vezes'),
});
export type ProductGalleryInput = z.input<typeof productGalleryInputSchema>;

/**
 * Body of a product create/update (admin.md 5): name required after trimming, category required,
 * price above zero, description trimmed with empty becoming null. Options and variants (issue 22):
 * see {@link checkVariants}; with variants, `stock` is ignored (the product's stock is their sum)
 * and a variant's null `priceCents` means the product's price. SKUs are unique store-wide
 * (the service answers 409 'SKU duplicado' for one used by another product).
 */
export const productInputSchema = z
  .object({
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
  /** `active` (default) or `draft` (hidden from shoppers) (issue 22). */
  status: editableProductStatusSchema.default('active'),
  options: z.array(productOptionSchema).max(PRODUCT_OPTIONS_MAX, `No máximo ${PRODUCT_OPTIONS_MAX} opções por produto`).default([]),
  variants: z.array(productVariantInputSchema).max(200, 'Variantes demais').default([]),
  })
  .superRefine(checkVariants);
export type ProductInput = z.input<typeof productInputSchema>;

/** Path (on the API origin) of the image shown when a product has none or it fails to load. */
export const FALLBACK_IMAGE_PATH = '/storage/product-images/fallback.svg';

/**
 * Responsive product images (issue 6 "modern formats at several widths"). The service renders a
 * stored raster image (JPEG, PNG, WebP, AVIF) as WebP at these widths, in px, at
 * `GET /images/<bucket>/<key>?w=<width>` (never wider than the original). Vector images (SVG)
 * are sharp at every width and are served as they are.
 */
export const IMAGE_RENDITION_WIDTHS = [320, 480, 640, 960, 1280] as const;
/** Path prefix of the renditions (the originals are under `/storage/`). */
export const IMAGE_RENDITION_PREFIX = '/images/';
/** Extensions of the stored images the service can render at other widths. */
export const RASTER_IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.avif'] as const;

/** Query of a rendition: `w` must be one of `IMAGE_RENDITION_WIDTHS`. */
export const imageRenditionQuerySchema = z.object({
  w: z.coerce
    .number({ error: 'Largura de imagem inválida' })
    .int('Largura de imagem inválida')
    .refine((width) => (IMAGE_RENDITION_WIDTHS as readonly number[]).includes(width), 'Largura de imagem inválida'),
});

/**
 * The Open Graph image of a product (issue 22): every stored product image, raster or vector
 * (SVG, which link previews ignore), rendered as a JPEG {@link OPEN_GRAPH_IMAGE_WIDTH} px wide at
 * `GET /images/og/<bucket>/<key>`.
 */
export const OPEN_GRAPH_IMAGE_WIDTH = 1200;
/** Path prefix of the Open Graph renditions. */
export const OPEN_GRAPH_IMAGE_PREFIX = '/images/og/';

/**
 * The Open Graph rendition of a stored image (`https://api/images/og/product-images/products/x.svg`),
 * or null when the image is not served from `/storage/`.
 */
export function openGraphImageUrl(url: string): string | null {
  const marker = url.indexOf('/storage/');
  if (marker < 0) return null;
  return `${url.slice(0, marker)}${OPEN_GRAPH_IMAGE_PREFIX}${url.slice(marker + '/storage/'.length).split(/[?#]/)[0]}`;
}

/** True when the stored image at `url` is raster (it has renditions); false for SVG or unknown. */
export function isRasterImage(url: string): boolean {
  const pathname = url.split(/[?#]/)[0]!.toLowerCase();
  return RASTER_IMAGE_EXTENSIONS.some((extension) => pathname.endsWith(extension));
}

/**
 * The `srcset` of a stored image: its WebP renditions at every width
 * (`https://api/images/product-images/products/x.jpg?w=320 320w, …`), or null when the image is
 * not raster or not served from `/storage/` (it is then used as it is).
 */
export function imageSrcSet(url: string): string | null {
  if (!imageRenditionUrl(url, IMAGE_RENDITION_WIDTHS[0])) return null;
  return IMAGE_RENDITION_WIDTHS.map((width) => `${imageRenditionUrl(url, width)} ${width}w`).join(', ');
}

/**
 * The WebP rendition of a stored raster image at `width` px
 * (`https://api/images/product-images/products/x.jpg?w=1280`), or null when the image is not
 * raster or not served from `/storage/` (issue 22: the product page's Open Graph image).
 */
export function imageRenditionUrl(url: string, width: (typeof IMAGE_RENDITION_WIDTHS)[number]): string | null {
  const marker = url.indexOf('/storage/');
  if (marker < 0 || !isRasterImage(url)) return null;
  return `${url.slice(0, marker)}${IMAGE_RENDITION_PREFIX}${url.slice(marker + '/storage/'.length)}?w=${width}`;
}
