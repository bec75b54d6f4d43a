/**
 * Session replay on error and shopper feedback, on a real PostgreSQL and over real HTTP:
 * - a replay (gzip JSON of rrweb events) is stored with the event whose report's token it carries,
 *   once; beyond REPLAY_MAX_BYTES compressed, or REPLAY_MAX_UNCOMPRESSED_BYTES once decompressed,
 *   it is a 413; without the token a 403; malformed a 400; the developer area reads it back;
 * - the retention job deletes it with its issue; an account's erasure deletes its replays and the
 *   feedback it sent signed in;
 * - feedback (multipart, a real PNG screenshot sniffed and re-encoded) is stored and linked to the
 *   issues of the same error session and the session's latest replay; a non-image is a 415; the
 *   route is rate-limited per client IP.
 */
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_PER_MINUTE, REPLAY_MAX_BYTES, errorIssueDetailSchema, errorReplaySchema, feedbackListSchema, type ReplayEvent } from '@prata/contracts';
import { account, bearer, STAFF_PASSWORD, type SignedIn } from './accounts.ts';
import { sql } from './admin-fixtures.ts';
import { eraseErrorTraces } from '../src/modules/system-errors/index.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';

const clock = new TestClock(Date.parse('2026-12-04T12:00:00Z'));
let service: TestService;
let developer: SignedIn;
let baseUrl: string;
let address = 0;

