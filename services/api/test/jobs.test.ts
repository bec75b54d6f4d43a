/**
 * Jobs on the pg-boss queue (issue 11), driven by a test clock and explicit ticks (no real-timer
 * polling): a periodic job runs once per slot however many service instances tick, and a failing
 * e-mail is retried with exponential backoff and becomes a system error after the last attempt.
 */
import net from 'node:net';
import { once } from 'node:events';
import { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ormConfig } from '../src/bootstrap/orm-config.ts';
import { OutboxEmail } from '../src/mail/outbox-email.entity.ts';
import { SystemError } from '../src/modules/system-errors/system-error.entity.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';

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
});

describe('mail retry', () => {
  const clock = new TestClock();
  let service: TestService;
  let closedPort: number;

  beforeAll(async () => {
    const server = net.createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    closedPort = (server.address() as net.AddressInfo).port;
    server.close();
    service = await createTestService({ SMTP_URL: `smtp://127.0.0.1:${closedPort}`, MAIL_MAX_ATTEMPTS: '3', MAIL_RETRY_INTERVAL_MS: '60000' }, clock);
  });
  afterAll(async () => service?.close());

  it('retries a failed e-mail with doubling waits and records a system error when it gives up', async () => {
    const email = `retry.${Date.now()}@exemplo.com.br`;
    const signUp = await service.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email, password: 'segredo123', fullName: 'Maria' } });
    expect(signUp.statusCode).toBe(201);
    const row = () => service.db.orm.em.fork().findOneOrFail(OutboxEmail, { to: email });
    const first = await row();
    expect(first.sentAt).toBeNull();
    expect(first.attempts).toBe(1);
    expect(first.error).toContain('ECONNREFUSED');

    await service.app.jobs.tick();
    expect((await row()).attempts).toBe(1); // not due yet

    clock.advance(61_000);
    await service.app.jobs.tick();
    const second = await row();
    expect(second.attempts).toBe(2);
    expect(second.nextAttemptAt!.getTime() - clock.now().getTime()).toBe(120_000);

    clock.advance(60_000);
    await service.app.jobs.tick();
    expect((await row()).attempts).toBe(2); // the second wait is twice the first

    clock.advance(61_000);
    await service.app.jobs.tick();
    const last = await row();
    expect(last.attempts).toBe(3);
    expect(last.failedAt).not.toBeNull();
    expect(last.nextAttemptAt).toBeNull();
    const errors = await service.db.orm.em.fork().find(SystemError, { errorType: 'EmailDeliveryFailed' });
    expect(errors).toHaveLength(1);
    expect(errors[0]!.errorMessage).toContain('não entregue após 3 tentativas');
    expect(errors[0]!.source).toBe('server');

    clock.advance(10 * 60_000);
    await service.app.jobs.tick();
    expect((await row()).attempts).toBe(3); // given up: no further attempt
  });
});
