/**
 * Admin panel contracts (issue 12; admin.md sections 2, 3, 5, 7, 8, 9): product management and
 * image upload, global search, dashboard and sales figures, user management, content and social
 * link edits, the activity log with its filters. Money is integer BRL cents everywhere.
 */
import { z } from 'zod';
import { SOCIAL_PLATFORMS } from './content.ts';
import { PAYMENT_METHODS, savedAddressSchema, type ORDER_STATUSES } from './orders.ts';
import { adminUserSchema, ROLE_NAMES } from './auth.ts';
import { PRODUCT_STATUSES, SEARCH_TERM_MAX_LENGTH, editableProductStatusSchema, productCategorySchema, productSchema, productStatusSchema } from './catalogue.ts';

// --- Products and their images (admin.md 3, 5, 7, 8) --------------------------------------

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
 * A product as the admin panel sees it (issue 22): the public shape plus its status and when it
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
  search: z
    .string()
    .trim()
    .max(SEARCH_TERM_MAX_LENGTH, 'Termo de busca muito longo')
    .optional()
    .transform((value) => (value ? value : undefined)),
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
 * The low-stock threshold (issue 22): a product with stock at or below it is a stock alert on the
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

// --- Global search (admin.md 2, 7) --------------------------------------------------------

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

// --- Dashboard and sales (admin.md 2, 9) --------------------------------------------------

/** Order statuses that count as sales: paid and what follows payment. */
export const SALE_STATUSES = ['paid', 'shipped', 'delivered'] as const satisfies readonly (typeof ORDER_STATUSES)[number][];
/** Days of the dashboard's recent week (admin.md 9). */
export const DASHBOARD_WEEK_DAYS = 7;

const cents = z.number().int();
const count = z.number().int().nonnegative();

/**
 * A low-stock alert. `id` is the product's. For a variant (issue 22) `name` reads
 * 'Anel Solitário — Aro 18', `stock` is the variant's, and `variantId`/`sku`/`variantLabel` name it.
 */
export const lowStockProductSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  stock: count,
  variantId: z.uuid().nullable().optional(),
  sku: z.string().nullable().optional(),
  variantLabel: z.string().nullable().optional(),
});
export type LowStockProduct = z.infer<typeof lowStockProductSchema>;

