/**
 * Session replays on error (contracts/system-errors.ts): the rrweb recording a browser keeps of
 * its last ~30 s, sent only after an error report, attached to the event that report stored.
 *
 * - Who may attach: the browser that sent the report, by the `replayToken` the report's answer
 *   carried (HMAC-SHA256 of the event id and the time it was issued, valid
 *   REPLAY_UPLOAD_WINDOW_MS), once per event (409 after).
 * - Size: the body (gzip) is capped by the route at REPLAY_MAX_BYTES; decompressing stops at
 *   REPLAY_MAX_UNCOMPRESSED_BYTES (413, a gzip bomb ends there); the JSON is checked with
 *   `replayUploadSchema` (400).
 * - Storage: the compressed bytes as received, in `system_error_replays`, deleted with their event
 *   (its issue's retention, or past the issue's ERROR_EVENTS_KEPT newest events) and with an
 *   erased account's events (error-erasure.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { EntityManager } from '@mikro-orm/postgresql';
import { REPLAY_MAX_UNCOMPRESSED_BYTES, REPLAY_UPLOAD_WINDOW_MS, replayUploadSchema, type ErrorReplay } from '@prata/contracts';
import { ConflictError, DomainError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { SystemErrorReplay } from './replay-feedback.entities.ts';
import { SystemErrorEvent } from './system-error.entity.ts';

const gunzipAsync = promisify(gunzip);

const mac = (secret: string, eventId: string, issuedAt: number) => createHmac('sha256', secret).update(`replay:${eventId}:${issuedAt}`).digest('base64url');

/** The token that lets a report's sender attach a replay to `eventId`: `<issued ms>.<HMAC>`. */
export function replayTokenFor(secret: string, eventId: string, now: Date): string {
  const issuedAt = now.getTime();
  return `${issuedAt}.${mac(secret, eventId, issuedAt)}`;
}

/** Whether `token` was issued for `eventId` less than REPLAY_UPLOAD_WINDOW_MS before `now`. */
export function replayTokenValid(secret: string, eventId: string, token: string | undefined, now: Date): boolean {
  const [issued, signature] = (token ?? '').split('.');
  const issuedAt = Number(issued);
  if (!signature || !Number.isSafeInteger(issuedAt)) return false;
  const age = now.getTime() - issuedAt;
  if (age < 0 || age > REPLAY_UPLOAD_WINDOW_MS) return false;
  const expected = Buffer.from(mac(secret, eventId, issuedAt));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** 413: the replay is larger than the service keeps. */
export class ReplayTooLargeError extends DomainError {
  constructor() {
    super(413, 'payload_too_large', 'Gravação grande demais.');
  }
}

/** Decompresses and checks one upload. @throws ReplayTooLargeError, ValidationError. */
async function parseReplay(body: Buffer): Promise<{ events: { timestamp: number }[]; size: number }> {
  let json: Buffer;
  try {
    json = await gunzipAsync(body, { maxOutputLength: REPLAY_MAX_UNCOMPRESSED_BYTES });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ReplayTooLargeError();
    throw new ValidationError('Gravação inválida: envie o JSON comprimido com gzip.');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json.toString('utf8'));
  } catch {
    throw new ValidationError('Gravação inválida: JSON malformado.');
  }
  const result = replayUploadSchema.safeParse(parsed);
  if (!result.success) throw new ValidationError('Gravação inválida', result.error.issues.map((issue) => ({ path: ['body', ...issue.path].join('.'), message: issue.message })));
  return { events: result.data.events, size: json.length };
}

/**
 * Stores `body` (gzip JSON `{ events }`) as the replay of `eventId`, when `token` allows.
 * @throws ForbiddenError (bad or expired token), NotFoundError (no such event), ConflictError
 * (already has one), ReplayTooLargeError, ValidationError. @returns how many rrweb events it holds.
 */
export async function storeReplay(em: EntityManager, secret: string, eventId: string, token: string | undefined, body: Buffer, now: Date): Promise<number> {
  if (!replayTokenValid(secret, eventId, token, now)) throw new ForbiddenError('Token de gravação inválido ou expirado.', 'invalid_replay_token');
  const { events, size } = await parseReplay(body);
  const event = await em.findOne(SystemErrorEvent, { id: eventId }, { fields: ['id'] });
  if (!event) throw new NotFoundError('Evento não encontrado');
  const times = events.map((entry) => entry.timestamp);
  const inserted = await em.getConnection().execute<unknown[]>(
    `insert into system_error_replays (event_id, started_at, ended_at, event_count, size, data, created_at) values (?, ?, ?, ?, ?, ?, ?) on conflict do nothing returning 1`,
    [eventId, new Date(Math.min(...times)), new Date(Math.max(...times)), events.length, size, body, now],
    'all',
  );
  if (inserted.length === 0) throw new ConflictError('Este evento já tem uma gravação.');
  return events.length;
}

/** The replay kept with `eventId`. @throws NotFoundError. */
export async function readReplay(em: EntityManager, eventId: string): Promise<ErrorReplay> {
  const replay = await em.findOne(SystemErrorReplay, { event: eventId }, { populate: ['data'] });
  if (!replay) throw new NotFoundError('Gravação não encontrada: o evento não tem uma, ou ela foi apagada pela retenção.');
  const { events } = replayUploadSchema.parse(JSON.parse((await gunzipAsync(replay.data)).toString('utf8')));
  return { eventId, startedAt: replay.startedAt.toISOString(), endedAt: replay.endedAt.toISOString(), events };
}
