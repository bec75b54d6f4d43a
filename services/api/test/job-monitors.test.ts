/**
 * Job monitors: every periodic job's run is recorded (start, duration in ms, outcome and the
 * failure's message) and shown to developers with its next expected run; a job that has not run
 * for more than two intervals plus the grace is late; runs older than the retention are pruned by
 * the `monitor-retention` job. Real PostgreSQL and the real job queue, ticked by hand after moving
 * the test clock (no sleeps).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobMonitorsSchema, type JobMonitor } from '@prata/contracts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { TestClock, createTestService, type TestService } from './helpers.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const clock = new TestClock(Date.parse('2026-12-01T12:00:30Z'));
let service: TestService;
let developer: SignedIn;
let customer: SignedIn;
let failNext = false;

beforeAll(async () => {
  service = await createTestService({ JOB_MONITOR_GRACE_MS: String(MINUTE), JOB_RUN_RETENTION_DAYS: '7' }, clock);
  developer = await account(service, ['developer'], 'dev');
  customer = await account(service);
  service.app.jobs.every({
    name: 'probe-monitored',
    everyMs: MINUTE,
    run: async () => {
      if (failNext) throw new Error('serviço de NF-e fora do ar');
    },
  });
});

afterAll(async () => {
  await service?.close();
});

async function monitors(): Promise<Map<string, JobMonitor>> {
  const response = await service.app.inject({ method: 'GET', url: '/api/developer/job-monitors', headers: bearer(developer) });
  expect(response.statusCode).toBe(200);
  const body = jobMonitorsSchema.parse(response.json());
  return new Map(body.jobs.map((job) => [job.name, job]));
}

const runCount = async () => Number((await service.db.orm.em.getConnection().execute<{ n: string }[]>('select count(*) as n from job_runs'))[0]!.n);

describe('job monitors', () => {
  it('are for developers only', async () => {
    expect((await service.app.inject({ method: 'GET', url: '/api/developer/job-monitors' })).statusCode).toBe(401);
    expect((await service.app.inject({ method: 'GET', url: '/api/developer/job-monitors', headers: bearer(customer) })).statusCode).toBe(403);
  });

  it('list every periodic job, none run yet and none late right after start', async () => {
    const jobs = await monitors();
    expect([...jobs.keys()]).toEqual(expect.arrayContaining(['order-expiry', 'reservation-cleanup', 'shipment-tracking', 'monitor-retention', 'outbox-relay', 'probe-monitored']));
    const probe = jobs.get('probe-monitored')!;
    expect(probe).toMatchObject({ everyMs: MINUTE, lastRun: null, lastFailure: null, late: false, nextRunAt: '2026-12-01T12:01:00.000Z' });
  });

  it('record each run with its start, duration and outcome, and the next slot', async () => {
    await service.app.jobs.tick();
    const jobs = await monitors();
    for (const [name, job] of jobs) {
      expect(job.lastRun, name).not.toBeNull();
      expect(job.late, name).toBe(false);
    }
    const probe = jobs.get('probe-monitored')!;
    expect(probe.lastRun).toMatchObject({ startedAt: '2026-12-01T12:00:30.000Z', outcome: 'ok', error: null });
    expect(probe.lastRun!.durationMs).toBeGreaterThanOrEqual(0);
    expect(probe.nextRunAt).toBe('2026-12-01T12:01:00.000Z');
  });

  it('record a failed run with its message, kept as the last failure after a good run', async () => {
    failNext = true;
    clock.advance(MINUTE);
    await service.app.jobs.tick();
    let probe = (await monitors()).get('probe-monitored')!;
    expect(probe.lastRun).toMatchObject({ startedAt: '2026-12-01T12:01:30.000Z', outcome: 'failed', error: 'serviço de NF-e fora do ar' });
    failNext = false;
    clock.advance(MINUTE);
    await service.app.jobs.tick();
    probe = (await monitors()).get('probe-monitored')!;
    expect(probe.lastRun).toMatchObject({ startedAt: '2026-12-01T12:02:30.000Z', outcome: 'ok' });
    expect(probe.lastFailure).toMatchObject({ startedAt: '2026-12-01T12:01:30.000Z', outcome: 'failed' });
  });

  it('mark a job late after two intervals plus the grace without a run, and not once it runs again', async () => {
    clock.advance(3 * MINUTE); // 3 min since the last run = 2 intervals + grace: not yet past it
    expect((await monitors()).get('probe-monitored')!.late).toBe(false);
    clock.advance(1000);
    let jobs = await monitors();
    expect(jobs.get('probe-monitored')).toMatchObject({ late: true, nextRunAt: '2026-12-01T12:03:00.000Z' });
    expect(jobs.get('monitor-retention')!.late).toBe(false); // hourly: far from late
    await service.app.jobs.tick();
    jobs = await monitors();
    expect(jobs.get('probe-monitored')!.late).toBe(false);
  });

  it('prune runs older than the retention', async () => {
    const before = await runCount();
    expect(before).toBeGreaterThan(0);
    clock.advance(8 * DAY);
    await service.app.jobs.tick();
    // Only this tick's runs are left (the retention job ran in it; older runs were all more than 7 days old).
    const jobs = await monitors();
    expect(await runCount()).toBe(jobs.size);
    expect(jobs.get('probe-monitored')!.lastFailure).toBeNull();
  });

  it('leave the schema as the migration made it', async () => {
    const diff = await service.db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff).not.toMatch(/job_runs/);
  });
});