export const dashboardSchema = z.object({
  salesToday: z.object({ revenueCents: cents, orders: count }),
  /** Orders placed today (any status but cancelled) and in total. */
  orders: z.object({ today: count, total: count }),
  activeProducts: count,
  /** 'Usuários Ativos': the number of profiles (admin.md 9). */
  customers: count,
  /** The last 7 days, oldest first: `date` is YYYY-MM-DD in São Paulo time. */
  week: z.array(z.object({ date: z.string(), revenueCents: cents, orders: count })),
  recentActivity: z.array(z.object({ id: z.uuid(), action: z.string(), details: z.record(z.string(), z.unknown()), createdAt: z.iso.datetime({ offset: true }) })),
  pending: z.object({ awaitingPayment: count, awaitingShipment: count, lowStock: z.array(lowStockProductSchema) }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const SALES_PERIODS = ['7', '30', '90', '365', 'all'] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];
export const SALES_PERIOD_LABELS: Readonly<Record<SalesPeriod, string>> = {
  '7': 'Últimos 7 dias',
  '30': 'Últimos 30 dias',
  '90': 'Últimos 90 dias',
  '365': 'Últimos 12 meses',
  all: 'Todo o período',
};
export const salesQuerySchema = z.object({ period: z.enum(SALES_PERIODS, { error: 'Período inválido' }).default('30') });

export const salesReportSchema = z.object({
  period: z.enum(SALES_PERIODS),
  totals: z.object({ revenueCents: cents, unitsSold: count, orders: count, averageTicketCents: cents }),
  /** Best sellers per product and variant (issue 22): `variantLabel` ('Aro 16') and `sku` are null for a product without options. */
  topProducts: z.array(z.object({ productId: z.uuid().nullable(), name: z.string(), units: count, revenueCents: cents, variantLabel: z.string().nullable().optional(), sku: z.string().nullable().optional() })),
  stockAlerts: z.array(lowStockProductSchema),
  /** The low-stock threshold the stock alerts use, in units (issue 22). */
  lowStockThreshold: count,
  /** Revenue per calendar month (YYYY-MM, São Paulo time), oldest first, months without sales included. */
  monthly: z.array(z.object({ month: z.string(), revenueCents: cents, orders: count })),
  byPaymentMethod: z.array(z.object({ method: z.enum(PAYMENT_METHODS), revenueCents: cents, orders: count })),
  /**
   * What the period's sales gave and charged besides the goods (issue 23), BRL cents: coupon
   * discounts (and the orders that used a coupon), PIX discounts, the freight charged (in the
   * revenue), and what returns refunded (taken off the revenue).
   */
  /** `refundedCents`: returns refunded through the acquirer; `creditedCents`: returns given back as store credit (both out of revenue). */
  discounts: z.object({ couponCents: cents, couponOrders: count, pixCents: cents, freightCents: cents, refundedCents: cents, creditedCents: cents }),
  /** The acquirer the service is configured with (`PAYMENT_PROVIDER`). */
  paymentProvider: z.string(),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

// --- Users (admin.md 2, 6) ----------------------------------------------------------------

/** Rows per page of the users tab (issue 22). */
export const ADMIN_USERS_PAGE_SIZE = 20;

/**
 * `GET /api/admin/users` query (issue 22): `search` over the name and e-mail (accents and case
 * ignored, like the global search), `page` from 1, `pageSize` rows (newest accounts first).
 */
export const adminUserListQuerySchema = z.object({
  search: z.string().trim().max(100, 'Busca muito longa').optional(),
  page: z.coerce.number().int().min(1, 'Página inválida').max(10_000, 'Página inválida').default(1),
  pageSize: z.coerce.number().int().min(1, 'Página inválida').max(100, 'Página inválida').default(ADMIN_USERS_PAGE_SIZE),
});
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;

/** One page of the users tab: `total` counts every matching account. */
export const adminUserPageSchema = z.object({
  items: z.array(adminUserSchema),
  total: count,
  page: count,
  pageSize: count,
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

export const adminUserDetailSchema = adminUserSchema.extend({
  roles: z.array(z.enum(ROLE_NAMES)),
  lastLoginAt: z.iso.datetime({ offset: true }).nullable(),
  ordersCount: count,
  twoFactorEnabled: z.boolean(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/**
 * `PATCH /api/admin/users/:id`: the name, the admin role (cap of 3, never the last admin nor
 * oneself) and/or the developer role (issue 21: both staff roles can be granted and revoked).
 */
export const adminUserUpdateSchema = z
  .object({
    fullName: z.string().trim().min(1, 'Nome é obrigatório').max(100, 'Nome muito longo').optional(),
    isAdmin: z.boolean().optional(),
    isDeveloper: z.boolean().optional(),
  })
  .refine((value) => value.fullName !== undefined || value.isAdmin !== undefined || value.isDeveloper !== undefined, 'Nada para alterar');
export type AdminUserUpdate = z.input<typeof adminUserUpdateSchema>;

// --- Content and social links (admin.md 3, 4, 8) ------------------------------------------

/** Preview length of a section in the content tab, in characters (admin.md 9). */
export const CONTENT_PREVIEW_LENGTH = 200;
/** Rows of the content editor (admin.md 9). */
export const CONTENT_EDITOR_ROWS = 8;
export const CONTENT_MAX_LENGTH = 20_000;

export const contentSectionUpdateSchema = z.object({
  title: z.string().trim().min(1, 'Título é obrigatório').max(200, 'Título muito longo'),
  content: z.string().trim().min(1, 'Conteúdo é obrigatório').max(CONTENT_MAX_LENGTH, 'Conteúdo muito longo'),
});
export type ContentSectionUpdate = z.input<typeof contentSectionUpdateSchema>;
/** An http(s) URL (social links are opened by shoppers: no `javascript:` or other schemes). */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(500, 'Link muito longo')
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'Informe um link válido começando com http:// ou https://' }));

const socialLinkSlot = z.union([z.literal('').transform(() => null), z.null(), httpUrlSchema]);

/** `PUT /api/admin/social-links`: the four platforms, each with up to four links (empty = none). */
export const socialLinksUpdateSchema = z.object({
  links: z
    .array(
      z.object({
        platform: z.enum(SOCIAL_PLATFORMS),
        link1: socialLinkSlot,
        link2: socialLinkSlot,
        link3: socialLinkSlot,
        link4: socialLinkSlot,
      }),
    )
    .min(1)
    .max(SOCIAL_PLATFORMS.length)
    .refine((list) => new Set(list.map((entry) => entry.platform)).size === list.length, 'Plataforma repetida'),
});
export type SocialLinksUpdate = z.input<typeof socialLinksUpdateSchema>;

// --- Store contact details (issue 22) -----------------------------------------------------

/** Most rows of opening hours (one per weekday). */
export const OPENING_HOURS_MAX_ROWS = 7;

/** The digits of a Brazilian number typed with or without the country code (+55) and mask. */
function brazilianDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length > 11 && digits.startsWith('55') ? digits.slice(2) : digits;
}

/**
 * Brazilian numbers (Anatel numbering plan): a two-digit area code (DDD, no zero digit) and either
 * a mobile number (9 digits starting with 9) or a landline (8 digits starting with 2 to 5).
 * Written here rather than with brazilian-utils, whose area-code tables would weigh on the panel.
 */
const MOBILE_DIGITS = /^[1-9][1-9]9\d{8}$/;
const LANDLINE_DIGITS = /^[1-9][1-9][2-5]\d{7}$/;
const isValidMobilePhone = (digits: string) => MOBILE_DIGITS.test(digits);
const isValidPhone = (digits: string) => MOBILE_DIGITS.test(digits) || LANDLINE_DIGITS.test(digits);

/** `(DD) NNNNN-NNNN` (mobile, 11 digits) or `(DD) NNNN-NNNN` (landline, 10 digits). */
export function maskBrazilianPhone(digits: string): string {
  const local = digits.slice(2);
  const split = local.length - 4;
  return `(${digits.slice(0, 2)}) ${local.slice(0, split)}-${local.slice(split)}`;
}

/**
 * The store's phone (area code + 8 or 9 digits; mask, spaces and +55 optional), stored masked
 * `(11) 99999-9999` for display. A shopper's phone is `brazilianPhoneSchema` (auth.ts, digits).
 */
export const storePhoneSchema = z
  .string()
  .trim()
  .max(25, 'Telefone inválido')
  .transform(brazilianDigits)
  .refine((digits) => (digits.length === 10 || digits.length === 11) && isValidPhone(digits), 'Telefone inválido')
  .transform(maskBrazilianPhone);

/** A Brazilian mobile number for WhatsApp, stored international and digits only (`5511999999999`). */
export const whatsappNumberSchema = z
  .string()
  .trim()
  .max(25, 'Número de WhatsApp inválido')
  .transform(brazilianDigits)
  .refine((digits) => digits.length === 11 && isValidMobilePhone(digits), 'Número de WhatsApp inválido: use um celular com DDD')
  .transform((digits) => `55${digits}`);

/** `PUT /api/admin/store-contact` (issue 22): the store's contact details and opening hours. */
export const storeContactUpdateSchema = z.object({
  phone: storePhoneSchema,
  whatsappNumber: whatsappNumberSchema,
  email: z.string().trim().max(255, 'Email muito longo').pipe(z.email('Email inválido')),
  address: z.string().trim().min(1, 'Endereço é obrigatório').max(200, 'Endereço muito longo'),
  openingHours: z
    .array(
      z.object({
        days: z.string().trim().min(1, 'Informe os dias').max(40, 'Dias: texto muito longo'),
        hours: z.string().trim().min(1, 'Informe o horário').max(40, 'Horário: texto muito longo'),
      }),
    )
    .min(1, 'Informe ao menos um horário de atendimento')
    .max(OPENING_HOURS_MAX_ROWS, `No máximo ${OPENING_HOURS_MAX_ROWS} linhas de horário`),
});
export type StoreContactUpdate = z.input<typeof storeContactUpdateSchema>;

// --- Activity log (admin.md 2, 3, 9) ------------------------------------------------------

/** At most this many rows (admin.md 9). */
export const ADMIN_LOG_LIMIT = 100;
export const LOG_PERIODS = ['1', '7', '30', '90', 'all'] as const;
export type LogPeriod = (typeof LOG_PERIODS)[number];
export const LOG_PERIOD_LABELS: Readonly<Record<LogPeriod, string>> = {
  '1': 'Último dia',
  '7': 'Últimos 7 dias',
  '30': 'Últimos 30 dias',
  '90': 'Últimos 90 dias',
  all: 'Todo o período',
};
/** Action filters (admin.md 9) and the audit actions each one covers. */
export const LOG_ACTION_FILTERS = {
  login: ['login', 'login_failed', 'logout'],
  product: ['product_created', 'product_updated', 'product_deleted', 'product_archived', 'product_restored', 'product_image_uploaded', 'product_image_deleted', 'product_gallery_updated'],
  '2fa': ['2fa_enabled', '2fa_disabled', '2fa_enrolment_required'],
  profile: ['profile_updated', 'password_changed', 'password_reset', 'email_change_requested', 'email_changed', 'address_created', 'address_updated', 'address_deleted'],
} as const;
export type LogActionFilter = keyof typeof LOG_ACTION_FILTERS | 'all';
export const LOG_ACTION_FILTER_LABELS: Readonly<Record<LogActionFilter, string>> = {
  all: 'Todas as ações',
  login: 'Login',
  product: 'Produtos',
  '2fa': '2FA',
  profile: 'Perfil',
};

export const adminLogQuerySchema = z.object({
  period: z.enum(LOG_PERIODS, { error: 'Período inválido' }).default('7'),
  action: z.enum(['all', 'login', 'product', '2fa', 'profile'], { error: 'Filtro de ação inválido' }).default('all'),
  search: z
    .string()
    .trim()
    .max(100, 'Termo de busca muito longo')
    .optional()
    .transform((value) => value || undefined),
});
export type AdminLogQuery = z.input<typeof adminLogQuerySchema>;

export const adminLogSchema = z.object({
  id: z.uuid(),
  userId: z.uuid().nullable(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AdminLogEntry = z.infer<typeof adminLogSchema>;

/** The rows (newest first, at most 100) and a summary of every row matching the filters. */
export const adminLogPageSchema = z.object({
  rows: z.array(adminLogSchema),
  summary: z.object({
    total: count,
    byFilter: z.object({ login: count, product: count, '2fa': count, profile: count, other: count }),
    failedLogins: count,
    /** Distinct IP addresses. */
    addresses: count,
  }),
});
export type AdminLogPage = z.infer<typeof adminLogPageSchema>;

/**
 * `GET /api/admin/failed-emails` (issue 22): e-mails whose last allowed delivery attempt failed
 * (`outbox_emails.failed_at`), newest first, at most 100; `total` counts every one of them.
 */
export const failedEmailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  /** The transport's last error. */
  error: z.string().nullable(),
  attempts: count,
  createdAt: z.iso.datetime({ offset: true }),
  failedAt: z.iso.datetime({ offset: true }),
});
export type FailedEmail = z.infer<typeof failedEmailSchema>;
export const failedEmailPageSchema = z.object({ rows: z.array(failedEmailSchema), total: count });
export type FailedEmailPage = z.infer<typeof failedEmailPageSchema>;

/**
 * `GET /api/me/export` (LGPD art. 18, II and V; issue 21): the signed-in customer's personal data
 * as the store keeps it: account, profile, orders with their lines and delivery data, favourites.
 */
export const personalDataExportSchema = z.object({
  exportedAt: z.iso.datetime({ offset: true }),
  account: z.object({ id: z.uuid(), email: z.string(), createdAt: z.iso.datetime({ offset: true }), emailConfirmedAt: z.iso.datetime({ offset: true }).nullable(), lastLoginAt: z.iso.datetime({ offset: true }).nullable(), twoFactorEnabled: z.boolean() }),
  profile: z.object({ fullName: z.string(), phone: z.string().nullable().default(null) }).nullable(),
  /** The saved delivery addresses (issue 22; absent from a service before it: read as none). */
  addresses: z.array(savedAddressSchema).default([]),
  orders: z.array(
    z.object({
      number: z.string(),
      status: z.string(),
      createdAt: z.iso.datetime({ offset: true }),
      totalCents: z.number().int(),
      paymentMethod: z.string(),
      /** `cpf`: the buyer's CPF the order kept for its invoice (issue 23), digits; null before it was asked. */
      contact: z.object({ name: z.string(), email: z.string(), phone: z.string(), cpf: z.string().nullable() }),
      delivery: z.object({ zipCode: z.string(), street: z.string(), number: z.string(), complement: z.string().nullable(), neighborhood: z.string(), city: z.string(), state: z.string() }),
      items: z.array(z.object({ productName: z.string(), variantLabel: z.string().nullable().default(null), quantity: z.number().int(), unitPriceCents: z.number().int() })),
    }),
  ),
  favourites: z.array(z.string()),
  /** Back-in-stock alerts asked with the account or its e-mail (issue 22): the piece ('Anel — Aro 18'), status, when. */
  stockAlerts: z.array(z.object({ item: z.string(), status: z.string(), createdAt: z.iso.datetime({ offset: true }) })).default([]),
});
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;

/** `DELETE /api/me` (issue 21): a customer deletes their own account; the current password confirms it. */
export const deleteOwnAccountSchema = z.object({
  currentPassword: z.string({ error: 'Informe sua senha atual para excluir a conta.' }).min(1, 'Informe sua senha atual para excluir a conta.').max(200, 'Senha muito longa'),
});
