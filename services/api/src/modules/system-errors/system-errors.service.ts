/**
 * System errors as issues (admin.md 3, 4, 7): errors from browsers and the service, captured and
 * grouped by fingerprint.
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
 *
 * Taking a report in is error-intake.ts, mapping its frames frame-mapping.ts, the reads
 * error-issues.ts; this service holds the dependencies and the status changes.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { SYSTEM_ERROR_EVENTS, type DeveloperStats, type ErrorIssueDetail, type ErrorIssuePage, type ErrorIssueQuery, type ErrorIssueStatus, type ErrorReport, type SystemErrorDto } from '@prata/contracts';
import { NotFoundError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainEventRecord } from '../../events/domain-event.entity.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { User } from '../identity/index.ts';
import { recordReport, type CrashListener, type RecordedReport, type ReportTokenCheck, type Reporter, type ServedVersionCheck } from './error-intake.ts';
import { developerStats, issueDetail, issuePage, latestIssues } from './error-issues.ts';
import { mapEventFrames, type FrameMapper, type FrameMapping, type FrameMappingJob } from './frame-mapping.ts';
import { toSystemErrorDto } from './system-error-dto.ts';
import { SystemError } from './system-error.entity.ts';

export type { FrameMapper, FrameMapping, FrameMappingJob } from './frame-mapping.ts';

/** The remote name of the service's own errors (its 5xx answers, system-errors.plugin.ts): never accepted from a browser's report. */
export const SERVICE_REMOTE = 'api';

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
  private readonly verifyToken: ReportTokenCheck;

  constructor(
    events: EventBus,
    clock: Clock,
    verifyToken: ReportTokenCheck = () => false,
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
  report(em: EntityManager, input: ErrorReport, source: 'client' | 'server', reporter: Reporter = {}): Promise<RecordedReport> {
    const intake = { events: this.events, clock: this.clock, verifyToken: this.verifyToken, servedVersion: this.servedVersion, onCrash: this.onCrash, frameMapping: this.frameMapping };
    return recordReport(intake, em, input, source, reporter);
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
  mapEvent(em: EntityManager, job: FrameMappingJob): Promise<boolean> {
    return mapEventFrames(em, job, this.mapFrames, this.events);
  }

  /** Retention (the table stays bounded): deletes the issues last seen before `cutoff` and older per-minute counts. @returns how many issues. */
  async deleteOlderThan(em: EntityManager, cutoff: Date): Promise<number> {
    await em.getConnection().execute('delete from system_error_versions where last_seen_at < ?', [cutoff]);
    return em.nativeDelete(SystemError, { lastSeenAt: { $lt: cutoff } });
  }

  /** The dashboard's live log (admin.md 7, 9): the 100 issues seen last. */
  list(em: EntityManager): Promise<SystemErrorDto[]> {
    return latestIssues(em);
  }

  /**
   * The issue list: filtered by status, remote, version (seen in), level, period (last
   * seen within) and free text (type, message or page; accents and case ignored), ordered by last
   * seen, events or users affected (descending), a page at a time. @throws ZodError for a bad query.
   */
  issues(em: EntityManager, query: ErrorIssueQuery): Promise<ErrorIssuePage> {
    return issuePage(em, query, this.clock);
  }

  /** One issue with its newest events, newest first. @throws NotFoundError. */
  issue(em: EntityManager, id: string): Promise<ErrorIssueDetail> {
    return issueDetail(em, id);
  }

  /** Marks an error resolved by `userId` (admin.md 4). @throws NotFoundError. */
  async resolve(em: EntityManager, id: string, userId: string): Promise<SystemErrorDto> {
    return this.setStatus(em, id, 'resolved', userId);
  }

  /**
   * Sets an issue's status. Resolving records the developer, the time and the versions
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
  stats(em: EntityManager): Promise<DeveloperStats> {
    return developerStats(em);
  }
}
