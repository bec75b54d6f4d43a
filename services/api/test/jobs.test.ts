/**
 * Jobs on the pg-boss queue, driven by explicit ticks (no real-timer polling): a
 * periodic job runs once per slot however many service instances tick (test clock); a queue with
 * `perTick` runs that many of its jobs per tick at most; an e-mail a
 * real SMTP relay refuses is retried on the queue with backoff until delivered, or becomes a
 * system error after the last attempt (pg-boss times retries by the database clock, so
 * these wait real seconds, bounded); a job left active by a process that died is failed after
 * `JOBS_EXPIRE_SECONDS` and runs again.
 */
import { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ormConfig } from '../src/bootstrap/orm-config.ts';
import { CLEARED_BODY } from '../src/mail/mailer.ts';
import { OutboxEmail } from '../src/mail/outbox-email.entity.ts';
import { SystemError } from '../src/modules/system-errors/system-error.entity.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';
import { startSmtpDouble, type SmtpDouble } from './smtp-double.ts';

describe('periodic jobs across instances', () => {
  const clock = new TestClock(Date.UTC(2026, 10, 23, 12, 0, 0));
  let service: TestService;
  let second: FastifyInstance;
  let secondOrm: MikroORM;

  beforeAll(async () => {
    service = await createTestService({}, clock);
    secondOrm = await MikroORM.init(ormConfig(service.config.databaseUrl!));
    second = await buildApp({ config: service.config, orm: secondOrm, storage: service.db.storage, clock });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondOrm?.close(true);
    await service?.close();
  });

  it('runs a job once per slot, whichever instance ticks, and again in the next slot', async () => {
    const runs: string[] = [];
    service.app.jobs.every({ name: 'probe', everyMs: 60_000, run: async () => void runs.push('first') });
    second.jobs.every({ name: 'probe', everyMs: 60_000, run: async () => void runs.push('second') });
    await Promise.all([service.app.jobs.tick(), second.jobs.tick(), service.app.jobs.tick()]);
    expect(runs).toHaveLength(1);
    clock.advance(30_000);
    await Promise.all([service.app.jobs.tick(), second.jobs.tick()]);
    expect(runs).toHaveLength(1);
    clock.advance(30_000);
    await Promise.all([second.jobs.tick(), service.app.jobs.tick()]);
    expect(runs).toHaveLength(2);
  });

  it('runs at most perTick jobs of a queue per tick, the rest at the next ticks', async () => {
    const ran: number[] = [];
    service.app.jobs.define<{ n: number }>({ name: 'probe-capped', perTick: 3, handler: async ({ n }) => void ran.push(n) });
    for (let n = 0; n < 7; n += 1) await service.app.jobs.send('probe-capped', { n });
    await service.app.jobs.tick();
    expect(ran).toHaveLength(3);
    await service.app.jobs.tick();
    expect(ran).toHaveLength(6);
    await service.app.jobs.tick();
    expect(ran.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

describe('mail retry on the job queue', () => {
  /** A real SMTP server that answers 451 (try again later) to the first `failures` messages, then accepts. */
  const relay = (failures: number): Promise<SmtpDouble> =>
    startSmtpDouble((attempt) => (attempt <= failures ? { code: 451, message: 'Caixa temporariamente indisponível' } : null));

  /** Works the queue as the poller would (pg-boss times its retries by the database clock: real seconds) until `done`. */
  async function workUntil(service: TestService, done: () => Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await service.app.jobs.tick();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  const signUp = async (service: TestService) => {
    const email = `retry.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`;
    const response = await service.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email, password: 'segredo123', fullName: 'Maria' } });
    expect(response.statusCode).toBe(201); // a failed delivery never fails the request
    return email;
  };
  const row = (service: TestService, email: string) => service.db.orm.em.fork().findOneOrFail(OutboxEmail, { to: email });

  it('retries a message the relay refused, with backoff, until it is delivered', async () => {
    const smtp = await relay(2);
    const service = await createTestService({ SMTP_URL: smtp.url, MAIL_MAX_ATTEMPTS: '3', MAIL_RETRY_INTERVAL_MS: '1000' });
    try {
      const email = await signUp(service);
      const first = await row(service, email);
      expect([first.sentAt, first.attempts]).toEqual([null, 1]);
      expect(first.error).toContain('451');
      const queued = await service.db.orm.em.fork().getConnection().execute<{ retry_limit: number; retry_backoff: boolean }[]>(
        `select retry_limit, retry_backoff from pgboss.job where name = 'mail-delivery-retry' and data->>'emailId' = ?`,
        [first.id],
      );
      expect(queued).toEqual([{ retry_limit: 1, retry_backoff: true }]);

      const startedAt = Date.now();
      await service.app.jobs.tick();
      expect((await row(service, email)).attempts).toBe(1); // the first retry waits MAIL_RETRY_INTERVAL_MS
      await workUntil(service, async () => (await row(service, email)).sentAt !== null, 'the delivery');
      // The first retry waits 1 s and fails again; the second waits 1-2 s more (pg-boss backoff, jittered) and succeeds.
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1_900);
      const delivered = await row(service, email);
      expect([delivered.attempts, delivered.error, delivered.failedAt, delivered.text]).toEqual([3, null, null, CLEARED_BODY]);
      expect(smtp.tries()).toBe(3);
      expect(smtp.received).toHaveLength(1);
      expect(await service.db.orm.em.fork().count(SystemError, { errorType: 'EmailDeliveryFailed' })).toBe(0);
    } finally {
      await service.close();
      await smtp.close();
    }
  });

  it('gives up after MAIL_MAX_ATTEMPTS and records a system error', async () => {
    const smtp = await relay(Number.POSITIVE_INFINITY);
    const service = await createTestService({ SMTP_URL: smtp.url, MAIL_MAX_ATTEMPTS: '2', MAIL_RETRY_INTERVAL_MS: '1000' });
    try {
      const email = await signUp(service);
      await workUntil(service, async () => (await row(service, email)).failedAt !== null, 'the last attempt');
      const last = await row(service, email);
      expect(last.attempts).toBe(2);
      expect(last.sentAt).toBeNull();
      const errors = await service.db.orm.em.fork().find(SystemError, { errorType: 'EmailDeliveryFailed' });
      expect(errors).toHaveLength(1);
      expect(errors[0]!.errorMessage).toContain('não entregue após 2 tentativas');
      expect(errors[0]!.source).toBe('server');
      // Given up: no further attempt, however long the queue is worked.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await service.app.jobs.tick();
      expect((await row(service, email)).attempts).toBe(2);
      expect(smtp.tries()).toBe(2);
    } finally {
      await service.close();
      await smtp.close();
    }
  });
});

describe('a job whose process died while running it', () => {
  it('stays active until JOBS_EXPIRE_SECONDS, then a supervision pass fails it and the next tick runs it again', async () => {
    const service = await createTestService({ JOBS_EXPIRE_SECONDS: '2', JOBS_SUPERVISE_INTERVAL_SECONDS: '1' });
    try {
      const ran: number[] = [];
      service.app.jobs.define<{ n: number }>({ name: 'probe-expiry', retryLimit: 1, handler: async ({ n }) => void ran.push(n) });
      await service.app.jobs.send('probe-expiry', { n: 1 });
      // Another process took it and was killed: active since now, never completed.
      const sql = (text: string) => service.db.orm.em.fork().getConnection().execute<{ state: string; retry_count: number }[]>(text);
      await sql(`update pgboss.job set state = 'active', started_on = now() where name = 'probe-expiry'`);
      await service.app.jobs.tick();
      expect(ran).toEqual([]);
      const deadline = Date.now() + 15_000;
      while (ran.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        await service.app.jobs.tick();
      }
      expect(ran).toEqual([1]);
      expect(await sql(`select state, retry_count from pgboss.job where name = 'probe-expiry'`)).toEqual([{ state: 'completed', retry_count: 1 }]);
    } finally {
      await service.close();
    }
  });
});
