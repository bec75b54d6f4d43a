/**
 * System errors (admin.md 3, 4, 7; issue 11 error capture).
 *
 * - `report`: one error from a browser (shell or remote) or from the service itself. Reports with
 *   the same fingerprint (type, message with numbers and ids masked, first stack frame, remote)
 *   that arrive within the de-duplication window of an unresolved row increment its `count`;
 *   otherwise a new row is written. Either way a `SystemErrorRecorded` event carries the row (the
 *   developer dashboard inserts or replaces it).
 * - `resolve`: resolved = true, resolved_by = the calling developer (from the session, never from
 *   the client); `SystemErrorResolved` carries the row.
 * - `list` (newest 100), `stats` (dashboard cards and errors per remote version).
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  SYSTEM_ERRORS_FETCHED,
  errorReportSchema,
  type DeveloperStats,
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
import { SystemError } from './system-error.entity.ts';


/** Masks what varies between occurrences of one error: ids, hex, numbers. */
function normaliseMessage(message: string): string {
  return message
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\b0x[0-9a-f]+\b|\b[0-9a-f]{16,}\b/gi, '<hex>')
    .replace(/\d+/g, '<n>')
    .trim();
}

/** The first frame of a stack trace (line/column masked), or ''. */
function firstFrame(stack: string | undefined): string {
  const frame = stack?.split('\n').find((line) => /^\s*at\s|@/.test(line)) ?? '';
  return frame.replace(/:\d+:\d+\)?\s*$/, '').trim();
}

/** sha256 hex of what identifies one error. */
export function fingerprintOf(report: { errorType: string; errorMessage: string; errorStack?: string | undefined; remote?: string | undefined }): string {
  return createHash('sha256')
    .update([report.errorType, normaliseMessage(report.errorMessage), firstFrame(report.errorStack), report.remote ?? ''].join('\u0000'))
    .digest('hex');
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
  };
}

export class SystemErrorService {
  private readonly events: EventBus;
  private readonly clock: Clock;
  private readonly dedupWindowMs: number;

  /** Whether a report's `reportToken` was issued for its remote and version (issue 21; default: never). */
  private readonly verifyToken: (report: { reportToken?: string | undefined; remote?: string | undefined; version?: string | undefined }, now: Date) => boolean;

  constructor(events: EventBus, clock: Clock, dedupWindowMs: number, verifyToken: SystemErrorService['verifyToken'] = () => false) {
    this.events = events;
    this.clock = clock;
    this.dedupWindowMs = dedupWindowMs;
    this.verifyToken = verifyToken;
  }

  /**
   * Records one error (or counts it into its recent twin). @throws ZodError for a malformed
   * report. Texts longer than the limits are cut.
   */
  async report(em: EntityManager, input: ErrorReport, source: 'client' | 'server'): Promise<SystemErrorDto> {
    const data = errorReportSchema.parse(input);
    const now = this.clock.now();
    // Verified and unverified reports never share a row: only verified ones count for a canary.
    const verified = source === 'client' && this.verifyToken(data, now);
    const fingerprint = verified ? fingerprintOf({ ...data, errorType: `${data.errorType}\u0000verified` }) : fingerprintOf(data);
    const records: DomainEventRecord[] = [];
    const row = await em.transactional(async (tx) => {
      // One writer per fingerprint at a time, so a burst is counted into one row.
      await tx.getConnection().execute('select pg_advisory_xact_lock(hashtext(?))', [fingerprint], 'all', tx.getTransactionContext());
      const recent = await tx.findOne(
        SystemError,
        { fingerprint, resolved: false, lastSeenAt: { $gte: new Date(now.getTime() - this.dedupWindowMs) } },
        { orderBy: { lastSeenAt: 'desc' } },
      );
      let saved: SystemError;
      if (recent) {
        recent.count += 1;
        recent.lastSeenAt = now;
        saved = recent;
      } else {
        const stack = [data.errorStack, data.manifestUrl ? `manifest: ${data.manifestUrl}` : undefined].filter(Boolean).join('\n');
        saved = tx.create(SystemError, {
          errorType: data.errorType,
          errorMessage: data.errorMessage,
          pageUrl: data.pageUrl ?? null,
          errorStack: stack || null,
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
        });
      }
      await tx.flush();
      records.push(this.events.record(tx, { type: SYSTEM_ERROR_EVENTS.recorded, aggregateId: saved.id, payload: toSystemErrorDto(saved) }));
      return saved;
    });
    await this.events.publish(em, records);
    return toSystemErrorDto(row);
  }

  /** The newest 100 errors (admin.md 7, 9). */
  /** Retention (issue 21): deletes the rows last seen before `cutoff`. @returns how many. */
  async deleteOlderThan(em: EntityManager, cutoff: Date): Promise<number> {
    return em.nativeDelete(SystemError, { lastSeenAt: { $lt: cutoff } });
  }

  async list(em: EntityManager): Promise<SystemErrorDto[]> {
    const rows = await em.find(SystemError, {}, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: SYSTEM_ERRORS_FETCHED });
    return rows.map(toSystemErrorDto);
  }

  /** Marks an error resolved by `userId` (admin.md 4). @throws NotFoundError. */
  async resolve(em: EntityManager, id: string, userId: string): Promise<SystemErrorDto> {
    const records: DomainEventRecord[] = [];
    const row = await em.transactional(async (tx) => {
      const found = await tx.findOne(SystemError, { id });
      if (!found) throw new NotFoundError('Erro não encontrado');
      if (found.resolved) return found;
      found.resolved = true;
      found.resolvedBy = tx.getReference(User, userId);
      found.resolvedAt = this.clock.now();
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
      em.count(SystemError, { resolved: false }),
      em.count(Product, {}),
      em.count(Product, { stock: { $gt: 0 } }),
      em.count(Order, {}),
    ]);
    const byRemote = await em
      .getConnection()
      .execute<{ remote: string; version: string | null; errors: string; active: string }[]>(
        `select coalesce(remote, 'desconhecido') as remote, version, sum(count) as errors, sum(case when resolved then 0 else count end) as active
         from system_errors group by 1, 2 order by 1, 2`,
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
