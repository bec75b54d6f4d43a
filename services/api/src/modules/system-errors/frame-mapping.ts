/**
 * Source-mapping a stored report's frames, off the request path: a report is stored with its
 * frames as reported, and when one may have a source map a job is asked for
 * ({@link FrameMapping}); the job maps the stored event's frames through the release's maps (a
 * {@link FrameMapper}, source-maps.ts) and rewrites its stack, and the issue's stack when that
 * report opened it.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { SYSTEM_ERROR_EVENTS } from '@prata/contracts';
import type { DomainEventRecord } from '../../events/domain-event.entity.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { formatFrames, type StackFrame } from './issue-grouping.ts';
import { toSystemErrorDto } from './system-error-dto.ts';
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

/**
 * Maps the frames of one stored event through the source maps (the `source-map-frames` job;
 * security review 2026-11-29 #1), with the issue's remote and the event's version: its frames
 * and stack become the mapped ones (as `report` stored them before the review), the issue's
 * stack too when it is still this event's (the report that opened the issue), and a
 * `SystemErrorMapped` event carries the issue (the developer area refreshes). The fingerprint and
 * counts do not change. @returns whether any frame was mapped (false: the event is gone, e.g.
 * past the ERROR_EVENTS_KEPT newest, was mapped already, or no map applies).
 */
export async function mapEventFrames(em: EntityManager, job: FrameMappingJob, mapFrames: FrameMapper, events: EventBus): Promise<boolean> {
  const event = await em.findOne(SystemErrorEvent, { id: job.eventId }, { populate: ['issue'] });
  if (!event || event.frames.some((frame) => frame.mapped)) return false;
  const reportedStack = event.stack ?? null;
  const frames = await mapFrames(event.frames, event.issue.remote ?? undefined, event.version ?? undefined).catch(() => event.frames);
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
    records.push(events.record(tx, { type: SYSTEM_ERROR_EVENTS.mapped, aggregateId: issue.id, payload: toSystemErrorDto(issue) }));
  });
  await events.publish(em, records);
  return records.length > 0;
}
