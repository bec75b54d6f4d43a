/**
 * Bounded load on loopback across two replicas (`npm run bench:replicas`): the long version of
 * the suite's services/api/test/replica-load.test.ts, on a fresh database of its own (the replicas
 * migrate and seed it): for 10 s, 200 connections browse the catalogue (100 per replica) while 50
 * signed-in shoppers, split over both replicas, each place one PIX order for the last 3 units of one
 * product, all at once (services/api/test/replica-load.ts).
 *
 * Prints and writes `bench/results/replicas-load.json`: the order outcomes (exactly 3 must be 201,
 * the rest 409 insufficient_stock, no 5xx anywhere) and the p50/p99 per route. Exits 1 when the
 * invariant does not hold.
 *
 * Database server: `BENCH_DATABASE_URL` (default postgres://postgres@127.0.0.1:5432/postgres, the
 * development machines' PostgreSQL); a throw-away database is created and dropped.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { invariantHolds, runReplicaLoad } from '../services/api/test/replica-load.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const name = `prata_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
await admin(`create database ${name}`);
let exitCode = 0;
try {
  const figures = await runReplicaLoad({
    databaseUrl: Object.assign(new URL(SERVER_URL), { pathname: `/${name}` }).toString(),
    durationS: 10,
    browsersPerReplica: 100,
    buyers: 50,
    lastUnits: 3,
  });
  console.log(JSON.stringify(figures, null, 2));
  console.log(`orders POST /api/orders: p50 ${figures.orders.p50Ms} ms, p99 ${figures.orders.p99Ms} ms`);
  for (const b of figures.browsing) console.log(`replica ${b.replica} ${b.route}: ${b.requestsPerSecond} req/s, p50 ${b.p50Ms} ms, p99 ${b.p99Ms} ms, 5xx ${b.serverErrors}`);
  writeFileSync(path.join(ROOT, 'bench/results/replicas-load.json'), `${JSON.stringify(figures, null, 2)}\n`);
  const ok = invariantHolds(figures);
  console.log(ok ? `ok: exactly ${figures.setup.lastUnits} orders, no 5xx` : 'FAILED: the invariant does not hold');
  if (!ok) exitCode = 1;
} finally {
  await admin(`drop database if exists ${name} with (force)`);
}
process.exit(exitCode);
