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
  /** `active` (default) or `draft` (hidden from shoppers) (issue 22). */
  status: editableProductStatusSchema.default('active'),
});
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
