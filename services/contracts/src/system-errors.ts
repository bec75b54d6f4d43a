/**
 * System error contracts (admin.md 3 system_errors, 7, 9; error capture).
 *
 * Every part of the store reports uncaught errors, unhandled rejections, error-boundary errors
 * and remote load failures with `POST /api/errors` (public, size- and rate-limited); the service
 * records its own 5xx. Developers list and resolve them under `/api/developer/`.
 */
import { z } from 'zod';

/** Who recorded a row: a browser report or the service itself. */
export const SYSTEM_ERROR_SOURCES = ['client', 'server'] as const;

/** Limits of one report, in characters; the route also caps the body at 16 KiB. */
export const ERROR_REPORT_LIMITS = { type: 100, message: 2000, url: 2000, stack: 8000, userAgent: 500, remote: 40, version: 60, breadcrumb: 300, breadcrumbs: 30 } as const;

/**
 * Status of an error issue (after Sentry's issue states): `unresolved` (open),
 * `resolved` (fixed; an event from a version first seen after the resolution reopens it as a
 * regression) and `ignored` (still counted, never reopened).
 */
export const ERROR_ISSUE_STATUSES = ['unresolved', 'resolved', 'ignored'] as const;
export type ErrorIssueStatus = (typeof ERROR_ISSUE_STATUSES)[number];

/** Level of a report: an `error` crashed something; a `warning` was recovered from (e.g. a server render that fell back to the browser). */
export const ERROR_LEVELS = ['error', 'warning'] as const;
export type ErrorLevel = (typeof ERROR_LEVELS)[number];

/** What a breadcrumb records: a route change, an API call, a click, a console message. */
export const BREADCRUMB_CATEGORIES = ['navigation', 'http', 'click', 'console'] as const;

/** Events of one issue kept with their breadcrumbs (the newest; the counts cover them all). */
export const ERROR_EVENTS_KEPT = 20;
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
 * Paths whose last segment is a bearer token: an order's tracking page `/pedido/<token>` and the
 * API call it makes, `/api/order-tracking/<token>` (not `/api/order-tracking/lookup`), and a cart
 * reminder's restore page `/carrinho/recuperar/<token>`.
 */
const TOKEN_PATH = /^((?:[a-z][a-z0-9+.-]*:\/\/[^/?#]*)?(?:\/api\/order-tracking|\/pedido|\/carrinho\/recuperar)\/)(?!lookup(?:[/?#]|$))[^/?#]+/i;

/** `url` with a path token ({@link TOKEN_PATH}) replaced by `:token`, as the route names it: for logs, traces and breadcrumbs. */
export function maskPathTokens(url: string): string {
  return url.replace(TOKEN_PATH, '$1:token');
}

/**
 * A page URL fit to store in an error report: the query string and the
 * fragment are dropped on the pages that receive one-time tokens ({@link TOKEN_PAGES}) and
 * wherever a token parameter appears, so reset, confirmation and owner-setup links never land in
 * `system_errors`; a token in the path (an order's tracking link) is masked ({@link maskPathTokens}).
 * Other URLs are kept as sent. Works on absolute and relative URLs.
 */
export function redactPageUrl(sent: string): string {
  const url = maskPathTokens(sent);
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

/** A W3C trace id: 32 lowercase hex digits, not all zero. */
export const TRACE_ID_PATTERN = /^(?!0{32})[0-9a-f]{32}$/;

/** One breadcrumb: what the page did shortly before an error. */
export const breadcrumbSchema = z.object({
  at: z.iso.datetime({ offset: true }),
  category: z.enum(BREADCRUMB_CATEGORIES),
  message: z.string(),
});
export type Breadcrumb = z.infer<typeof breadcrumbSchema>;
/** A breadcrumb as reported: its message is cut to the limit. */
const breadcrumbInputSchema = breadcrumbSchema.extend({ message: clip(ERROR_REPORT_LIMITS.breadcrumb) });

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
  /** The registry entry's `reportToken` of the remote and version blamed (canary guard). */
  reportToken: z.string().max(300).optional(),
  /** Defaults to `error`. */
  level: z.enum(ERROR_LEVELS).optional(),
  /** The newest {@link ERROR_REPORT_LIMITS}.breadcrumbs breadcrumbs are kept, oldest first. */
  breadcrumbs: z.array(breadcrumbInputSchema).transform((list) => list.slice(-ERROR_REPORT_LIMITS.breadcrumbs)).optional(),
  /**
   * A random id of the browser tab's session (sessionStorage), counted for "users affected" when
   * the reporter is not signed in; the service never stores it as sent (sha256).
   */
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Sessão inválida').optional(),
  /** The W3C trace id of the API call that failed (the error, the request and its SQL share it). */
  traceId: z.string().regex(TRACE_ID_PATTERN, 'Trace inválido').optional(),
});
export type ErrorReport = z.input<typeof errorReportSchema>;

/**
 * Answer of `POST /api/errors` (202): the row it was counted in; for a browser's report also the
 * stored event and a token that lets that browser attach its replay to it
 * (`POST /api/errors/:eventId/replay`).
 */
export const errorReportResultSchema = z.object({
  id: z.uuid(),
  count: z.number().int().positive(),
  eventId: z.uuid().optional(),
  /** HMAC of the event id, valid for {@link REPLAY_UPLOAD_WINDOW_MS}: the `x-replay-token` header of the replay upload. */
  replayToken: z.string().optional(),
});

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
  /** The issue's state; `resolved` above is `status === 'resolved'` (admin.md 3). */
  status: z.enum(ERROR_ISSUE_STATUSES),
  level: z.enum(ERROR_LEVELS),
  /** Versions the issue was seen in, oldest first; `version` is the latest event's. */
  versions: z.array(z.string()),
  /** Distinct signed-in users and anonymous tab sessions that hit it. */
  usersAffected: z.number().int().nonnegative(),
  /** Reopened because it happened again in a version first seen after it was resolved. */
  regression: z.boolean(),
});
export type SystemErrorDto = z.infer<typeof systemErrorSchema>;
export const systemErrorListSchema = z.array(systemErrorSchema);

