/**
 * Realtime fan-out benchmark (prints figures, asserts nothing):
 * two service processes (`node services/api/src/server.ts`) on one database, websocket clients
 * split evenly between them on the public `products` channel, and events written to the outbox
 * by a separate writer (one transaction per event, 50 events/s), each stamped with its commit
 * time. Prints, for a baseline of 10 clients and then for 1,000 clients x 200 events:
 * - whether every client got every event (in order);
 * - p50 / p99 / max delivery latency from the writer's transaction to the client (target p99 < 250 ms);
 * - resident memory per idle connection of the service processes (VmRSS growth / sockets).
 *
 * Database: `BENCH_DATABASE_URL` (a maintenance URL; a scratch database is made and dropped),
 * else a throw-away embedded PostgreSQL. The services listen on free ports. Run: `node bench/realtime.ts`
 * (also the last part of `npm run bench`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { REALTIME_PATH, REALTIME_PROTOCOL } from '@prata/contracts';
import { startEmbeddedPostgres } from '../services/api/src/database/embedded-postgres.ts';
import { freePort } from '../services/api/test/free-port.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORTS = [await freePort(), await freePort()];
const EVENTS = 200;
const EVENTS_PER_SECOND = 50;
const workDir = mkdtempSync(path.join(os.tmpdir(), 'prata-bench-rt-'));
chmodSync(workDir, 0o755);
const apis: ChildProcess[] = [];
const quiet = { info: () => undefined, warn: (m: string) => console.warn(m), debug: () => undefined };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function rssKiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number.parseInt(line?.replace(/\D+/g, '') ?? '0', 10);
}

async function startApi(databaseUrl: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['src/server.ts'], {
    cwd: path.join(ROOT, 'services/api'),
    env: { ...process.env, DATABASE_URL: databaseUrl, API_PORT: String(port), DATA_DIR: path.join(workDir, `api-${port}`), LOG_LEVEL: 'warn', SEED: 'never', DEMO_ACCOUNTS: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  apis.push(child);
  for (let i = 0; i < 600; i += 1) {
    if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`API on ${port} did not start`);
}

interface Client {
  socket: WebSocket;
  received: number[];
  latencies: number[];
}

async function connect(port: number): Promise<Client> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}`, [REALTIME_PROTOCOL]);
  const client: Client = { socket, received: [], latencies: [] };
  // Read the two numbers without parsing the whole message: the client must cost little next to the service.
  socket.on('message', (data) => {
    const now = Date.now();
    const text = data.toString();
    const sentAt = /"sentAt":(\d+)/.exec(text);
    const id = /"id":(\d+)/.exec(text);
    if (sentAt && id) {
      client.received.push(Number(id[1]));
      client.latencies.push(now - Number(sentAt[1]));
    }
  });
  await once(socket, 'open');
  const subscribed = new Promise<void>((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      if ((JSON.parse(data.toString()) as { type: string }).type === 'subscribed') {
        socket.off('message', onMessage);
        resolve();
      }
    };
    socket.on('message', onMessage);
  });
  socket.send(JSON.stringify({ type: 'subscribe', channels: ['products'] }));
  await subscribed;
  return client;
}

async function round(writerUrl: string, count: number, label: string, apis: ChildProcess[]): Promise<void> {
  const rssBefore = apis.map((api) => rssKiB(api.pid!));
  const clients: Client[] = [];
  for (let i = 0; i < count; i += 50) {
    clients.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, j) => connect(PORTS[(i + j) % PORTS.length]!)))));
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssIdle = apis.map((api) => rssKiB(api.pid!));

  const writer = new pg.Client({ connectionString: writerUrl });
  writer.on('error', (error) => console.error('writer connection:', error.message));
  await writer.connect();
  const productId = randomUUID();
  const commits: number[] = [];
  for (let i = 0; i < EVENTS; i += 1) {
    const started = Date.now();
    await writer.query('begin');
    await writer.query(
      "insert into domain_events (id, type, aggregate_id, payload, created_at) values ($1, 'ProductUpdated', $2::uuid, jsonb_build_object('productId', $2::text, 'sentAt', $3::bigint), now())",
      [randomUUID(), productId, Date.now()],
    );
    await writer.query('commit');
    commits.push(Date.now() - started);
    const wait = 1000 / EVENTS_PER_SECOND - (Date.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  await writer.end();
  const deadline = Date.now() + 15_000;
  while (clients.some((c) => c.received.length < EVENTS) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));

  const complete = clients.filter((c) => c.received.length === EVENTS && c.received.every((id, i) => i === 0 || id > c.received[i - 1]!)).length;
  const all = clients.flatMap((c) => c.latencies).sort((a, b) => a - b);
  const perConnection = rssIdle.reduce((sum, rss, i) => sum + (rss - rssBefore[i]!), 0) / count;
  console.log(`${label}: ${count} clients on ${PORTS.length} processes, ${EVENTS} events at ${EVENTS_PER_SECOND}/s`);
  console.log(`  every event to every client, in order: ${complete}/${count} clients (${all.length}/${count * EVENTS} deliveries)`);
  console.log(`  delivery latency (writer transaction -> client): p50 ${percentile(all, 50)} ms, p99 ${percentile(all, 99)} ms, max ${all.at(-1)} ms (target p99 < 250 ms)`);
  commits.sort((a, b) => a - b);
  console.log(`  of which the writer's own insert + commit: p50 ${percentile(commits, 50)} ms, p99 ${percentile(commits, 99)} ms`);
  console.log(`  service memory per idle connection: ${perConnection.toFixed(1)} KiB (VmRSS ${rssBefore.map((v) => (v / 1024).toFixed(0)).join('+')} -> ${rssIdle.map((v) => (v / 1024).toFixed(0)).join('+')} MiB)`);
  await Promise.all(clients.map((c) => new Promise<void>((resolve) => { c.socket.once('close', () => resolve()); c.socket.close(); })));
}

let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
let maintenanceUrl = process.env.BENCH_DATABASE_URL;
const scratch = `prata_bench_rt_${randomUUID().slice(0, 8)}`;
try {
  if (!maintenanceUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: path.join(workDir, 'postgres'), port: await freePort(), database: 'prata_bench', persistent: false, log: quiet });
    maintenanceUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: maintenanceUrl });
  await admin.connect();
  await admin.query(`create database ${scratch}`);
  await admin.end();
  const url = new URL(maintenanceUrl);
  url.pathname = `/${scratch}`;
  await startApi(url.toString(), PORTS[0]!);
  await startApi(url.toString(), PORTS[1]!);
  console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  await round(url.toString(), 10, 'baseline', apis);
  await round(url.toString(), 1000, 'fan-out', apis);
} catch (error) {
  console.error('benchmark failed:', error);
  process.exitCode = 1;
} finally {
  for (const api of apis) {
    if (api.exitCode !== null || api.signalCode !== null) continue;
    api.kill('SIGTERM');
    await once(api, 'exit');
  }
  if (maintenanceUrl) {
    const admin = new pg.Client({ connectionString: maintenanceUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${scratch} with (force)`);
    await admin.end();
  }
  await embedded?.stop();
  rmSync(workDir, { recursive: true, force: true });
}
