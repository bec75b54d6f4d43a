/**
 * Shopper feedback ('Relatar um problema', in the store's footer and on a remote's error
 * fallback): a description, an optional e-mail and an optional screenshot, tied to the browser
 * tab's error session (the `sessionId` error reports carry), so the developer area shows it with
 * the issues that session hit and the session's latest replay.
 *
 * `POST /api/feedback` (public, multipart/form-data: the text fields below and an optional
 * `screenshot` file part, JPEG, PNG or WebP by its first bytes, at most
 * {@link FEEDBACK_SCREENSHOT_MAX_BYTES}; {@link FEEDBACK_PER_MINUTE} per client IP).
 */
import { z } from 'zod';
import { redactPageUrl } from './system-errors.ts';

/** Limits of one piece of feedback, in characters. */
export const FEEDBACK_LIMITS = { description: 2000, email: 254, url: 2000, remote: 40 } as const;
/** Largest screenshot, bytes (413 beyond). */
export const FEEDBACK_SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;
/** Feedback one client IP may send per minute (429 beyond). */
export const FEEDBACK_PER_MINUTE = 5;
/** Feedback the developer area's list shows (newest first). */
export const FEEDBACK_LISTED = 100;

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** The text fields of `POST /api/feedback`. */
export const feedbackInputSchema = z.object({
  description: z.string({ error: 'Descreva o problema' }).trim().min(5, 'Descreva o problema (ao menos 5 caracteres)').max(FEEDBACK_LIMITS.description, `Até ${FEEDBACK_LIMITS.description} caracteres`),
  email: z.preprocess(emptyToUndefined, z.string().trim().toLowerCase().max(FEEDBACK_LIMITS.email, 'E-mail muito longo').pipe(z.email({ error: 'E-mail inválido' })).optional()),
  /** The tab's error session id (error-reporting's `errorSessionId()`); stored only as its SHA-256. */
  sessionId: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Sessão inválida').optional()),
  /** The page it was sent from; one-time tokens are dropped as in error reports. */
  pageUrl: z.preprocess(emptyToUndefined, z.string().max(FEEDBACK_LIMITS.url, 'Endereço longo demais').transform(redactPageUrl).optional()),
  /** The remote whose error fallback it was sent from, if any. */
  remote: z.preprocess(emptyToUndefined, z.string().regex(/^[a-z][a-z0-9-]*$/, 'Nome de remote inválido').max(FEEDBACK_LIMITS.remote).optional()),
});
export type FeedbackInput = z.input<typeof feedbackInputSchema>;

/** Answer of `POST /api/feedback` (201). */
export const feedbackResultSchema = z.object({ id: z.uuid() });

/** An issue a piece of feedback's session hit. */
export const feedbackIssueSchema = z.object({ id: z.uuid(), errorType: z.string(), errorMessage: z.string() });

/** One piece of feedback as the developer area shows it. */
export const feedbackSchema = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime({ offset: true }),
  description: z.string(),
  email: z.string().nullable(),
  pageUrl: z.string().nullable(),
  userAgent: z.string().nullable(),
  remote: z.string().nullable(),
  hasScreenshot: z.boolean(),
  /** The issues of its session (events reported with the same error session id), newest first. */
  issues: z.array(feedbackIssueSchema),
  /** The session's latest error event that has a replay (and its issue), or null. */
  replay: z.object({ eventId: z.uuid(), issueId: z.uuid() }).nullable(),
});
export type FeedbackDto = z.infer<typeof feedbackSchema>;

/** `GET /api/developer/feedback?issueId=`: the newest feedback, or that of an issue's sessions. */
export const feedbackQuerySchema = z.object({ issueId: z.uuid({ error: 'Erro inválido' }).optional() });
export const feedbackListSchema = z.object({ items: z.array(feedbackSchema) });
export type FeedbackList = z.infer<typeof feedbackListSchema>;

/** `GET /api/developer/feedback/:id/screenshot`: the screenshot as a `data:` URL (WebP, re-encoded without metadata). */
export const feedbackScreenshotSchema = z.object({ dataUrl: z.string() });
export const feedbackParamsSchema = z.object({ id: z.uuid({ error: 'Identificador inválido' }) });