/** Periods the issue list filters by (last seen within). */
export const ERROR_PERIODS = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 } as const;
/** Orders of the issue list: last seen, events, users affected (each descending). */
export const ERROR_SORTS = ['lastSeen', 'count', 'users'] as const;
export const ERROR_PAGE_SIZE = 25;

/** `GET /api/developer/issues`: filters, order and page of the issue list. */
export const errorIssueQuerySchema = z.object({
  status: z.enum(ERROR_ISSUE_STATUSES).optional(),
  remote: z.string().max(ERROR_REPORT_LIMITS.remote).optional(),
  version: z.string().max(ERROR_REPORT_LIMITS.version).optional(),
  level: z.enum(ERROR_LEVELS).optional(),
  period: z.enum(Object.keys(ERROR_PERIODS) as [keyof typeof ERROR_PERIODS, ...(keyof typeof ERROR_PERIODS)[]]).optional(),
  /** Free text: type, message or page, accent- and case-insensitive. */
  q: z.string().trim().max(200).optional(),
  sort: z.enum(ERROR_SORTS).default('lastSeen'),
  page: z.coerce.number({ error: 'Página inválida' }).int('Página inválida').min(1, 'Página inválida').max(10_000, 'Página inválida').default(1),
  pageSize: z.coerce.number({ error: 'Tamanho de página inválido' }).int().min(1).max(100, 'Tamanho de página inválido').default(ERROR_PAGE_SIZE),
});
export type ErrorIssueQuery = z.input<typeof errorIssueQuerySchema>;
/** A complete issue query (order and page filled in), as the developer area keeps it. */
export type ErrorIssueFilters = z.output<typeof errorIssueQuerySchema>;

