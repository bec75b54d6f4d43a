/**
 * Release health from real users: Web Vitals beacons (text/plain JSON, as sendBeacon
 * sends them) aggregated per remote version, crashed sessions from unhandled errors, the
 * crash-free rate and adoption, the per-day series, sampling by session, and the route's checks.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseHealthSchema, webVitalsSeriesSchema } from '@prata/contracts';
import { CRASHED_SESSIONS_PER_ADDRESS, ReleaseHealthService, sessionKeyOf } from '../src/modules/platform/index.ts';
import { account, bearer, STAFF_PASSWORD, type SignedIn } from './accounts.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';

const clock = new TestClock(Date.parse('2026-11-27T12:00:00Z'));
let service: TestService;
let developer: SignedIn;
let active: string;
let address = 0;

beforeAll(async () => {
  service = await createTestService({}, clock);
  developer = await account(service, ['developer'], 'dev', STAFF_PASSWORD);
  const registry = (await service.app.inject({ method: 'GET', url: '/api/remotes' })).json() as { name: string; version: string }[];
  active = registry.find((entry) => entry.name === 'storefront')!.version;
});
afterAll(async () => service?.close());

const beacon = (body: unknown, contentType = 'text/plain;charset=UTF-8') => {
  address += 1;
  return service.app.inject({ method: 'POST', url: '/api/vitals', headers: { 'content-type': contentType }, payload: typeof body === 'string' ? body : JSON.stringify(body), remoteAddress: `203.0.113.${(address % 250) + 1}` });
};
const load = (sessionId: string, version: string, lcp: number, route = '/', clientId?: string) =>
  beacon({ sessionId, ...(clientId ? { clientId } : {}), route, remotes: [{ name: 'storefront', version }], metrics: [{ name: 'LCP', value: lcp }, { name: 'CLS', value: 0.02 }, { name: 'INP', value: 120 }] });
const get = (url: string) => service.app.inject({ method: 'GET', url, headers: bearer(developer) });
const sql = <T>(text: string, params: unknown[] = []) => service.db.orm.em.getConnection().execute<T[]>(text, params);

describe('release health', () => {
  it('aggregates page loads per version: p75 per metric, sessions, crash-free rate and adoption', async () => {
    // Four tabs of two browsers: sessions 0 and 1 in browser A, 2 and 3 in browser B.
    for (const [i, lcp] of [1000, 2000, 3000, 4000].entries()) expect((await load(`sessao-vitrine-${i}`, active, lcp, '/', i < 2 ? 'navegador-aaaa' : 'navegador-bbbb')).statusCode).toBe(204);
    // Another version's loads count for adoption only.
    expect((await load('sessao-outra-0', '0.0.9-aaaaaaaa', 500)).statusCode).toBe(204);
    // An unhandled error of the active version from one of those tabs crashes that session.
    const crash = await service.app.inject({
      method: 'POST',
      url: '/api/errors',
      payload: { errorType: 'uncaught_error', errorMessage: 'TypeError: x is undefined', remote: 'storefront', version: active, sessionId: 'sessao-vitrine-3' },
    });
    expect(crash.statusCode).toBe(202);
    // A recovered warning does not.
    await service.app.inject({ method: 'POST', url: '/api/errors', payload: { errorType: 'hydration_mismatch', errorMessage: 'diferença', remote: 'storefront', version: active, sessionId: 'sessao-vitrine-2', level: 'warning' } });

    const health = releaseHealthSchema.parse((await get('/api/developer/release-health?remote=storefront')).json());
    const [own] = health.versions;
    expect(own).toMatchObject({ version: active, state: 'active', sessions: 4, crashedSessions: 1, crashFreeRate: 75, users: 2, crashedUsers: 1, crashFreeUsersRate: 50, adoption: 80 });
    // percentile_cont(0.75) of 1000, 2000, 3000, 4000: 3000 + 0.25 x 1000.
    expect(own!.p75).toEqual({ LCP: 3250, INP: 120, CLS: 0.02, TTFB: null, FCP: null });

    const series = webVitalsSeriesSchema.parse((await get('/api/developer/web-vitals?remote=storefront')).json());
    const lcp = series.find((row) => row.metric === 'LCP')!;
    expect(lcp).toMatchObject({ day: '2026-11-27', route: '/', metric: 'LCP', samples: 4, p75: 3250 });
    // p95: 3000 + 0.85 x 1000 (floating point).
    expect(lcp.p95).toBeCloseTo(3850, 6);
  });

  it('lets one address mark at most CRASHED_SESSIONS_PER_ADDRESS sessions of a version crashed a day: made-up session ids cannot sink its crash-free rate', async () => {
    const version = '0.0.7-cccccccc';
    const crash = (sessionId: string, from: string) =>
      service.app.inject({ method: 'POST', url: '/api/errors', remoteAddress: from, payload: { errorType: 'uncaught_error', errorMessage: `quebrou ${sessionId}`, remote: 'storefront', version, sessionId } });
    const crashed = async () => (await sql<{ n: number }>(`select count(*)::int as n from release_sessions where version = ? and crashed`, [version]))[0]!.n;
    // 20 made-up sessions from one IPv6 /64 (its addresses vary): 5 marked.
    for (let i = 0; i < 20; i += 1) expect((await crash(`inventada-${String(i).padStart(3, '0')}`, `2001:db8:99:1::${(i + 1).toString(16)}`)).statusCode).toBe(202);
    expect(await crashed()).toBe(CRASHED_SESSIONS_PER_ADDRESS);
    // A session already marked is marked again (no new session), and other addresses still count.
    expect((await crash('inventada-000', '2001:db8:99:1::1')).statusCode).toBe(202);
    expect((await crash('real-0001', '198.51.100.40')).statusCode).toBe(202);
    expect((await crash('real-0002', '198.51.100.41')).statusCode).toBe(202);
    expect(await crashed()).toBe(CRASHED_SESSIONS_PER_ADDRESS + 2);
    // The next day the address counts again.
    clock.advance(24 * 60 * 60_000 + 1);
    expect((await crash('inventada-amanha', '2001:db8:99:1::abc')).statusCode).toBe(202);
    expect(await crashed()).toBe(CRASHED_SESSIONS_PER_ADDRESS + 3);
  });

  it('keeps a sampled share of sessions, decided by the session so that a session is kept whole', async () => {
    const sampling = new ReleaseHealthService(service.app.clock, 0.5);
    const ids = Array.from({ length: 40 }, (_, i) => `amostra-${String(i).padStart(3, '0')}`);
    const kept: string[] = [];
    for (const id of ids) {
      if (await sampling.record(service.db.orm.em.fork(), { sessionId: id, route: '/', remotes: [{ name: 'checkout', version: '9.9.9' }], metrics: [{ name: 'LCP', value: 1 }] })) kept.push(id);
    }
    // Independently: the first 32 bits of sha256("session:" + id) below half of 2^32.
    const expected = ids.filter((id) => createHash('sha256').update(`session:${id}`).digest().readUInt32BE(0) < 0x8000_0000);
    expect(kept).toEqual(expected);
    expect(kept.length).toBeGreaterThan(5);
    expect(kept.length).toBeLessThan(35);
    expect(sessionKeyOf(ids[0]!)).toBe(createHash('sha256').update(`session:${ids[0]}`).digest('hex'));
  });

  it('refuses malformed beacons with pt-BR 400s, and the views to non-developers', async () => {
    expect((await beacon('não é json')).statusCode).toBe(400);
    const bad = await beacon({ sessionId: 'x', route: '/', remotes: [{ name: 'storefront', version: '1' }], metrics: [{ name: 'LCP', value: 1 }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toContainEqual({ path: 'body.sessionId', message: 'Sessão inválida' });
    const outOfRange = await load('sessao-fora-0', active, 10_000_000);
    expect(outOfRange.statusCode).toBe(400);
    expect(JSON.stringify(outOfRange.json())).toContain('Valor de métrica fora do intervalo');
    expect((await beacon({ sessionId: 'sessao-json-0', route: '/', remotes: [{ name: 'storefront', version: active }], metrics: [{ name: 'LCP', value: 1 }] }, 'application/json')).statusCode).toBe(204);
    expect((await get('/api/developer/release-health?remote=loja')).statusCode).toBe(400);
    const customer = await account(service, [], 'cliente');
    expect((await service.app.inject({ method: 'GET', url: '/api/developer/release-health?remote=storefront', headers: bearer(customer) })).statusCode).toBe(403);
  });
});
