/**
 * Uptime monitors against real HTTP servers started here: the store (its pages and the remotes'
 * manifests) answering, the API failing with 500, one remote too slow for the timeout and one
 * not listening. The `uptime-check` job records each target's status, latency and outcome; the
 * developer area reads the uptime share and p95 latency over the last 24 hours and the newest
 * failures; checks past the retention are pruned. Real PostgreSQL, the job queue ticked by hand
 * after moving the test clock.
 */
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uptimeSchema, type UptimeTarget } from '@prata/contracts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { freePort } from './free-port.ts';
import { TestClock, createTestService, type TestService } from './helpers.ts';
import { HttpDouble } from './http-double.ts';

/** A site that answers 200 (or `failWith`), after `delayMs`, and remembers what it was asked. */
class SiteDouble extends HttpDouble {
  readonly requests: { path: string; userAgent: string | undefined }[] = [];

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    this.requests.push({ path: req.url ?? '', userAgent: req.headers['user-agent'] });
    this.json(res, this.failWith ?? 200, { ok: this.failWith === null });
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const clock = new TestClock(Date.parse('2026-12-01T12:00:10Z'));
const store = new SiteDouble();
const api = new SiteDouble();
const slow = new SiteDouble();
let service: TestService;
let developer: SignedIn;

beforeAll(async () => {
  await Promise.all([store.start(), api.start(), slow.start()]);
  api.failWith = 500;
  slow.delayMs = 2000;
  const closedPort = await freePort();
  service = await createTestService(
    {
      UPTIME_CHECK_INTERVAL_MS: String(MINUTE),
      UPTIME_CHECK_TIMEOUT_MS: '300',
      UPTIME_RETENTION_DAYS: '30',
      SHELL_URL: store.url,
      PUBLIC_API_URL: api.url,
      REMOTE_STOREFRONT_URL: store.url,
      REMOTE_CHECKOUT_URL: slow.url,
      REMOTE_ADMIN_URL: store.url,
      REMOTE_DEVTOOLS_URL: `http://127.0.0.1:${closedPort}`,
    },
    clock,
  );
  developer = await account(service, ['developer'], 'dev');
});

afterAll(async () => {
  await service?.close();
  await Promise.all([store.stop(), api.stop(), slow.stop()]);
});

async function uptime(): Promise<Map<string, UptimeTarget>> {
  const response = await service.app.inject({ method: 'GET', url: '/api/developer/uptime', headers: bearer(developer) });
  expect(response.statusCode).toBe(200);
  const body = uptimeSchema.parse(response.json());
  expect(body).toMatchObject({ intervalMs: MINUTE, windowHours: 24 });
  return new Map(body.targets.map((target) => [target.target, target]));
}

const checkCount = async () => Number((await service.db.orm.em.getConnection().execute<{ n: string }[]>('select count(*) as n from uptime_checks'))[0]!.n);

describe('uptime monitors', () => {
  it('are for developers only', async () => {
    const customer = await account(service);
    expect((await service.app.inject({ method: 'GET', url: '/api/developer/uptime' })).statusCode).toBe(401);
    expect((await service.app.inject({ method: 'GET', url: '/api/developer/uptime', headers: bearer(customer) })).statusCode).toBe(403);
  });

  it('list the store pages, the catalogue API and each remote manifest before any check', async () => {
    const targets = await uptime();
    expect([...targets.keys()]).toEqual(['store-home', 'store-products', 'catalogue-api', 'remote-storefront', 'remote-checkout', 'remote-admin', 'remote-devtools']);
    expect(targets.get('store-products')).toMatchObject({ url: `${store.url}/produtos`, lastCheck: null, checks: 0, uptimePercent: null, p95LatencyMs: null, lastFailures: [] });
    expect(targets.get('remote-checkout')!.url).toBe(`${slow.url}/mf-manifest.json`);
  });

  it('record status, latency and outcome of each target: answering, failing, too slow, refused', async () => {
    await service.app.jobs.tick();
    const targets = await uptime();
    for (const name of ['store-home', 'store-products', 'remote-storefront', 'remote-admin']) {
      expect(targets.get(name), name).toMatchObject({ checks: 1, uptimePercent: 100, lastFailures: [], lastCheck: { checkedAt: '2026-12-01T12:00:10.000Z', status: 200, outcome: 'up', error: null } });
      expect(targets.get(name)!.p95LatencyMs, name).toBeGreaterThanOrEqual(0);
    }
    expect(targets.get('catalogue-api')).toMatchObject({ uptimePercent: 0, lastCheck: { status: 500, outcome: 'down', error: 'HTTP 500' } });
    expect(targets.get('catalogue-api')!.p95LatencyMs).not.toBeNull();
    const timedOut = targets.get('remote-checkout')!;
    expect(timedOut).toMatchObject({ uptimePercent: 0, p95LatencyMs: null, lastCheck: { status: null, outcome: 'down', error: 'Tempo esgotado após 300 ms' } });
    expect(timedOut.lastCheck!.latencyMs).toBeGreaterThanOrEqual(250);
    expect(timedOut.lastFailures).toHaveLength(1);
    expect(targets.get('remote-devtools')!.lastCheck).toMatchObject({ status: null, outcome: 'down', error: 'Sem resposta: ECONNREFUSED' });
    expect(store.requests.map(({ path }) => path).sort()).toEqual(['/', '/mf-manifest.json', '/mf-manifest.json', '/produtos']);
    expect(store.requests[0]!.userAgent).toBe('Prata925-Uptime/1');
    expect(api.requests.map(({ path }) => path)).toEqual(['/api/products']);
  });

  it('check once per interval, and compute the uptime share over the window', async () => {
    await service.app.jobs.tick(); // same slot: no second check
    expect(api.requests).toHaveLength(1);
    api.failWith = null;
    clock.advance(MINUTE);
    await service.app.jobs.tick();
    const api2 = (await uptime()).get('catalogue-api')!;
    expect(api2).toMatchObject({ checks: 2, uptimePercent: 50, lastCheck: { outcome: 'up', status: 200 } });
    expect(api2.lastFailures).toEqual([expect.objectContaining({ checkedAt: '2026-12-01T12:00:10.000Z', error: 'HTTP 500' })]);
  });

  it('leave checks older than 24 hours out of the uptime and the failures', async () => {
    clock.advance(DAY);
    await service.app.jobs.tick();
    const targets = await uptime();
    expect(targets.get('catalogue-api')).toMatchObject({ checks: 1, uptimePercent: 100, lastFailures: [] });
    expect(targets.get('remote-checkout')).toMatchObject({ checks: 1, uptimePercent: 0 });
  });

  it('prune checks older than the retention', async () => {
    expect(await checkCount()).toBe(3 * 7);
    clock.advance(30 * DAY + HOUR);
    await service.app.jobs.tick();
    expect(await checkCount()).toBe(7);
  });

  it('leave the schema as the migration made it', async () => {
    const diff = await service.db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff).not.toMatch(/uptime_checks/);
  });
});
