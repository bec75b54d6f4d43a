/**
 * Database outage: against a PostgreSQL this file owns (an embedded
 * cluster it stops, starts and kills; never the shared test server), over real HTTP:
 * - with the database stopped, every route answers either 503 with `Retry-After` and the pt-BR
 *   message, or exactly what it answers with the database up (input rejected before any query,
 *   routes that need no database); none answers 500, and `/api/health` reports the database down;
 * - the service recovers by itself when the database is back (no restart, no call to it);
 * - with orders being placed while the postmaster is SIGKILLed (and started again by the
 *   cluster's supervisor), every order acknowledged with 201 is in the database afterwards, and
 *   every other answer is a 503, and no pooled connection stays checked out (the pool would
 *   run dry after a few outages).
 */
import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { PostgreSqlConnection } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/database/embedded-postgres.ts';
import { openDatabase } from '../src/bootstrap/open-database.ts';
import { account, accounts, type SignedIn } from './accounts.ts';
import { approvedCardRequest, shippingCustomer } from './checkout-data.ts';
import { SandboxPaymentProvider } from '../src/modules/orders/sandbox-provider.ts';
import { silentLog, type TestService } from './helpers.ts';
import { freePort } from './free-port.ts';
import { until } from './processes.ts';

const UNAVAILABLE = 'Serviço temporariamente indisponível. Tente novamente em alguns instantes.';
const walked = (url: string) => url.startsWith('/api/') || url.startsWith('/images/');

vi.setConfig({ testTimeout: 90_000 });

let root: string;
let pgDir: string;
let pgPort: number;
let cluster: EmbeddedDatabase;
let service: TestService;
let base: string;
let buyer: SignedIn;

const startCluster = () => startEmbeddedPostgres({ dataDir: pgDir, port: pgPort, database: 'outage', persistent: true, log: silentLog });

async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}, who: SignedIn = buyer) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${who.accessToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), text };
}

/** Calls every route of the route table once (random ids, empty bodies) as the buyer. */
async function walkRoutes() {
  const answers = new Map<string, Awaited<ReturnType<typeof call>>>();
  for (const route of service.app.routeTable.filter((r) => walked(r.url))) {
    const url = route.url.replace(/:(\w+)/g, () => randomUUID()).replace(/\*$/, 'products/x.jpg?w=320');
    const withBody = route.method !== 'GET' && route.method !== 'DELETE';
    answers.set(`${route.method} ${route.url}`, await call(route.method, url, withBody ? {} : undefined));
  }
  return answers;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'prata-outage-'));
  await chmod(root, 0o755);
  pgDir = path.join(root, 'pg');
  pgPort = await freePort();
  cluster = await startCluster();
  const config = loadConfig({
    DATABASE_URL: cluster.url,
    DATA_DIR: root,
    LOG_LEVEL: process.env.OUTAGE_LOG ?? 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ORDER_RATE_LIMIT_PER_MINUTE: '100000',
    PAYMENT_SANDBOX_DELAY_MS: '0',
  });
  const db = await openDatabase(config, silentLog);
  const app = await buildApp({ config, orm: db.orm, storage: db.storage });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  service = { app, db, config, dataDir: root, close: async () => undefined };
  buyer = await account(service);
});

afterAll(async () => {
  await service?.app.close();
  await service?.db.close();
  await cluster?.stop();
  await rm(root, { recursive: true, force: true });
});

