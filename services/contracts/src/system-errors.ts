/**
 * System error contracts (admin.md 3 system_errors, 7, 9; issue 11 error capture).
 *
 * Every part of the store reports uncaught errors, unhandled rejections, error-boundary errors
 * and remote load failures with `POST /api/errors` (public, size- and rate-limited); the service
 * records its own 5xx. Developers list and resolve them under `/api/developer/`.
 */
import { z } from 'zod';

/** Who recorded a row: a browser report or the service itself. */
export const SYSTEM_ERROR_SOURCES = ['client', 'server'] as const;

/**
 * Kinds of client errors the reporters send (free text is allowed up to 100 characters). The
 * shell's host reports `ssr_render_failure` (a remote's server render threw or overran its time
 * budget: its slot went to the browser) and the browser `hydration_mismatch` (issue 20).
 */
export const CLIENT_ERROR_TYPES = ['uncaught_error', 'unhandled_rejection', 'error_boundary', 'remote_load_failure', 'ssr_render_failure', 'hydration_mismatch'] as const;

/** Limits of one report, in characters; the route also caps the body at 16 KiB. */
export const ERROR_REPORT_LIMITS = { type: 100, message: 2000, url: 2000, stack: 8000, userAgent: 500, remote: 40, version: 60 } as const;
/** Body limit of `POST /api/errors`, bytes. */
export const ERROR_REPORT_MAX_BYTES = 16 * 1024;
/** System errors fetched and kept (admin.md 9); the log shows 10 in a 400 px scroll area. */
export const SYSTEM_ERRORS_FETCHED = 100;
export const SYSTEM_ERRORS_SHOWN = 10;

const clip = (max: number) => z.string().transform((value) => value.slice(0, max));

/** Pages whose query string or fragment can carry a one-time token (reset, confirmation, owner setup). */
export const TOKEN_PAGES = ['/auth', '/reset-password', '/admin/login', '/developer-login', '/painel-admin', '/desenvolvedor'] as const;
/** Query parameters that carry one-time tokens, whatever the page. */
const TOKEN_PARAMS = /(^|[?&])(token|confirmar|novo-email|primeiro-acesso|code|codigo)=/i;

/**
 * A page URL fit to store in an error report (issue 21, review item 10): the query string and the
 * fragment are dropped on the pages that receive one-time tokens ({@link TOKEN_PAGES}) and
 * wherever a token parameter appears, so reset, confirmation and owner-setup links never land in
 * `system_errors`. Other URLs are kept as sent. Works on absolute and relative URLs.
 */
export function redactPageUrl(url: string): string {
  const cut = url.search(/[?#]/);
  if (cut < 0) return url;
  const base = url.slice(0, cut);
  let path = base;
  try {
    path = new URL(base, 'http://x').pathname;
  } catch {
    return base;
  }
  const tokenPage = TOKEN_PAGES.some((page) => path === page || path.startsWith(`${page}/`));
  return tokenPage || TOKEN_PARAMS.test(url.slice(cut)) || url.slice(cut).startsWith('#') ? base : url;
}

/** `POST /api/errors`: one report. Longer texts are cut to the limits, never refused. */
export const errorReportSchema = z.object({
  errorType: z.string().trim().min(1, 'Tipo de erro obrigatório').pipe(clip(ERROR_REPORT_LIMITS.type)),
  errorMessage: z.string().min(1, 'Mensagem obrigatória').pipe(clip(ERROR_REPORT_LIMITS.message)),
  pageUrl: clip(ERROR_REPORT_LIMITS.url).transform(redactPageUrl).optional(),
  errorStack: clip(ERROR_REPORT_LIMITS.stack).optional(),
  userAgent: clip(ERROR_REPORT_LIMITS.userAgent).optional(),
  remote: z.string().regex(/^[a-z][a-z0-9-]*$/, 'Nome de remote inválido').max(ERROR_REPORT_LIMITS.remote).optional(),
  version: clip(ERROR_REPORT_LIMITS.version).optional(),
  /** The remote's manifest URL, for remote load failures. */
  manifestUrl: clip(ERROR_REPORT_LIMITS.url).optional(),
  /** The registry entry's `reportToken` of the remote and version blamed (canary guard, issue 21). */
  reportToken: z.string().max(300).optional(),
});
export type ErrorReport = z.input<typeof errorReportSchema>;

/** Answer of `POST /api/errors` (202): the row it was counted in. */
export const errorReportResultSchema = z.object({ id: z.uuid(), count: z.number().int().positive() });

export const systemErrorSchema = z.object({
  id: z.uuid(),
  errorType: z.string(),
  errorMessage: z.string(),
  pageUrl: z.string().nullable(),
  errorStack: z.string().nullable(),
  userAgent: z.string().nullable(),
  remote: z.string().nullable(),
  version: z.string().nullable(),
  source: z.enum(SYSTEM_ERROR_SOURCES),
  fingerprint: z.string(),
  count: z.number().int().positive(),
  createdAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }),
  resolved: z.boolean(),
  resolvedBy: z.uuid().nullable(),
  resolvedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type SystemErrorDto = z.infer<typeof systemErrorSchema>;
export const systemErrorListSchema = z.array(systemErrorSchema);

/**
 * `GET /api/developer/dead-letters` (issue 21): work that failed its last retry, newest first
 * (at most 100): a domain-event handler, the event it failed on, the last error.
 */
export const deadLetterSchema = z.object({
  id: z.uuid(),
  source: z.string(),
  handler: z.string(),
  eventType: z.string().nullable(),
  reference: z.string().nullable(),
  error: z.string(),
  attempts: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type DeadLetter = z.infer<typeof deadLetterSchema>;
export const deadLetterListSchema = z.array(deadLetterSchema);

/**
 * `GET /api/developer/stats` (admin.md 2 developer dashboard): the four stat cards and the
 * database status card's record counts.
 */
export const developerStatsSchema = z.object({
  activeErrors: z.number().int().nonnegative(),
  totalErrors: z.number().int().nonnegative(),
  activeProducts: z.number().int().nonnegative(),
  totalProducts: z.number().int().nonnegative(),
  totalOrders: z.number().int().nonnegative(),
  /** Errors per reporting part and version (Deployments card). */
  errorsByRemote: z.array(z.object({ remote: z.string(), version: z.string().nullable(), errors: z.number().int().nonnegative(), active: z.number().int().nonnegative() })),
});
export type DeveloperStats = z.infer<typeof developerStatsSchema>;

/**
 * Success rate (admin.md 9): the rounded percentage of (1 - unresolved / total), 100 when there
 * is no error.
 */
export function successRate(unresolved: number, total: number): number {
  if (total <= 0) return 100;
  return Math.round((1 - unresolved / total) * 100);
}