export const errorIssuePageSchema = z.object({
  items: z.array(systemErrorSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type ErrorIssuePage = z.infer<typeof errorIssuePageSchema>;

/** One stack frame of an event, mapped to the original source when the release's source maps allow. */
export const stackFrameSchema = z.object({
  file: z.string(),
  line: z.number().int().nullable(),
  column: z.number().int().nullable(),
  function: z.string().nullable(),
  mapped: z.boolean(),
  inApp: z.boolean(),
  /** Lines of the original source from `firstLine` (1-based), around `line`. */
  context: z.object({ firstLine: z.number().int().positive(), lines: z.array(z.string()) }).optional(),
});
export type StackFrameDto = z.infer<typeof stackFrameSchema>;

/** One occurrence of an issue, with what the page did before it. */
export const errorEventSchema = z.object({
  id: z.uuid(),
  occurredAt: z.iso.datetime({ offset: true }),
  version: z.string().nullable(),
  level: z.enum(ERROR_LEVELS),
  message: z.string(),
  pageUrl: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The stack as reported, and as mapped through the release's source maps when available. */
  stack: z.string().nullable(),
  /** The parsed frames, top first (empty without a stack). */
  frames: z.array(stackFrameSchema),
  /** The trace of the API request it came from (see `GET /api/developer/traces/:traceId`), or null. */
  traceId: z.string().nullable(),
  breadcrumbs: z.array(breadcrumbSchema),
  /** A session replay was sent with it (`GET /api/developer/errors/events/:eventId/replay`). */
  hasReplay: z.boolean().optional(),
});
export type ErrorEventDto = z.infer<typeof errorEventSchema>;

/** `GET /api/developer/issues/:id`: the issue and its newest {@link ERROR_EVENTS_KEPT} events. */
export const errorIssueDetailSchema = z.object({ issue: systemErrorSchema, events: z.array(errorEventSchema) });
export type ErrorIssueDetail = z.infer<typeof errorIssueDetailSchema>;

/** One span of a kept trace: times in ms from the trace's first span. */
export const traceSpanSchema = z.object({
  spanId: z.string(),
  parentSpanId: z.string().nullable(),
  name: z.string(),
  kind: z.string(),
  startMs: z.number(),
  durationMs: z.number(),
  error: z.boolean(),
  /** A few attributes: HTTP method, route and status, the SQL text, the job name. */
  attributes: z.record(z.string(), z.string()),
});
export type TraceSpanDto = z.infer<typeof traceSpanSchema>;

/** `GET /api/developer/traces/:traceId`: the service keeps the traces of failed and slow requests and jobs for a while. */
export const traceSchema = z.object({ traceId: z.string(), spans: z.array(traceSpanSchema) });
export type TraceDto = z.infer<typeof traceSchema>;
export const traceParamsSchema = z.object({ traceId: z.string().regex(TRACE_ID_PATTERN, 'Trace inválido') });

/** Apps that upload source maps: the shell and every remote. */
export const SOURCE_MAP_APPS = ['shell', 'storefront', 'checkout', 'admin', 'devtools'] as const;

/** `PUT /api/developer/source-maps/:app/:version` (multipart, one `*.js.map` file per part): the path. */
export const sourceMapUploadParamsSchema = z.object({
  app: z.enum(SOURCE_MAP_APPS, { error: 'App inválido' }),
  version: z.string().regex(/^[0-9A-Za-z][0-9A-Za-z._-]{0,59}$/, 'Versão inválida'),
});
/** Its answer (201): how many maps were stored. */
export const sourceMapUploadResultSchema = z.object({ stored: z.number().int().nonnegative() });

/** `POST /api/developer/issues/:id/status`. */
export const errorIssueStatusSchema = z.object({ status: z.enum(ERROR_ISSUE_STATUSES, { error: 'Status inválido' }) });

/**
 * `GET /api/developer/dead-letters`: work that failed its last retry, newest first
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

/**
 * Session replay on error: the DOM recording (rrweb) of the last {@link REPLAY_WINDOW_MS} before an
 * error, kept in the browser's memory only and sent only with an error report, as
 * `POST /api/errors/:eventId/replay`: a gzip-compressed JSON body `{ events }` (content type
 * `application/octet-stream`) of at most {@link REPLAY_MAX_BYTES}, with the report's `replayToken`.
 */
export const REPLAY_WINDOW_MS = 30_000;
/**
 * The attribute that unmasks an element in recordings: its text and inputs (and its
 * descendants') are recorded as shown; everything else is masked (passwords always).
 */
export const REPLAY_UNMASK_ATTRIBUTE = 'data-replay-unmask';
/** Body limit of a replay upload (gzip-compressed), bytes; beyond it 413. */
export const REPLAY_MAX_BYTES = 1024 * 1024;
/** Largest replay once decompressed, bytes (a gzip bomb stops there: 413). */
export const REPLAY_MAX_UNCOMPRESSED_BYTES = 16 * 1024 * 1024;
/** rrweb events one replay may hold. */
export const REPLAY_MAX_EVENTS = 20_000;
/** How long after its report a replay may be attached to an event, ms. */
export const REPLAY_UPLOAD_WINDOW_MS = 5 * 60_000;

/** One rrweb event (type 0-6: DomContentLoaded, Load, FullSnapshot, IncrementalSnapshot, Meta, Custom, Plugin). */
export const replayEventSchema = z.looseObject({
  type: z.number().int().min(0).max(6),
  timestamp: z.number().int().nonnegative(),
  data: z.unknown(),
});
export type ReplayEvent = z.infer<typeof replayEventSchema>;

/** The decompressed body of a replay upload: events in time order, starting at a full snapshot. */
export const replayUploadSchema = z.object({
  events: z
    .array(replayEventSchema)
    .min(2, 'Gravação vazia')
    .max(REPLAY_MAX_EVENTS, 'Gravação longa demais')
    .refine((events) => events.some((event) => event.type === 2), 'A gravação precisa de um snapshot completo'),
});
export type ReplayUpload = z.infer<typeof replayUploadSchema>;

export const replayParamsSchema = z.object({ eventId: z.uuid({ error: 'Evento inválido' }) });
/** Answer of the upload (201). */
export const replayUploadResultSchema = z.object({ eventId: z.uuid(), events: z.number().int().positive() });

/** `GET /api/developer/errors/events/:eventId/replay`: the recording kept with an event. */
export const errorReplaySchema = z.object({
  eventId: z.uuid(),
  startedAt: z.iso.datetime({ offset: true }),
  endedAt: z.iso.datetime({ offset: true }),
  events: z.array(replayEventSchema),
});
export type ErrorReplay = z.infer<typeof errorReplaySchema>;
