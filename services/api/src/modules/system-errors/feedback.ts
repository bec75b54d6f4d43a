/**
 * Shopper feedback (contracts/feedback.ts): 'Relatar um problema' with an optional e-mail and
 * screenshot, stored with the SHA-256 of the tab's error session id so that the developer area
 * shows it with the issues of that session and the session's latest replay (both looked up when
 * read: a replay sent after the feedback is linked too).
 *
 * The screenshot goes through the store's image checks: its first bytes are sniffed with
 * `file-type` (JPEG, PNG or WebP; anything else 415), and it is decoded and re-encoded by sharp as
 * WebP of at most 1600 px without metadata (no EXIF, no GPS position; a broken image is 415). It is
 * kept in the row, never served publicly. Feedback ages out with the error reports
 * (ERROR_RETENTION_DAYS, the `system-error-retention` job) and goes with an erased account.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { FEEDBACK_LISTED, feedbackInputSchema, type FeedbackDto, type FeedbackInput, type FeedbackList } from '@prata/contracts';
import { NotFoundError } from '../../errors.ts';
import { InvalidImageTypeError } from '../catalogue/index.ts';
import { sessionKeyOf } from '../platform/index.ts';
import { userKeyOf } from './error-intake.ts';
import { ShopperFeedback } from './replay-feedback.entities.ts';

/** Screenshot types accepted, by their sniffed MIME type. */
const SCREENSHOT_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
/** Longest side of a stored screenshot, px. */
const SCREENSHOT_MAX_SIDE = 1600;

/** `bytes` as a WebP screenshot without metadata. @throws InvalidImageTypeError (415). */
export async function screenshotOf(bytes: Buffer): Promise<Buffer> {
  const type = await fileTypeFromBuffer(bytes.subarray(0, 4100));
  if (!type || !SCREENSHOT_TYPES.has(type.mime)) throw new InvalidImageTypeError();
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: SCREENSHOT_MAX_SIDE, height: SCREENSHOT_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
  } catch {
    throw new InvalidImageTypeError();
  }
}

/** Who sent it, as the route knows: the signed-in user (never from the body) and the browser. */
export interface FeedbackSender {
  userId?: string | null | undefined;
  userAgent?: string | undefined;
}

/**
 * Stores one piece of feedback. @throws ZodError (400) for bad fields, InvalidImageTypeError (415)
 * for a screenshot that is not an image. @returns its id.
 */
export async function receiveFeedback(em: EntityManager, input: FeedbackInput, screenshot: Buffer | null, sender: FeedbackSender, now: Date): Promise<string> {
  const data = feedbackInputSchema.parse(input);
  const image = screenshot && screenshot.length > 0 ? await screenshotOf(screenshot) : null;
  const row = em.create(ShopperFeedback, {
    createdAt: now,
    description: data.description,
    email: data.email ?? null,
    pageUrl: data.pageUrl ?? null,
    userAgent: sender.userAgent?.slice(0, 500) ?? null,
    remote: data.remote ?? null,
    sessionKey: data.sessionId ? sessionKeyOf(data.sessionId) : null,
    userKey: sender.userId ? userKeyOf(sender.userId) : null,
    screenshot: image,
  });
  await em.persist(row).flush();
  return row.id;
}

interface FeedbackRow {
  id: string;
  created_at: Date;
  description: string;
  email: string | null;
  page_url: string | null;
  user_agent: string | null;
  remote: string | null;
  session_key: string | null;
  has_screenshot: boolean;
}

/**
 * The newest FEEDBACK_LISTED pieces of feedback, or (with `issueId`) those sent from the sessions
 * that hit that issue; each with its session's issues and latest replayed event.
 */
export async function listFeedback(em: EntityManager, query: { issueId?: string | undefined }): Promise<FeedbackList> {
  const connection = em.getConnection();
  const columns = 'f.id, f.created_at, f.description, f.email, f.page_url, f.user_agent, f.remote, f.session_key, f.screenshot is not null as has_screenshot';
  const rows = query.issueId
    ? await connection.execute<FeedbackRow[]>(
        `select ${columns} from shopper_feedback f where f.session_key in (select session_key from system_error_events where issue_id = ? and session_key is not null) order by f.created_at desc, f.id desc limit ?`,
        [query.issueId, FEEDBACK_LISTED],
      )
    : await connection.execute<FeedbackRow[]>(`select ${columns} from shopper_feedback f order by f.created_at desc, f.id desc limit ?`, [FEEDBACK_LISTED]);
  const keys = [...new Set(rows.flatMap((row) => (row.session_key ? [row.session_key] : [])))];
  const issues = keys.length
    ? await connection.execute<{ session_key: string; id: string; error_type: string; error_message: string; last: Date }[]>(
        `select e.session_key, s.id, s.error_type, s.error_message, max(e.occurred_at) as last from system_error_events e join system_errors s on s.id = e.issue_id
         where e.session_key in (${keys.map(() => '?').join(', ')}) group by e.session_key, s.id order by last desc`,
        keys,
      )
    : [];
  const replays = keys.length
    ? await connection.execute<{ session_key: string; event_id: string; issue_id: string }[]>(
        `select distinct on (e.session_key) e.session_key, e.id as event_id, e.issue_id from system_error_events e join system_error_replays r on r.event_id = e.id
         where e.session_key in (${keys.map(() => '?').join(', ')}) order by e.session_key, e.occurred_at desc`,
        keys,
      )
    : [];
  const replayOf = (key: string | null) => {
    const found = key ? replays.find((replay) => replay.session_key === key) : undefined;
    return found ? { eventId: found.event_id, issueId: found.issue_id } : null;
  };
  const toDto = (row: FeedbackRow): FeedbackDto => ({
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    description: row.description,
    email: row.email,
    pageUrl: row.page_url,
    userAgent: row.user_agent,
    remote: row.remote,
    hasScreenshot: row.has_screenshot,
    issues: issues.filter((issue) => issue.session_key === row.session_key).map((issue) => ({ id: issue.id, errorType: issue.error_type, errorMessage: issue.error_message })),
    replay: replayOf(row.session_key),
  });
  return { items: rows.map(toDto) };
}

/** The screenshot of feedback `id` as a `data:image/webp;base64,` URL. @throws NotFoundError. */
export async function feedbackScreenshot(em: EntityManager, id: string): Promise<{ dataUrl: string }> {
  const row = await em.findOne(ShopperFeedback, { id }, { populate: ['screenshot'] });
  if (!row?.screenshot) throw new NotFoundError('Captura de tela não encontrada');
  return { dataUrl: `data:image/webp;base64,${Buffer.from(row.screenshot).toString('base64')}` };
}

/** Retention: deletes the feedback sent before `cutoff`. @returns how many. */
export function deleteFeedbackOlderThan(em: EntityManager, cutoff: Date): Promise<number> {
  return em.nativeDelete(ShopperFeedback, { createdAt: { $lt: cutoff } });
}
