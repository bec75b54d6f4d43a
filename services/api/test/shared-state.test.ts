/**
 * State every replica shares (docker-compose runs two):
 * - two service processes started at the same moment on an EMPTY database migrate and seed once
 *   (an advisory lock serialises them), and both serve;
 * - a rate limit holds across both processes: requests alternating between them are counted in
 *   PostgreSQL, so the limit is not doubled;
 * - behind a proxy and a load balancer (TRUST_PROXY=2) the client is the address the trusted hops
 *   name: whatever a client puts in front of X-Forwarded-For does not give it a fresh counter.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, createTestService, type TestService } from './helpers.ts';
import { startServiceProcess, type ServiceProcess } from './service-process.ts';

let database: Awaited<ReturnType<typeof createDatabase>>;
const processes: ServiceProcess[] = [];
const TOO_MANY = { error: 'too_many_requests', message: 'Muitas tentativas. Tente novamente em alguns minutos.' };

async function query<T extends Record<string, unknown>>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  database = await createDatabase();
  // Both at once, on a database with no table yet.
  const env = { SEED: 'if-empty', AUTH_RATE_LIMIT_PER_MINUTE: '6' };
  processes.push(...(await Promise.all([startServiceProcess(database.url, env), startServiceProcess(database.url, env)])));
}, 120_000);
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await database?.drop();
});

describe('two replicas on one database', () => {
  it('migrate and seed once when they start together on an empty database', async () => {
    for (const p of processes) expect((await fetch(`${p.origin}/api/health`)).status).toBe(200);
    const migrations = await query<{ name: string; times: string }>('select name, count(*) as times from mikro_orm_migrations group by name');
    expect(migrations.length).toBeGreaterThan(10);
    expect(migrations.filter((m) => m.times !== '1')).toEqual([]);
    const [products] = await query<{ n: string }>('select count(*) as n from products');
    expect(Number(products!.n)).toBe(36);
  });

  it('share one rate limit: 6 sign-ins a minute in all, alternating between the two', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const origin = processes[i % 2]!.origin;
      const response = await fetch(`${origin}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `nao-e-email-${i}`, password: 'x' }) });
      codes.push(response.status);
      if (response.status === 429) expect(await response.json()).toEqual(TOO_MANY);
    }
    expect(codes).toEqual([400, 400, 400, 400, 400, 400, 429, 429]);
    const [row] = await query<{ hits: number }>("select hits from rate_limits where key like 'POST/api/auth/sign-in:%'");
    expect(row!.hits).toBe(8);
  });
});

describe('client addresses behind a load balancer', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await createTestService({ TRUST_PROXY: '2', AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => service?.close());

  it('counts the client the two trusted hops name, whatever it prepends to X-Forwarded-For', async () => {
    const signIn = (forwardedFor: string) =>
      service.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'x', password: 'x' }, headers: { 'x-forwarded-for': forwardedFor } });
    const codes: number[] = [];
    // "<spoofed>, <client as the load balancer saw it>, <load balancer as the proxy saw it>"
    for (let i = 0; i < 5; i += 1) codes.push((await signIn(`198.18.0.${i + 1}, 203.0.113.50, 10.0.0.2`)).statusCode);
    expect(codes).toEqual([400, 400, 400, 429, 429]);
    // Another client behind the same load balancer keeps its own allowance.
    expect((await signIn('203.0.113.51, 10.0.0.2')).statusCode).toBe(400);
  });
});