describe('database outage', () => {
  it('answers 503 with Retry-After on every route that needs the database, reports it in /api/health, and recovers by itself', async () => {
    await cluster.stop();

    const health = await call('GET', '/api/health');
    expect(health.status, health.text).toBe(503);
    expect(JSON.parse(health.text)).toMatchObject({ status: 'degraded', database: 'down' });
    expect(Number(health.retryAfter)).toBeGreaterThan(0);

    const down = await walkRoutes();
    cluster = await startCluster();
    await until(async () => (await fetch(`${base}/api/health`)).status === 200, 'the service to be healthy again', 30_000);
    const up = await walkRoutes();

    const wrong: string[] = [];
    let unavailable = 0;
    for (const [route, answer] of down) {
      if (answer.status === 503 && route !== 'GET /api/health') {
        unavailable += 1;
        const body = JSON.parse(answer.text) as { message?: string };
        if (body.message !== UNAVAILABLE || !/^[1-9]\d*$/.test(answer.retryAfter ?? '')) wrong.push(`${route}: 503 ${answer.text} retry-after ${answer.retryAfter}`);
      } else if (route !== 'GET /api/health' && answer.status !== up.get(route)!.status) {
        wrong.push(`${route}: ${answer.status} while down, ${up.get(route)!.status} while up (${answer.text})`);
      }
    }
    expect(wrong).toEqual([]);
    expect([...down.values()].filter((answer) => answer.status === 500)).toEqual([]);
    // The catalogue, sign-in and the buyer's own data all need the database.
    for (const route of ['GET /api/products', 'GET /api/products/featured', 'GET /api/me', 'GET /api/orders']) expect(down.get(route)?.status, route).toBe(503);
    expect(unavailable).toBeGreaterThanOrEqual(20);
    const signIn = await call('POST', '/api/auth/sign-in', { email: buyer.email, password: buyer.password });
    expect(signIn.status).toBe(200);
  });

  it('loses no acknowledged order when the postmaster is killed while orders are placed', async () => {
    const direct = new pg.Client({ connectionString: cluster.url });
    await direct.connect();
    const { rows: products } = await direct.query<{ id: string }>('update products set stock = 1000000 where jsonb_array_length(options) = 0 returning id');
    await direct.end();
    expect(products.length).toBeGreaterThan(3);

    const sandbox = service.app.payments;
    if (!(sandbox instanceof SandboxPaymentProvider)) throw new Error('the outage test runs on the sandbox acquirer');
    // Card orders are paid at once; one the kill interrupts between commit and payment stays
    // unpaid (until its acquirer deadline), so a buyer can reach the cap of unpaid orders (409):
    // the worker then goes on as the next of its buyers.
    const buyers = [await accounts(service, 4), await accounts(service, 4), await accounts(service, 4)];
    const acknowledged: string[] = [];
    const unexpected: string[] = [];
    let refused = 0;
    let running = true;
    const worker = async (n: number) => {
      const mine = [...buyers[n]!];
      for (let i = 0; running; i += 1) {
        const who = mine[0];
        if (!who) {
          unexpected.push(`worker ${n}: every buyer reached the cap of unpaid orders`);
          return;
        }
        // The token comes from the sandbox acquirer in process (its tokeniser needs no database).
        const token = sandbox.tokenizeCard(approvedCardRequest, new Date());
        const payment = { method: 'credit-card', cardToken: token.id, cardBrand: 'visa', installments: 1 };
        const body = { items: [{ productId: products[(n + i) % products.length]!.id, quantity: 1 }], customer: shippingCustomer, payment };
        const answer = await call('POST', '/api/orders', body, { 'idempotency-key': randomUUID() }, who).catch((error: unknown) => ({
          status: 0,
          retryAfter: null,
          text: String(error),
        }));
        if (answer.status === 201) acknowledged.push((JSON.parse(answer.text) as { id: string }).id);
        else if (answer.status === 503 && JSON.parse(answer.text).message === UNAVAILABLE && answer.retryAfter) refused += 1;
        else if (answer.status === 409 && JSON.parse(answer.text).error === 'too_many_pending') mine.shift();
        else unexpected.push(`${answer.status} ${answer.text}`);
      }
    };
    const workers = [0, 1, 2].map((n) => worker(n));

    await until(() => acknowledged.length >= 10, '10 orders before the kill');
    const postmaster = Number((await readFile(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    process.kill(postmaster, 'SIGKILL');
    const beforeKill = acknowledged.length;
    await until(() => refused > 0, 'a 503 while the database is down');
    await until(() => acknowledged.length >= beforeKill + 10, '10 orders after the supervisor restarted the database');
    running = false;
    await Promise.all(workers);

    expect(unexpected).toEqual([]);
    // Connections that died inside transactions went back to the pool (none stays checked out):
    // once the background work the last orders set off (outbox relay and dispatch) is over, every
    // connection is idle again.
    const pool = await (service.db.orm.em.getConnection() as PostgreSqlConnection).getNativeClient();
    await until(() => pool.totalCount - pool.idleCount === 0, 'every pooled connection back in the pool', 5000);
    expect(pool.totalCount - pool.idleCount).toBe(0);
    const check = new pg.Client({ connectionString: cluster.url });
    await check.connect();
    const { rows } = await check.query<{ id: string }>('select id from orders where id = any($1::uuid[])', [acknowledged]);
    await check.end();
    expect(rows.map((row) => row.id).sort()).toEqual([...acknowledged].sort());
  });
});