beforeAll(async () => {
  service = await createTestService({ ERROR_REPORTS_PER_MINUTE: '1000', ERROR_RETENTION_DAYS: '30' }, clock);
  developer = await account(service, ['developer'], 'dev', STAFF_PASSWORD);
  baseUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => service?.close());

const nextAddress = () => `203.0.113.${(++address % 250) + 1}`;

/** Reports one error from the tab session `sessionId`; returns the answer (issue, event, token). */
async function report(errorMessage: string, sessionId: string) {
  clock.advance(1000);
  const response = await service.app.inject({ method: 'POST', url: '/api/errors', remoteAddress: nextAddress(), payload: { errorType: 'TypeError', errorMessage, remote: 'storefront', sessionId } });
  expect(response.statusCode, response.body).toBe(202);
  return response.json() as { id: string; count: number; eventId: string; replayToken: string };
}

/** A small recording: meta, full snapshot, one mutation (the shape rrweb's `record` emits). */
const recording = (start: number): ReplayEvent[] => [
  { type: 4, timestamp: start, data: { href: 'http://127.0.0.1:8080/produtos', width: 1280, height: 720 } },
  { type: 2, timestamp: start + 1, data: { node: { type: 0, childNodes: [], id: 1 }, initialOffset: { top: 0, left: 0 } } },
  { type: 3, timestamp: start + 2500, data: { source: 2, type: 2, id: 5 } },
];

const uploadReplay = (eventId: string, body: Buffer, token: string | null) =>
  service.app.inject({
    method: 'POST',
    url: `/api/errors/${eventId}/replay`,
    remoteAddress: nextAddress(),
    headers: { 'content-type': 'application/octet-stream', ...(token ? { 'x-replay-token': token } : {}) },
    payload: body,
  });

const developerGet = (url: string) => service.app.inject({ method: 'GET', url, headers: bearer(developer) });

describe('replay on error', () => {
  it('is stored with its event once, with the token of its report, and read back by developers', async () => {
    const sent = await report('falha com gravação', 'sessao-replay-0001');
    const body = gzipSync(JSON.stringify({ events: recording(clock.now().getTime() - 20_000) }));
    expect((await uploadReplay(sent.eventId, body, null)).statusCode).toBe(403);
    const other = await report('outra falha', 'sessao-replay-0002');
    expect((await uploadReplay(sent.eventId, body, other.replayToken)).statusCode).toBe(403);

    const stored = await uploadReplay(sent.eventId, body, sent.replayToken);
    expect(stored.statusCode, stored.body).toBe(201);
    expect(stored.json()).toEqual({ eventId: sent.eventId, events: 3 });
    expect((await uploadReplay(sent.eventId, body, sent.replayToken)).statusCode).toBe(409);

    const detail = errorIssueDetailSchema.parse((await developerGet(`/api/developer/issues/${sent.id}`)).json());
    expect(detail.events.map((event) => [event.id, event.hasReplay])).toEqual([[sent.eventId, true]]);
    const replay = errorReplaySchema.parse((await developerGet(`/api/developer/errors/events/${sent.eventId}/replay`)).json());
    expect(replay.events.map((event) => event.type)).toEqual([4, 2, 3]);
    expect(Date.parse(replay.endedAt) - Date.parse(replay.startedAt)).toBe(2500);
    const [row] = await sql<{ size: number; compressed: number }>(service, 'select size, length(data) as compressed from system_error_replays where event_id = ?', [sent.eventId]);
    expect(row!.compressed).toBe(body.length);
    expect((await service.app.inject({ method: 'GET', url: `/api/developer/errors/events/${sent.eventId}/replay` })).statusCode).toBe(401);
  });

  it('refuses more than REPLAY_MAX_BYTES compressed, a gzip bomb, a stale token and a malformed recording', async () => {
    const sent = await report('falha grande', 'sessao-replay-0003');
    const noise = Buffer.from(Array.from({ length: REPLAY_MAX_BYTES + 1024 }, (_, i) => (i * 7919) % 251));
    expect((await uploadReplay(sent.eventId, noise, sent.replayToken)).statusCode).toBe(413);
    const bomb = gzipSync(JSON.stringify({ events: recording(0), padding: ' '.repeat(17 * 1024 * 1024) }));
    expect(bomb.length).toBeLessThan(REPLAY_MAX_BYTES);
    const tooLarge = await uploadReplay(sent.eventId, bomb, sent.replayToken);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ message: 'Gravação grande demais.' });
    const malformed = await uploadReplay(sent.eventId, gzipSync(JSON.stringify({ events: [{ type: 3, timestamp: 1, data: {} }] })), sent.replayToken);
    expect(malformed.statusCode).toBe(400);
    expect((await uploadReplay(sent.eventId, Buffer.from('não é gzip'), sent.replayToken)).statusCode).toBe(400);
    clock.advance(6 * 60_000);
    expect((await uploadReplay(sent.eventId, gzipSync(JSON.stringify({ events: recording(0) })), sent.replayToken)).statusCode).toBe(403);
    expect(await sql(service, 'select 1 from system_error_replays where event_id = ?', [sent.eventId])).toHaveLength(0);
  });

  it('is deleted with its issue by the retention job', async () => {
    const sent = await report('falha antiga com gravação', 'sessao-replay-0004');
    expect((await uploadReplay(sent.eventId, gzipSync(JSON.stringify({ events: recording(0) })), sent.replayToken)).statusCode).toBe(201);
    clock.advance(31 * 86_400_000);
    await service.app.jobs.tick();
    expect(await sql(service, 'select 1 from system_error_replays where event_id = ?', [sent.eventId])).toHaveLength(0);
    // The developer's access token expired meanwhile.
    developer = await account(service, ['developer'], 'dev-after-retention', STAFF_PASSWORD);
    expect((await developerGet(`/api/developer/errors/events/${sent.eventId}/replay`)).statusCode).toBe(404);
  });

  it('leaves the schema as the migration made it', async () => {
    const diff = await service.db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff).not.toMatch(/system_error_replays|shopper_feedback|session_key/);
  });
});

describe("an erased account's", () => {
  it('replays and signed-in feedback go with its traces (LGPD)', async () => {
    const shopper = await account(service, [], 'cliente-replay');
    clock.advance(1000);
    const reported = await service.app.inject({ method: 'POST', url: '/api/errors', remoteAddress: nextAddress(), headers: bearer(shopper), payload: { errorType: 'TypeError', errorMessage: 'falha de quem será apagado', remote: 'storefront', sessionId: 'sessao-apagada-01' } });
    const sent = reported.json() as { eventId: string; replayToken: string };
    expect((await uploadReplay(sent.eventId, gzipSync(JSON.stringify({ events: recording(clock.now().getTime()) })), sent.replayToken)).statusCode).toBe(201);
    const form = new FormData();
    form.append('description', 'Relato de quem será apagado');
    form.append('sessionId', 'sessao-apagada-01');
    expect((await fetch(`${baseUrl}/api/feedback`, { method: 'POST', headers: bearer(shopper), body: form })).status).toBe(201);
    await service.db.orm.em.fork().transactional((tx) => eraseErrorTraces(tx, shopper.userId));
    expect(await sql(service, 'select 1 from system_error_replays where event_id = ?', [sent.eventId])).toHaveLength(0);
    expect(await sql(service, "select 1 from shopper_feedback where description = 'Relato de quem será apagado'")).toHaveLength(0);
    expect(await sql(service, 'select session_key from system_error_events where id = ?', [sent.eventId])).toEqual([{ session_key: null }]);
  });
});

