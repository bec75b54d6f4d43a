/**
 * A failed domain-event handler is not lost: the event is dispatched for the other
 * handlers; the failed one is retried on the job queue (pg-boss) with backoff until it succeeds,
 * or is dead-lettered after OUTBOX_HANDLER_MAX_ATTEMPTS runs into `dead_letters`, which the
 * developer dashboard's route lists. Real PostgreSQL, real pg-boss; the retry delay is 1 s here,
 * so the test waits real seconds (bounded) and calls `app.jobs.tick()` as the poller would.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadLetterListSchema } from '@prata/contracts';
import { account, bearer } from './accounts.ts';
import { createTestService, type TestService } from './helpers.ts';
import { subscribeProbe } from './probe-events.ts';

let service: TestService;
const runs = { ok: 0, flaky: 0, broken: 0 };

beforeAll(async () => {
  service = await createTestService({ OUTBOX_HANDLER_MAX_ATTEMPTS: '3', OUTBOX_RETRY_DELAY_SECONDS: '1' });
  subscribeProbe(service.app.events, 'RetryProbe', async () => void (runs.ok += 1), 'test:ok');
  subscribeProbe(
    service.app.events,
    'RetryProbe',
    async () => {
      runs.flaky += 1;
      if (runs.flaky < 3) throw new Error(`flaky failure ${runs.flaky}`);
    },
    'test:flaky',
  );
  subscribeProbe(
    service.app.events,
    'RetryProbe',
    async () => {
      runs.broken += 1;
      throw new Error('SMTP relay said no');
    },
    'test:broken',
  );
});
afterAll(async () => service?.close());

const sql = <T>(query: string, params: unknown[] = []) => service.db.orm.em.fork().getConnection().execute(query, params) as Promise<T[]>;

describe('failed event handlers', () => {
  it('are retried with backoff until they succeed, or dead-lettered after the last attempt; the others run once', async () => {
    const em = service.db.orm.em.fork();
    const aggregateId = randomUUID();
    const records = await em.transactional(async (tx) => [service.app.events.record(tx, { type: 'RetryProbe', aggregateId, payload: { n: 1 } })]);
    await service.app.events.publish(em, records);

    // The dispatch: every handler ran once, the event is stamped, two retries are queued.
    expect(runs).toEqual({ ok: 1, flaky: 1, broken: 1 });
    const [event] = await sql<{ id: string; dispatched_at: Date | null }>('select id, dispatched_at from domain_events where aggregate_id = ?', [aggregateId]);
    expect(event!.dispatched_at).not.toBeNull();

    // The job queue retries (1 s, then 2 s): bounded wait for both outcomes.
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && ((await sql('select id from dead_letters where reference = ?', [event!.id])).length === 0 || runs.flaky < 3)) {
      await service.app.jobs.tick();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(runs).toEqual({ ok: 1, flaky: 3, broken: 3 });
    const letters = await sql<{ handler: string; event_type: string; error: string; attempts: number; payload: unknown }>('select handler, event_type, error, attempts, payload from dead_letters where reference = ?', [event!.id]);
    expect(letters).toEqual([{ handler: 'test:broken', event_type: 'RetryProbe', error: 'Error: SMTP relay said no', attempts: 3, payload: { n: 1 } }]);

    // Nothing more happens afterwards: the queue is empty.
    await service.app.jobs.tick();
    expect(runs).toEqual({ ok: 1, flaky: 3, broken: 3 });

    // The developer dashboard lists it; other roles cannot.
    const developer = await account(service, ['developer'], 'dev');
    const listed = await service.app.inject({ method: 'GET', url: '/api/developer/dead-letters', headers: bearer(developer) });
    expect(listed.statusCode).toBe(200);
    expect(deadLetterListSchema.parse(listed.json())[0]).toMatchObject({ handler: 'test:broken', eventType: 'RetryProbe', reference: event!.id, attempts: 3, error: 'Error: SMTP relay said no' });
    const customer = await account(service);
    expect((await service.app.inject({ method: 'GET', url: '/api/developer/dead-letters', headers: bearer(customer) })).statusCode).toBe(403);
  });
});
