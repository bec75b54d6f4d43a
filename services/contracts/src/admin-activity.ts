/**
 * Admin panel contracts for what the store recorded (admin.md sections 2, 3, 9): the activity log
 * with its filters and summary, and the e-mails that could not be delivered.
 */
import { z } from 'zod';

const count = z.number().int().nonnegative();

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
 * `GET /api/admin/failed-emails`: e-mails whose last allowed delivery attempt failed
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
