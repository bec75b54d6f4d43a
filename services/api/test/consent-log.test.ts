/**
 * The consent log (LGPD art. 8 §2, ANPD cookie guide) on real PostgreSQL: `POST /api/consent`
 * records each cookie choice with the service's time, a hash of the browser (never the client id
 * or address in clear) and the account when signed in; anonymous choices are allowed and
 * rate-limited; the LGPD export lists the account's choices; erasing the account unlinks them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentRecordSchema, personalDataExportSchema } from '@prata/contracts';
import { account, bearer } from './accounts.ts';
import { sql } from './admin-fixtures.ts';
import { TestClock, createTestService, type TestService } from './helpers.ts';

const clock = new TestClock(Date.parse('2026-12-04T12:00:00Z'));
let service: TestService;

beforeAll(async () => {
  service = await createTestService({ AUTH_RATE_LIMIT_PER_MINUTE: '20' }, clock);
});
afterAll(async () => service?.close());

const CLIENT = '2f1c9a4e-7b1d-4c8e-9f00-5a6b7c8d9e0f';

describe('POST /api/consent', () => {
  it("records an anonymous shopper's choice with the service's time and a hash of the browser", async () => {
    const response = await service.app.inject({ method: 'POST', url: '/api/consent', payload: { analytics: true, marketing: false }, headers: { cookie: `prata_client=${CLIENT}`, 'x-forwarded-for': '203.0.113.9' }, remoteAddress: '198.51.100.20' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(consentRecordSchema.parse(response.json())).toEqual({ analytics: true, marketing: false, decidedAt: '2026-12-04T12:00:00.000Z' });
    const rows = await sql<{ subject_hash: string; user_id: string | null; analytics: boolean; marketing: boolean }>(service, 'select subject_hash, user_id, analytics, marketing from consent_records order by decided_at desc limit 1');
    expect(rows[0]).toMatchObject({ user_id: null, analytics: true, marketing: false });
    expect(rows[0]!.subject_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.subject_hash).not.toContain(CLIENT.replaceAll('-', ''));
  });

  it('gives the same browser the same hash, and another browser another', async () => {
    const hashOf = async (cookie: string) => {
      clock.advance(1000);
      expect((await service.app.inject({ method: 'POST', url: '/api/consent', payload: { analytics: false, marketing: false }, headers: { cookie } })).statusCode).toBe(200);
      const [row] = await sql<{ subject_hash: string }>(service, 'select subject_hash from consent_records order by decided_at desc limit 1');
      return row!.subject_hash;
    };
    const first = await hashOf(`prata_client=${CLIENT}`);
    expect(await hashOf(`prata_client=${CLIENT}`)).toBe(first);
    expect(await hashOf('prata_client=0b7c5d1e-8f2a-4c3b-9d4e-5f6a7b8c9d0e')).not.toBe(first);
  });

  it('refuses a body that is not a choice with a 400 in Portuguese', async () => {
    for (const payload of [{ analytics: 'sim', marketing: false }, { analytics: true }, { analytics: true, marketing: true, extra: 1 }]) {
      const response = await service.app.inject({ method: 'POST', url: '/api/consent', payload, remoteAddress: '192.0.2.77' });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof response.json().error).toBe('string');
    }
  });

  it('rate-limits anonymous choices per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await service.app.inject({ method: 'POST', url: '/api/consent', payload: { analytics: true, marketing: true }, remoteAddress: '192.0.2.200' })).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('the consent log in the LGPD export', () => {
  it("lists the signed-in customer's choices, oldest first, and only theirs; erasure unlinks them", async () => {
    const shopper = await account(service);
    const other = await account(service);
    const choose = async (who: typeof shopper, choice: { analytics: boolean; marketing: boolean }) => {
      clock.advance(60_000);
      const response = await service.app.inject({ method: 'POST', url: '/api/consent', payload: choice, headers: bearer(who), remoteAddress: `192.0.2.${Math.floor(Math.random() * 100) + 1}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().decidedAt as string;
    };
    const first = await choose(shopper, { analytics: true, marketing: true });
    await choose(other, { analytics: true, marketing: false });
    const second = await choose(shopper, { analytics: true, marketing: false });

    const exported = await service.app.inject({ method: 'GET', url: '/api/me/export', headers: bearer(shopper) });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(personalDataExportSchema.parse(exported.json()).consents).toEqual([
      { analytics: true, marketing: true, decidedAt: first },
      { analytics: true, marketing: false, decidedAt: second },
    ]);

    const deleted = await service.app.inject({ method: 'DELETE', url: '/api/me', headers: bearer(shopper), payload: { currentPassword: shopper.password } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const rows = await sql<{ user_id: string | null }>(service, 'select user_id from consent_records where decided_at in (?, ?)', [first, second]);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.user_id === null)).toBe(true);
  });
});
