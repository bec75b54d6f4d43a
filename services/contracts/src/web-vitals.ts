/**
 * Real-user performance and release health (Web Vitals as the `web-vitals` library
 * measures them, release health after Sentry's).
 *
 * - Each page load sends its Web Vitals with `POST /api/vitals` (a beacon, `text/plain` JSON):
 *   the tab's session id, the route pattern, the remotes and versions on the page, and the metrics
 *   (LCP, INP, TTFB, FCP in ms; CLS unitless). The service keeps a sampled share of sessions
 *   (`WEB_VITALS_SAMPLE_RATE`) and aggregates per remote version and route.
 * - A session is a browser tab's error session; it is crashed when an unhandled error (uncaught,
 *   unhandled rejection, error boundary) of that remote version was reported from it. A user is a
 *   browser (its `prata_client` id, sent with the vitals), crashed when one of its sessions was.
 * - `GET /api/developer/release-health?remote=`: per version, sessions, crash-free sessions,
 *   adoption and p75 Web Vitals; `GET /api/developer/web-vitals?remote=&version=`: p75 and p95 per
 *   day, route and metric.
 */
import { z } from 'zod';
import { CLIENT_ID_PATTERN } from './client-id.ts';

export const WEB_VITAL_NAMES = ['LCP', 'INP', 'CLS', 'TTFB', 'FCP'] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];

/** Parts of the store a page can be made of. */
export const VITALS_APPS = ['shell', 'storefront', 'checkout', 'admin', 'devtools'] as const;

/** Largest value accepted per metric (ms; CLS unitless): beyond, the sample is a broken clock, not a page. */
export const WEB_VITAL_MAX: Record<WebVitalName, number> = { LCP: 120_000, INP: 60_000, CLS: 100, TTFB: 120_000, FCP: 120_000 };

/** `POST /api/vitals`: one page load's metrics. */
export const webVitalsBeaconSchema = z.object({
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Sessão inválida'),
  /** The browser's client id (`prata_client`): counts users (browsers) beside sessions. */
  clientId: z.string().regex(CLIENT_ID_PATTERN, 'Cliente inválido').optional(),
  /** The registry route pattern the page matched, e.g. `/produtos/*`. */
  route: z.string().trim().min(1).max(120),
  remotes: z
    .array(
      z.object({
        name: z.enum(VITALS_APPS),
        version: z.string().regex(/^[0-9A-Za-z][0-9A-Za-z._-]{0,59}$/, 'Versão inválida'),
        /** The registry's canary report token for this remote and version: only samples carrying one count for the canary guard. */
        reportToken: z.string().max(300).optional(),
      }),
    )
    .min(1)
    .max(6),
  metrics: z
    .array(z.object({ name: z.enum(WEB_VITAL_NAMES), value: z.number().finite().nonnegative() }))
    .min(1)
    .max(10)
    .refine((metrics) => metrics.every((metric) => metric.value <= WEB_VITAL_MAX[metric.name]), 'Valor de métrica fora do intervalo'),
});
export type WebVitalsBeacon = z.infer<typeof webVitalsBeaconSchema>;

/** p75 of each metric (null without samples). */
export const vitalsSummarySchema = z.object(Object.fromEntries(WEB_VITAL_NAMES.map((name) => [name, z.number().nullable()])) as Record<WebVitalName, z.ZodNullable<z.ZodNumber>>);
export type VitalsSummary = z.infer<typeof vitalsSummarySchema>;

/** One version's health (the window is {@link RELEASE_HEALTH_DAYS} days). */
export const releaseHealthVersionSchema = z.object({
  version: z.string(),
  /** The registry's active version, or the canary's. */
  state: z.enum(['active', 'canary', 'previous']),
  sessions: z.number().int().nonnegative(),
  crashedSessions: z.number().int().nonnegative(),
  /** Percentage of sessions without a crash (100 without sessions). */
  crashFreeRate: z.number(),
  /** Browsers (client ids) seen, and those with at least one crashed session. */
  users: z.number().int().nonnegative(),
  crashedUsers: z.number().int().nonnegative(),
  /** Percentage of users without a crash (100 without users). */
  crashFreeUsersRate: z.number(),
  /** Share of the remote's sessions of the last 24 h on this version, percent. */
  adoption: z.number(),
  p75: vitalsSummarySchema,
});
export type ReleaseHealthVersion = z.infer<typeof releaseHealthVersionSchema>;

export const RELEASE_HEALTH_DAYS = 7;

/** `GET /api/developer/release-health?remote=`: the active, canary and previous versions side by side. */
export const releaseHealthSchema = z.object({ remote: z.string(), versions: z.array(releaseHealthVersionSchema) });
export type ReleaseHealth = z.infer<typeof releaseHealthSchema>;

/** `GET /api/developer/web-vitals`: p75 and p95 per day, route and metric of one version. */
export const webVitalsSeriesSchema = z.array(
  z.object({ day: z.iso.date(), route: z.string(), metric: z.enum(WEB_VITAL_NAMES), samples: z.number().int(), p75: z.number(), p95: z.number() }),
);
export type WebVitalsSeries = z.infer<typeof webVitalsSeriesSchema>;

/** Query of the two developer routes. */
export const releaseHealthQuerySchema = z.object({
  remote: z.enum(['storefront', 'checkout', 'admin', 'devtools'], { error: 'Remote inválido' }),
  version: z.string().max(60).optional(),
});