/** Sends feedback over real HTTP as the dialog does (multipart), from `ip` (x-forwarded-for is not trusted: each test's own port). */
async function sendFeedback(fields: Record<string, string>, screenshot?: { data: Uint8Array; type: string; name: string }): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (screenshot) form.append('screenshot', new Blob([screenshot.data], { type: screenshot.type }), screenshot.name);
  return fetch(`${baseUrl}/api/feedback`, { method: 'POST', body: form });
}

describe('shopper feedback', () => {
  it('is stored with its screenshot and linked to the issue and the replay of its session; a non-image is a 415; rate-limited', async () => {
    const sessionId = 'sessao-feedback-01';
    const sent = await report('checkout quebrou', sessionId);
    expect((await uploadReplay(sent.eventId, gzipSync(JSON.stringify({ events: recording(clock.now().getTime()) })), sent.replayToken)).statusCode).toBe(201);
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#c0c0c0' } }).png().withMetadata({ exif: { IFD0: { Copyright: 'shopper' } } }).toBuffer();

    const notImage = await sendFeedback({ description: 'Não consigo pagar com PIX' }, { data: new TextEncoder().encode('<svg></svg>'), type: 'image/png', name: 'x.png' });
    expect(notImage.status).toBe(415);
    const invalid = await sendFeedback({ description: 'oi', email: 'não-é-email' });
    expect(invalid.status).toBe(400);

    const created = await sendFeedback({ description: 'Não consigo pagar com PIX', email: 'Cliente@Example.com', sessionId, pageUrl: 'http://127.0.0.1:8080/checkout?token=segredo', remote: 'checkout' }, { data: png, type: 'image/png', name: 'tela.png' });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    // FEEDBACK_PER_MINUTE per client IP: the four above (415, 400, 201 and this loop's) share one address.
    const statuses: number[] = [];
    for (let i = 0; i < FEEDBACK_PER_MINUTE; i += 1) statuses.push((await sendFeedback({ description: `relato repetido ${i}` })).status);
    expect(statuses.at(-1)).toBe(429);

    const all = feedbackListSchema.parse((await developerGet('/api/developer/feedback')).json());
    const mine = all.items.find((item) => item.id === id)!;
    expect(mine).toMatchObject({ description: 'Não consigo pagar com PIX', email: 'cliente@example.com', pageUrl: 'http://127.0.0.1:8080/checkout', remote: 'checkout', hasScreenshot: true, replay: { eventId: sent.eventId, issueId: sent.id } });
    expect(mine.issues).toEqual([{ id: sent.id, errorType: 'TypeError', errorMessage: 'checkout quebrou' }]);
    const ofIssue = feedbackListSchema.parse((await developerGet(`/api/developer/feedback?issueId=${sent.id}`)).json());
    expect(ofIssue.items.map((item) => item.id)).toEqual([id]);

    const screenshot = (await developerGet(`/api/developer/feedback/${id}/screenshot`)).json() as { dataUrl: string };
    expect(screenshot.dataUrl.startsWith('data:image/webp;base64,')).toBe(true);
    const stored = await sharp(Buffer.from(screenshot.dataUrl.split(',')[1]!, 'base64')).metadata();
    expect([stored.format, stored.width, stored.height, stored.exif]).toEqual(['webp', 1600, 800, undefined]);
    expect((await service.app.inject({ method: 'GET', url: '/api/developer/feedback' })).statusCode).toBe(401);

    clock.advance(31 * 86_400_000);
    await service.app.jobs.tick();
    expect(await sql(service, 'select 1 from shopper_feedback where id = ?', [id])).toHaveLength(0);
  });
});
