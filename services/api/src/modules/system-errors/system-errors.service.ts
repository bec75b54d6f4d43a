/**
 * System errors as issues (admin.md 3, 4, 7; issue 11 error capture; issue 24 grouping).
 *
 * - `report`: one error from a browser (shell or remote) or from the service itself. Its stack is
 *   parsed, fingerprinted on the frames as reported (issue-grouping.ts) and counted into the issue
 *   with that fingerprint, whatever its age or version. It is never mapped through source maps
 *   here (security review 2026-11-29 #1): when a frame may have a map, a job is asked for
 *   ({@link FrameMapping}) and `mapEvent` later maps the stored event's frames through the
 *   release's maps (a {@link FrameMapper}), rewrites its stack, and the issue's stack when that
 *   report opened it, and publishes `SystemErrorMapped` with the issue. A resolved issue that
 *   comes back from a version first seen after it was resolved reopens as a regression; an
 *   ignored one is counted and stays ignored. Each report also counts into
 *   `system_error_versions` (per version and minute), adds its user or tab session to
 *   `system_error_users` once, and is kept as an event with its breadcrumbs (the newest
 *   ERROR_EVENTS_KEPT per issue). A `SystemErrorRecorded` event carries the issue.
 * - `resolve` / `setStatus`: resolved_by = the calling developer (from the session, never from the
 *   client); `SystemErrorResolved` carries the issue.
 * - `list` (the dashboard's live log: last seen first, 100), `issues` (filters, order, pages),
 *   `issue` (with its events), `stats` (dashboard cards and errors per remote version).
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ERROR_EVENTS_KEPT,
  ERROR_PERIODS,
  SYSTEM_ERRORS_FETCHED,
  errorIssueQuerySchema,
  errorReportSchema,
  type DeveloperStats,
  type ErrorIssueDetail,
  type ErrorIssuePage,
  type ErrorIssueQuery,
  type ErrorIssueStatus,
  type ErrorReport,
  type SystemErrorDto,
  SYSTEM_ERROR_EVENTS,
} from '@prata/contracts';
import { NotFoundError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { Product } from '../catalogue/index.ts';
import type { DomainEventRecord } from '../../events/domain-event.entity.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { User } from '../identity/index.ts';
import { Order } from '../orders/index.ts';
import { sessionKeyOf } from '../platform/index.ts';
import { fingerprintOf, formatFrames, mayBeSourceMapped, parseFrames, type StackFrame } from './issue-grouping.ts';
import { SystemError, SystemErrorEvent } from './system-error.entity.ts';

/**
 * Maps a report's frames to the original sources of the `remote`'s `version` (source-maps.ts),
 * off the request path (`mapEvent`, run by a job). Returns the frames unchanged where no map
 * applies; never throws for a missing map.
 */
export type FrameMapper = (frames: StackFrame[], remote: string | undefined, version: string | undefined) => Promise<StackFrame[]>;

/**
 * What the `source-map-frames` job (index.ts) gets for one stored event: its id, and the manifest
 * URL the report named (kept under the stack, as at ingestion).
 */
export interface FrameMappingJob {
  eventId: string;
  manifestUrl?: string;
}

/**
 * Asks for an event's frames to be mapped later (index.ts: a `source-map-frames` job). Must not
 * throw: a failure to enqueue leaves the event's frames as reported.
 */
export interface FrameMapping {
  enqueue(job: FrameMappingJob): Promise<void>;
}

/** Called for an unhandled error (uncaught, unhandled rejection, error boundary) of a known remote version from a tab session. */
export type CrashListener = (em: EntityManager, crash: { sessionId: string; remote: string; version: string }) => Promise<void>;

/** Report types that crash a session (release health): the error reached no handler of the page. */
export const CRASH_TYPES: readonly string[] = ['uncaught_error', 'unhandled_rejection', 'error_boundary'];

/** Who reported: the caller's user id when signed in, else the tab session id the reporter sent. */
export interface Reporter {
  userId?: string | null | undefined;
}

