/**
 * Admin panel contracts for products (admin.md sections 3, 5, 7, 8): image upload and removal,
 * the admin product list with its status filter, restore and deletion answers, and the
 * low-stock threshold. Money is integer BRL cents.
 */
import { z } from 'zod';
import { PRODUCT_STATUSES, editableProductStatusSchema, optionalSearchTermSchema, productCategorySchema, productSchema, productStatusSchema } from './catalogue.ts';

/** Largest product image accepted, in bytes (admin.md 5, 9: 10 MB). */
export const PRODUCT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Image types accepted, by the MIME type sniffed from the content, with the stored extension. */
export const PRODUCT_IMAGE_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' } as const;
export type ProductImageMime = keyof typeof PRODUCT_IMAGE_TYPES;
/** The upload toasts of admin.md 8 (title / description). */
export const PRODUCT_IMAGE_MESSAGES = {
  invalidType: { title: 'Tipo de arquivo inválido', description: 'Por favor, envie apenas imagens (JPEG, PNG, GIF, WEBP)' },
  tooLarge: { title: 'Arquivo muito grande', description: 'O arquivo deve ter no máximo 10MB' },
  uploadFailed: { title: 'Erro no upload', description: 'Falha ao enviar a imagem' },
  removeFailed: { title: 'Erro ao deletar', description: 'Falha ao remover a imagem' },
} as const;

/** Object key of an uploaded product image: `products/{timestamp}-{random}.{ext}` (admin.md 7). */
export const UPLOADED_IMAGE_KEY_PATTERN = /^products\/\d{13}-[a-z0-9]{8,16}\.(jpg|png|gif|webp)$/;
/** Any key the product form may reference: an upload or a seeded picture (`products/<slug>.svg`). */
export const PRODUCT_IMAGE_KEY_PATTERN = /^products\/[a-z0-9][a-z0-9._-]{0,200}$/;

/** `POST /api/admin/product-images` answer: the stored key and its public URL. */
export const productImageUploadSchema = z.object({ key: z.string().regex(UPLOADED_IMAGE_KEY_PATTERN), url: z.url() });
export type ProductImageUpload = z.infer<typeof productImageUploadSchema>;

/** Params of `DELETE /api/admin/product-images/*`: the key of an upload not used by any product. */
export const productImageKeyParamsSchema = z.object({
  '*': z.string().regex(UPLOADED_IMAGE_KEY_PATTERN, 'Imagem inválida'),
});

/**
 * The object key of a public storage URL in `bucket` (admin.md 7: "remove a file derived from the
 * public URL path"), or null when the URL is not a public object of that bucket.
 */
export function storageKeyFromUrl(url: string | null | undefined, bucket = 'product-images'): string | null {
  if (!url) return null;
  const marker = `/storage/${bucket}/`;
  const pathname = url.split(/[?#]/)[0]!;
  const at = pathname.indexOf(marker);
  if (at < 0) return null;
  const key = pathname.slice(at + marker.length).split('/').map(decodeURIComponent).join('/');
  return key || null;
}

/**
 * A product as the admin panel sees it: the public shape plus its status and when it
 * was archived (ISO, null unless archived).
 */
export const adminProductSchema = productSchema.extend({
  status: productStatusSchema,
  archivedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/** The status filter of the admin product list: one status, or `all`. */
export const ADMIN_PRODUCT_FILTERS = [...PRODUCT_STATUSES, 'all'] as const;
export type AdminProductFilter = (typeof ADMIN_PRODUCT_FILTERS)[number];

/** Query of `GET /api/admin/products`: `status` (default `active`), free-text `search` and a `category`. */
export const adminProductListQuerySchema = z.object({
  status: z.enum(ADMIN_PRODUCT_FILTERS, { error: 'Filtro de status inválido' }).default('active'),
  search: optionalSearchTermSchema,
  category: productCategorySchema.optional(),
});
export type AdminProductListQuery = z.input<typeof adminProductListQuerySchema>;

/**
 * `GET /api/admin/products`: the products of the filter (newest first, best match first with a
 * search) and how many products each status has (with the search and category, whatever the
 * status filter), `all` their sum.
 */
export const adminProductListSchema = z.object({
  products: z.array(adminProductSchema),
  counts: z.object({ active: z.number().int(), draft: z.number().int(), archived: z.number().int(), all: z.number().int() }),
});
export type AdminProductList = z.infer<typeof adminProductListSchema>;

/** Body of `POST /api/admin/products/:id/restore`: the status an archived product returns to. */
export const productRestoreSchema = z.object({ status: editableProductStatusSchema });
export type ProductRestore = z.infer<typeof productRestoreSchema>;

/** `DELETE /api/admin/products/:id`: `archived` when order lines reference the product. */
export const productDeletionSchema = z.object({ outcome: z.enum(['deleted', 'archived']), message: z.string() });
export type ProductDeletion = z.infer<typeof productDeletionSchema>;

/**
 * The low-stock threshold: a product with stock at or below it is a stock alert on the
 * dashboard and the sales page and raises the bell's 'Estoque baixo'. One value, stored in the
 * database and set in the panel (`GET`/`PUT /api/admin/settings/low-stock`), in units.
 */
export const LOW_STOCK_THRESHOLD_MAX = 1000;
export const lowStockSettingSchema = z.object({
  threshold: z
    .number({ error: 'Informe um número de unidades' })
    .int('Informe um número inteiro de unidades')
    .min(0, 'O limite não pode ser negativo')
    .max(LOW_STOCK_THRESHOLD_MAX, `O limite deve ser de no máximo ${LOW_STOCK_THRESHOLD_MAX} unidades`),
});
export type LowStockSetting = z.infer<typeof lowStockSettingSchema>;
/** The panel's field as typed (a string of digits), turned into {@link lowStockSettingSchema}'s number. */
export const lowStockSettingFormSchema = z.object({
  threshold: z.string().trim().regex(/^\d+$/, 'Informe um número inteiro de unidades').transform(Number).pipe(lowStockSettingSchema.shape.threshold),
});
