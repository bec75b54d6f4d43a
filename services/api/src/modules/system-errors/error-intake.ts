/**
 * Taking one error report into its issue: its stack is parsed, fingerprinted on the frames as
 * reported (issue-grouping.ts) and counted into the issue with that fingerprint, whatever its age
 * or version. It is never mapped through source maps here (security review 2026-11-29 #1): when a
 * frame may have a map, a job is asked for (frame-mapping.ts). A resolved issue that comes back
 * from a version first seen after it was resolved reopens as a regression; an ignored one is
 * counted and stays ignored. Each report also counts into `system_error_versions` (per version and
 * minute), adds its user or tab session to `system_error_users` once, and is kept as an event with
 * its breadcrumbs (the newest ERROR_EVENTS_KEPT per issue). A `SystemErrorRecorded` event carries
 * the issue.
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ERROR_EVENTS_KEPT, SYSTEM_ERROR_EVENTS, errorReportSchema, type ErrorReport, type SystemErrorDto } from '@prata/contracts';
import type { DomainEventRecord } from '../../events/domain-event.entity.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { Clock } from '../../lib/clock.ts';
import { sessionKeyOf } from '../platform/index.ts';
import type { FrameMapping } from './frame-mapping.ts';
import { fingerprintOf, mayBeSourceMapped, parseFrames } from './issue-grouping.ts';
import { toSystemErrorDto } from './system-error-dto.ts';
import { SystemError, SystemErrorEvent } from './system-error.entity.ts';

/** Called for an unhandled error (uncaught, unhandled rejection, error boundary) of a known remote version from a tab session. */
export type CrashListener = (em: EntityManager, crash: { sessionId: string; remote: string; version: string; address: string | null }) => Promise<void>;

/** Report types that crash a session (release health): the error reached no handler of the page. */
export const CRASH_TYPES: readonly string[] = ['uncaught_error', 'unhandled_rejection', 'error_boundary'];

/** Who reported: the caller's user id when signed in, else the tab session id the reporter sent; and the address it came from. */
export interface Reporter {
  userId?: string | null | undefined;
  /** The caller's address key (an IPv4 address, an IPv6 /64): release health counts crashes per address. */
  address?: string | null | undefined;
}

/** Whether the store has served `version` of `remote` (a release or its bootstrap entry); see SystemErrorService's constructor. */
export type ServedVersionCheck = (em: EntityManager, remote: string, version: string) => Promise<boolean>;

/**
 * Whether a report's `reportToken` was issued for its remote and version (default:
 * never); it may record, in `em`, that the token's client reported.
 */
export type ReportTokenCheck = (report: { reportToken?: string | undefined; remote?: string | undefined; version?: string | undefined }, now: Date, em: EntityManager) => boolean | Promise<boolean>;

/** What taking a report in uses: the event bus, the clock, the checks and listeners the service was built with. */
export interface ReportIntake {
  events: EventBus;
  clock: Clock;
  verifyToken: ReportTokenCheck;
  /**
   * Whether a browser's report names a version the store served: only such a report reopens a
   * resolved issue as a regression (security review 2026-11-29 #15: an anonymous report with a
   * made-up version reopened any issue). Default: every version.
   */
  servedVersion: ServedVersionCheck;
  onCrash: CrashListener;
  /** Where reports whose frames may have source maps ask for their mapping (null: frames stay as reported). */
  frameMapping: FrameMapping | null;
}

/** A recorded report: its issue, and the id of the event kept for it (a replay attaches to it). */
export type RecordedReport = SystemErrorDto & { eventId: string };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The key a signed-in user's reports are counted and found by (`system_error_users`, events): hex SHA-256. */
export const userKeyOf = (userId: string): string => sha256(`user:${userId}`);

/**
 * Records one error into its issue. @throws ZodError for a malformed report. Texts longer than
 * the limits are cut. @returns the issue after counting the report.
 */
export async function recordReport(intake: ReportIntake, em: EntityManager, input: ErrorReport, source: 'client' | 'server', reporter: Reporter = {}): Promise<RecordedReport> {
  const data = errorReportSchema.parse(input);
  const now = intake.clock.now();
  // Only verified reports count for a canary; they share the issue with the others.
  const verified = source === 'client' && (await intake.verifyToken(data, now, em));
  // As reported: source maps are applied later, by a job (mapEvent).
  const frames = parseFrames(data.errorStack);
  const fingerprint = fingerprintOf({ errorType: data.errorType, errorMessage: data.errorMessage, frames, remote: data.remote });
  const stack = [data.errorStack, data.manifestUrl ? `manifest: ${data.manifestUrl}` : undefined].filter(Boolean).join('\n') || null;
  const level = data.level ?? 'error';
  const userKey = reporter.userId ? userKeyOf(reporter.userId) : data.sessionId ? sessionKeyOf(data.sessionId) : null;
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
          : Boolean(data.version && data.remote) && !issue.resolvedVersions.includes(data.version!) && (await intake.servedVersion(tx, data.remote!, data.version!)));
      if (reopens) {
        issue.status = 'unresolved';
        issue.resolved = false;
        issue.regression = true;
        issue.regressedAt = now;
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
      userKey,
      sessionKey: data.sessionId ? sessionKeyOf(data.sessionId) : null,
    }).id;
    await tx.flush();
    await connection.execute(
      `delete from system_error_events where issue_id = ? and id not in (select id from system_error_events where issue_id = ? order by occurred_at desc, id desc limit ?)`,
      [issue.id, issue.id, ERROR_EVENTS_KEPT],
      'all',
      context,
    );
    records.push(intake.events.record(tx, { type: SYSTEM_ERROR_EVENTS.recorded, aggregateId: issue.id, payload: toSystemErrorDto(issue) }));
    return issue;
  });
  await intake.events.publish(em, records);
  if (intake.frameMapping && frames.some(mayBeSourceMapped)) await intake.frameMapping.enqueue({ eventId, ...(data.manifestUrl ? { manifestUrl: data.manifestUrl } : {}) });
  if (source === 'client' && level === 'error' && data.sessionId && data.remote && data.version && CRASH_TYPES.includes(data.errorType)) {
    await intake.onCrash(em, { sessionId: data.sessionId, remote: data.remote, version: data.version, address: reporter.address ?? null });
  }
  return { ...toSystemErrorDto(row), eventId };
}