export function toSystemErrorDto(row: SystemError): SystemErrorDto {
  return {
    id: row.id,
    errorType: row.errorType,
    errorMessage: row.errorMessage,
    pageUrl: row.pageUrl ?? null,
    errorStack: row.errorStack ?? null,
    userAgent: row.userAgent ?? null,
    remote: row.remote ?? null,
    version: row.version ?? null,
    source: row.source,
    fingerprint: row.fingerprint,
    count: row.count,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    resolved: row.resolved,
    resolvedBy: row.resolvedBy?.id ?? null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    status: row.status,
    level: row.level,
    versions: [...row.versions],
    usersAffected: row.usersAffected,
    regression: row.regression,
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Escapes `%`, `_` and `\` for a LIKE pattern. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The remote name of the service's own errors (its 5xx answers, system-errors.plugin.ts): never accepted from a browser's report. */
export const SERVICE_REMOTE = 'api';

/** Whether the store has served `version` of `remote` (a release or its bootstrap entry); see SystemErrorService's constructor. */
export type ServedVersionCheck = (em: EntityManager, remote: string, version: string) => Promise<boolean>;

export class SystemErrorService {
  private readonly events: EventBus;
  private readonly servedVersion: ServedVersionCheck;
  private readonly clock: Clock;
  private readonly mapFrames: FrameMapper;
  private readonly onCrash: CrashListener;
  private frameMapping: FrameMapping | null = null;

  /**
   * Whether a report's `reportToken` was issued for its remote and version (default:
   * never); it may record, in `em`, that the token's client reported.
   */
  private readonly verifyToken: (report: { reportToken?: string | undefined; remote?: string | undefined; version?: string | undefined }, now: Date, em: EntityManager) => boolean | Promise<boolean>;

  constructor(
    events: EventBus,
    clock: Clock,
    verifyToken: SystemErrorService['verifyToken'] = () => false,
    mapFrames: FrameMapper = async (frames) => frames,
    onCrash: CrashListener = async () => undefined,
    /**
     * Whether a browser's report names a version the store served: only such a report reopens a
     * resolved issue as a regression (security review 2026-11-29 #15: an anonymous report with a
     * made-up version reopened any issue). Default: every version.
     */
    servedVersion: ServedVersionCheck = async () => true,
  ) {
    this.servedVersion = servedVersion;
    this.events = events;
    this.clock = clock;
    this.verifyToken = verifyToken;
    this.mapFrames = mapFrames;
    this.onCrash = onCrash;
  }

  /** Where reports whose frames may have source maps ask for their mapping (none until set: frames stay as reported). */
  setFrameMapping(frameMapping: FrameMapping): void {
    this.frameMapping = frameMapping;
  }

  /**
   * Records one error into its issue. @throws ZodError for a malformed report. Texts longer than
   * the limits are cut. @returns the issue after counting the report.
   */
  async report(em: EntityManager, input: ErrorReport, source: 'client' | 'server', reporter: Reporter = {}): Promise<SystemErrorDto> {
    const data = errorReportSchema.parse(input);
    const now = this.clock.now();
    // Only verified reports count for a canary (issue 21); they share the issue with the others.
    const verified = source === 'client' && (await this.verifyToken(data, now, em));
    // As reported: source maps are applied later, by a job (mapEvent).
    const frames = parseFrames(data.errorStack);
    const fingerprint = fingerprintOf({ errorType: data.errorType, errorMessage: data.errorMessage, frames, remote: data.remote });
    const stack = [data.errorStack, data.manifestUrl ? `manifest: ${data.manifestUrl}` : undefined].filter(Boolean).join('\n') || null;
    const level = data.level ?? 'error';
    const userKey = reporter.userId ? sha256(`user:${reporter.userId}`) : data.sessionId ? sessionKeyOf(data.sessionId) : null;
    const records: DomainEventRecord[] = [];
    let eventId = '';
    const row = await em.transactional(async (tx) => {
      const connection = tx.getConnection();
      const context = tx.getTransactionContext();
      // One writer per fingerprint at a time, so a burst is counted into one row.
      await connection.execute('select pg_advisory_xact_lock(hashtext(?))', [fingerprint], 'all', context);
      let issue = await tx.findOne(SystemError, { fingerprint });
      if (!issue) {
        issue = tx.create(SystemError, {
          errorType: data.errorType,
          errorMessage: data.errorMessage,
          pageUrl: data.pageUrl ?? null,
          errorStack: stack,
          userAgent: data.userAgent ?? null,
          remote: data.remote ?? null,
          version: data.version ?? null,
          source,
          fingerprint,
          count: 1,
          createdAt: now,
          lastSeenAt: now,
          resolved: false,
          verified,
          status: 'unresolved',
          level,
          versions: data.version ? [data.version] : [],
          resolvedVersions: [],
          usersAffected: 0,
          regression: false,
        });
      } else {
        issue.count += 1;
        issue.lastSeenAt = now;
        if (data.version) issue.version = data.version;
        if (data.version && !issue.versions.includes(data.version)) issue.versions = [...issue.versions, data.version];
        if (level === 'error') issue.level = 'error';
        if (verified) issue.verified = true;
        // Back in a version first seen after it was resolved: a regression. A browser's report must
        // name a version the store served (the service's own errors are trusted as they are).
        const reopens =
          issue.status === 'resolved' &&
          (source === 'server'
            ? !data.version || !issue.resolvedVersions.includes(data.version)
            : Boolean(data.version && data.remote) && !issue.resolvedVersions.includes(data.version!) && (await this.servedVersion(tx, data.remote!, data.version!)));
        if (reopens) {
          issue.status = 'unresolved';
          issue.resolved = false;
          issue.regression = true;
          issue.resolvedBy = null;
          issue.resolvedAt = null;
        }
      }
      await tx.flush();
      await connection.execute(
        `insert into system_error_versions (issue_id, version, verified, minute, count, first_seen_at, last_seen_at) values (?, ?, ?, date_trunc('minute', ?::timestamptz), 1, ?, ?)
         on conflict (issue_id, version, verified, minute) do update set count = system_error_versions.count + 1, last_seen_at = excluded.last_seen_at`,
        [issue.id, data.version ?? '', verified, now, now, now],
        'all',
        context,
      );
      if (userKey) {
        const added = await connection.execute<unknown[]>(
          'insert into system_error_users (issue_id, user_key) values (?, ?) on conflict do nothing returning 1',
          [issue.id, userKey],
          'all',
          context,
        );
        if (added.length > 0) {
          issue.usersAffected += 1;
        }
      }
      eventId = tx.create(SystemErrorEvent, {
        issue,
        occurredAt: now,
        version: data.version ?? null,
        level,
        message: data.errorMessage,
        pageUrl: data.pageUrl ?? null,
        userAgent: data.userAgent ?? null,
        stack,
        frames,
        traceId: data.traceId ?? null,
        breadcrumbs: data.breadcrumbs ?? [],
      }).id;
      await tx.flush();
      await connection.execute(
        `delete from system_error_events where issue_id = ? and id not in (select id from system_error_events where issue_id = ? order by occurred_at desc, id desc limit ?)`,
        [issue.id, issue.id, ERROR_EVENTS_KEPT],
        'all',
        context,
      );
      records.push(this.events.record(tx, { type: SYSTEM_ERROR_EVENTS.recorded, aggregateId: issue.id, payload: toSystemErrorDto(issue) }));
      return issue;
    });
    await this.events.publish(em, records);
    if (this.frameMapping && frames.some(mayBeSourceMapped)) await this.frameMapping.enqueue({ eventId, ...(data.manifestUrl ? { manifestUrl: data.manifestUrl } : {}) });
    if (source === 'client' && level === 'error' && data.sessionId && data.remote && data.version && CRASH_TYPES.includes(data.errorType)) {
      await this.onCrash(em, { sessionId: data.sessionId, remote: data.remote, version: data.version });
    }
    return toSystemErrorDto(row);
  }

  /**
   * Maps the frames of one stored event through the source maps (the `source-map-frames` job;
   * security review 2026-11-29 #1), with the issue's remote and the event's version: its frames
   * and stack become the mapped ones (as `report` stored them before the review), the issue's
   * stack too when it is still this event's (the report that opened the issue), and a
   * `SystemErrorMapped` event carries the issue (the developer area refreshes). The fingerprint and
   * counts do not change. @returns whether any frame was mapped (false: the event is gone, e.g.
   * past the ERROR_EVENTS_KEPT newest, was mapped already, or no map applies).
   */
  async mapEvent(em: EntityManager, job: FrameMappingJob): Promise<boolean> {
    const event = await em.findOne(SystemErrorEvent, { id: job.eventId }, { populate: ['issue'] });
    if (!event || event.frames.some((frame) => frame.mapped)) return false;
    const reportedStack = event.stack ?? null;
    const frames = await this.mapFrames(event.frames, event.issue.remote ?? undefined, event.version ?? undefined).catch(() => event.frames);
    if (!frames.some((frame) => frame.mapped)) return false;
    const stack = [formatFrames(frames), job.manifestUrl ? `manifest: ${job.manifestUrl}` : undefined].filter(Boolean).join('\n');
    const records: DomainEventRecord[] = [];
    await em.transactional(async (tx) => {
      const connection = tx.getConnection();
      const context = tx.getTransactionContext();
      const updated = await tx.nativeUpdate(SystemErrorEvent, { id: event.id }, { frames, stack });
      if (updated === 0) return;
      await connection.execute('update system_errors set error_stack = ? where id = ? and error_stack is not distinct from ?', [stack, event.issue.id, reportedStack], 'run', context);
      const issue = await tx.findOneOrFail(SystemError, { id: event.issue.id }, { refresh: true });
      records.push(this.events.record(tx, { type: SYSTEM_ERROR_EVENTS.mapped, aggregateId: issue.id, payload: toSystemErrorDto(issue) }));
    });
    await this.events.publish(em, records);
    return records.length > 0;
  }

  /** Retention (issue 21): deletes the issues last seen before `cutoff` and older per-minute counts. @returns how many issues. */
  async deleteOlderThan(em: EntityManager, cutoff: Date): Promise<number> {
    await em.getConnection().execute('delete from system_error_versions where last_seen_at < ?', [cutoff]);
    return em.nativeDelete(SystemError, { lastSeenAt: { $lt: cutoff } });
  }

  /** The dashboard's live log (admin.md 7, 9): the 100 issues seen last. */
  async list(em: EntityManager): Promise<SystemErrorDto[]> {
    const rows = await em.find(SystemError, {}, { orderBy: { lastSeenAt: 'desc', id: 'desc' }, limit: SYSTEM_ERRORS_FETCHED });
    return rows.map(toSystemErrorDto);
  }

  /**
   * The issue list (issue 24): filtered by status, remote, version (seen in), level, period (last
   * seen within) and free text (type, message or page; accents and case ignored), ordered by last
   * seen, events or users affected (descending), a page at a time. @throws ZodError for a bad query.
   */
  async issues(em: EntityManager, query: ErrorIssueQuery): Promise<ErrorIssuePage> {
    const q = errorIssueQuerySchema.parse(query);
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (condition: string, ...values: unknown[]) => {
      where.push(condition);
      params.push(...values);
    };
    if (q.status) add('status = ?', q.status);
    if (q.remote) add('remote = ?', q.remote);
    if (q.version) add('? = any(versions)', q.version);
    if (q.level) add('level = ?', q.level);
    if (q.period) add('last_seen_at >= ?', new Date(this.clock.now().getTime() - ERROR_PERIODS[q.period]));
    if (q.q) {
      const pattern = `%${likeEscape(q.q)}%`;
      add(`(unaccent(error_type) ilike unaccent(?) or unaccent(error_message) ilike unaccent(?) or unaccent(coalesce(page_url, '')) ilike unaccent(?))`, pattern, pattern, pattern);
    }
    const filter = where.length > 0 ? `where ${where.join(' and ')}` : '';
    const order = { lastSeen: 'last_seen_at desc', count: 'count desc, last_seen_at desc', users: 'users_affected desc, last_seen_at desc' }[q.sort];
    const connection = em.getConnection();
    const [ids, [total]] = await Promise.all([
      connection.execute<{ id: string }[]>(`select id from system_errors ${filter} order by ${order}, id limit ? offset ?`, [...params, q.pageSize, (q.page - 1) * q.pageSize]),
      connection.execute<{ total: number }[]>(`select count(*)::int as total from system_errors ${filter}`, params),
    ]);
    const rows = await em.find(SystemError, { id: { $in: ids.map((row) => row.id) } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return { items: ids.flatMap((row) => (byId.has(row.id) ? [toSystemErrorDto(byId.get(row.id) as SystemError)] : [])), total: total?.total ?? 0, page: q.page, pageSize: q.pageSize };
  }

  /** One issue with its newest events, newest first. @throws NotFoundError. */
  async issue(em: EntityManager, id: string): Promise<ErrorIssueDetail> {
    const issue = await em.findOne(SystemError, { id });
    if (!issue) throw new NotFoundError('Erro não encontrado');
    const events = await em.find(SystemErrorEvent, { issue: id }, { orderBy: { occurredAt: 'desc', id: 'desc' } });
    return {
      issue: toSystemErrorDto(issue),
      events: events.map((event) => ({
        id: event.id,
        occurredAt: event.occurredAt.toISOString(),
        version: event.version ?? null,
        level: event.level,
        message: event.message,
        pageUrl: event.pageUrl ?? null,
        userAgent: event.userAgent ?? null,
        stack: event.stack ?? null,
        frames: event.frames,
        traceId: event.traceId ?? null,
        breadcrumbs: event.breadcrumbs,
      })),
    };
  }

  /** Marks an error resolved by `userId` (admin.md 4). @throws NotFoundError. */
  async resolve(em: EntityManager, id: string, userId: string): Promise<SystemErrorDto> {
    return this.setStatus(em, id, 'resolved', userId);
  }

  /**
   * Sets an issue's status (issue 24). Resolving records the developer, the time and the versions
   * seen so far (a later event from another version reopens it as a regression); reopening or
   * ignoring clears the resolution. @throws NotFoundError.
   */
  async setStatus(em: EntityManager, id: string, status: ErrorIssueStatus, userId: string): Promise<SystemErrorDto> {
    const records: DomainEventRecord[] = [];
    const row = await em.transactional(async (tx) => {
      const found = await tx.findOne(SystemError, { id });
      if (!found) throw new NotFoundError('Erro não encontrado');
      if (found.status === status) return found;
      found.status = status;
      found.resolved = status === 'resolved';
      if (status === 'resolved') {
        found.resolvedBy = tx.getReference(User, userId);
        found.resolvedAt = this.clock.now();
        found.resolvedVersions = [...found.versions];
      } else {
        found.resolvedBy = null;
        found.resolvedAt = null;
        found.regression = false;
      }
      await tx.flush();
      records.push(this.events.record(tx, { type: SYSTEM_ERROR_EVENTS.resolved, aggregateId: found.id, payload: toSystemErrorDto(found) }));
      return found;
    });
    await this.events.publish(em, records);
    return toSystemErrorDto(row);
  }

  /** Counts for the developer dashboard (admin.md 2). */
  async stats(em: EntityManager): Promise<DeveloperStats> {
    const [totalErrors, activeErrors, totalProducts, activeProducts, totalOrders] = await Promise.all([
      em.count(SystemError, {}),
      em.count(SystemError, { status: 'unresolved' }),
      em.count(Product, {}),
      em.count(Product, { stock: { $gt: 0 } }),
      em.count(Order, {}),
    ]);
    const byRemote = await em
      .getConnection()
      .execute<{ remote: string; version: string | null; errors: string; active: string }[]>(
        `select coalesce(e.remote, 'desconhecido') as remote, nullif(v.version, '') as version, sum(v.count) as errors,
                sum(case when e.status = 'unresolved' then v.count else 0 end) as active
         from system_error_versions v join system_errors e on e.id = v.issue_id group by 1, 2 order by 1, 2`,
      );
    return {
      activeErrors,
      totalErrors,
      activeProducts,
      totalProducts,
      totalOrders,
      errorsByRemote: byRemote.map((row) => ({ remote: row.remote, version: row.version, errors: Number(row.errors), active: Number(row.active) })),
    };
  }
}
