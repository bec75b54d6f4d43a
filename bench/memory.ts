/**
 * Memory benchmark.
 *
 * Runs the API (`services/api/src/server.ts`, embedded PostgreSQL in a temporary directory, its
 * own ports) with the V8 inspector on loopback, and drives it for `--minutes` (default 10) with
 * a bounded mixed load from `--users` (default 8) concurrent loops over real HTTP on 127.0.0.1,
 * each pausing 20 ms between calls: catalogue reads (list, search, category, featured, one
 * product; 60 %), sign-ins (10 %), reservations made and released (15 %), orders placed with
 * PIX and listed (15 %). Stock is raised at start so orders keep succeeding.
 *
 * Every `--sample` seconds (default 15) it forces a full GC in the API through the inspector
 * (`HeapProfiler.collectGarbage`) and reads the heap in use (`Runtime.getHeapUsage`) and the RSS
 * (/proc). After a one-minute warm-up it fits a least-squares line to heap-after-GC over time and
 * prints the slope (KiB/min), the growth the line predicts over the window, R², and the
 * verdict: "steady growth" when the predicted growth exceeds 10 % of the mean heap and R² >= 0.5
 * (the heap rises along a line, not noise), else "no steady growth". Figures go to stdout and
 * `bench/results/memory.json`. Nothing here asserts: it prints figures.
 *
 * Run: `node bench/memory.ts [--minutes 10] [--users 8] [--sample 15]`, or `node bench/run.ts --memory`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { embeddedUrlFor } from '../services/api/src/database/embedded-postgres.ts';
import { shippingCustomer } from '../services/api/test/checkout-data.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { minutes: { type: 'string', default: '10' }, users: { type: 'string', default: '8' }, sample: { type: 'string', default: '15' }, memory: { type: 'boolean' }, 'host-memory': { type: 'boolean' } },
});
const minutes = Number(values.minutes);
const users = Number(values.users);
const sampleSeconds = Number(values.sample);
const WARM_UP_MS = 60_000;
const API_PORT = 23100;
const PG_PORT = 54359;
const api = `http://127.0.0.1:${API_PORT}`;

interface Sample {
  /** Seconds since the load started. */
  t: number;
  /** V8 heap in use after a full GC, bytes. */
  heapUsed: number;
  /** Resident set size, bytes. */
  rss: number;
  /** Requests answered so far. */
  requests: number;
}

/** A minimal Chrome DevTools Protocol client over the inspector's WebSocket. */
export async function inspector(url: string): Promise<{ send(method: string): Promise<Record<string, number>>; close(): void }> {
  const socket = new WebSocket(url);
  await once(socket as unknown as EventTarget, 'open');
  const pending = new Map<number, (result: Record<string, number>) => void>();
  let next = 0;
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, number> };
    if (message.id !== undefined) pending.get(message.id)?.(message.result ?? {});
  });
  return {
    send: (method) =>
      new Promise((resolve) => {
        next += 1;
        pending.set(next, resolve);
        socket.send(JSON.stringify({ id: next, method }));
      }),
    close: () => socket.close(),
  };
}

/** Collects the API's output; `waitFor` resolves with the first match of a pattern in it (past or future). */
export function outputOf(child: ChildProcess): { waitFor(pattern: RegExp): Promise<RegExpMatchArray> } {
  let text = '';
  const waiters: { pattern: RegExp; resolve(match: RegExpMatchArray): void; reject(error: Error): void }[] = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      const match = text.match(waiter.pattern);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
  };
  child.stdout!.on('data', (chunk: Buffer) => ((text += chunk.toString()), check()));
  child.stderr!.on('data', (chunk: Buffer) => ((text += chunk.toString()), check()));
  child.once('exit', (code) => waiters.forEach((waiter) => waiter.reject(new Error(`the API exited (${code}):\n${text}`))));
  return {
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        waiters.push({ pattern, resolve, reject });
        check();
      }),
  };
}

/** Least-squares line through (x, y): slope, intercept and R². */
export function linearFit(xs: number[], ys: number[]): { slope: number; intercept: number; r2: number } {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i += 1) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  const slope = sxx === 0 ? 0 : sxy / sxx;
  return { slope, intercept: my - slope * mx, r2: sxx === 0 || syy === 0 ? 0 : (sxy * sxy) / (sxx * syy) };
}

export async function runMemoryBench(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prata-bench-memory-'));
  chmodSync(dataDir, 0o755);
  const child = spawn(process.execPath, ['--inspect=127.0.0.1:0', 'src/server.ts'], {
    cwd: path.join(ROOT, 'services/api'),
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      API_PORT: String(API_PORT),
      EMBEDDED_PG_PORT: String(PG_PORT),
      DEMO_ACCOUNTS: 'true',
      LOG_LEVEL: 'warn',
      PAYMENT_SANDBOX_DELAY_MS: '0',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const output = outputOf(child);
    const [inspectorUrl] = await output.waitFor(/ws:\/\/127\.0\.0\.1:\d+\/[\w-]+/);
    const [, email, password] = await output.waitFor(/(cliente@demo\.prata925\.com\.br)\s+(\S+)\s+customer/);
    while (!(await fetch(`${api}/api/health`).then((r) => r.ok, () => false))) await new Promise((resolve) => setTimeout(resolve, 200));
    const cdp = await inspector(inspectorUrl);

    const db = new pg.Client({ connectionString: embeddedUrlFor(path.join(dataDir, 'postgres'), PG_PORT, 'prata925') });
    await db.connect();
    await db.query('update products set stock = 100000000');
    await db.end();
    // Pieces sold without a variant choice (a sized piece needs its variant).
    const products = ((await (await fetch(`${api}/api/products`)).json()) as { id: string; options: unknown[] }[]).filter((p) => p.options.length === 0).map((p) => p.id);

    let requests = 0;
    const statuses = new Map<number, number>();
    const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(`${api}${url}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      requests += 1;
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      return { status: response.status, text };
    };
    const signIn = async () => (JSON.parse((await call('POST', '/api/auth/sign-in', { email, password })).text) as { accessToken: string }).accessToken;
    const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

    const deadline = Date.now() + minutes * 60_000;
    const user = async () => {
      let token = await signIn();
      const auth = () => ({ authorization: `Bearer ${token}` });
      while (Date.now() < deadline) {
        const roll = Math.random();
        const product = pick(products);
        if (roll < 0.6) {
          const reads = ['/api/products', '/api/products/featured', `/api/products/${product}`, '/api/products?search=prata', '/api/products?category=aneis'];
          await call('GET', pick(reads));
        } else if (roll < 0.7) {
          token = await signIn();
        } else if (roll < 0.85) {
          await call('POST', '/api/reservations', { productId: product }, auth());
          await call('DELETE', `/api/reservations/${product}`, undefined, auth());
        } else {
          await call('POST', '/api/orders', { items: [{ productId: product, quantity: 1 }], customer: shippingCustomer, payment: { method: 'pix' } }, { ...auth(), 'idempotency-key': randomUUID() });
          await call('GET', '/api/orders', undefined, auth());
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    const startedAt = Date.now();
    const samples: Sample[] = [];
    const sample = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
      const s: Sample = { t: Math.round((Date.now() - startedAt) / 1000), heapUsed: usedSize!, rss: rssKb * 1024, requests };
      samples.push(s);
      console.log(`  t=${String(s.t).padStart(4)} s  heap after GC ${(s.heapUsed / 2 ** 20).toFixed(1).padStart(6)} MiB  RSS ${(s.rss / 2 ** 20).toFixed(0).padStart(4)} MiB  requests ${s.requests}`);
    };
    console.log(`memory: ${minutes} min of mixed load, ${users} users on loopback, heap sampled every ${sampleSeconds} s after a forced GC`);
    await sample();
    const sampler = setInterval(() => void sample(), sampleSeconds * 1000);
    await Promise.all(Array.from({ length: users }, () => user()));
    clearInterval(sampler);
    await sample();
    cdp.close();

    const measured = samples.filter((s) => s.t * 1000 >= WARM_UP_MS);
    const fit = linearFit(measured.map((s) => s.t / 60), measured.map((s) => s.heapUsed));
    const window = (measured.at(-1)!.t - measured[0]!.t) / 60;
    const mean = measured.reduce((sum, s) => sum + s.heapUsed, 0) / measured.length;
    const predictedGrowth = fit.slope * window;
    const steady = predictedGrowth > 0.1 * mean && fit.r2 >= 0.5;
    // Whether growth is slowing: the same fit over the second half of the window alone.
    const secondHalf = linearFit(measured.slice(measured.length >> 1).map((s) => s.t / 60), measured.slice(measured.length >> 1).map((s) => s.heapUsed));
    const result = {
      minutes,
      users,
      requests,
      requestsPerSecond: requests / Math.max(1, samples.at(-1)!.t),
      statuses: Object.fromEntries(statuses),
      heapAfterGcMiB: { first: measured[0]!.heapUsed / 2 ** 20, last: measured.at(-1)!.heapUsed / 2 ** 20, mean: mean / 2 ** 20 },
      slopeKiBPerMinute: fit.slope / 1024,
      predictedGrowthOverWindowPercent: (100 * predictedGrowth) / mean,
      r2: fit.r2,
      secondHalf: { slopeKiBPerMinute: secondHalf.slope / 1024, r2: secondHalf.r2 },
      rssMiB: { first: measured[0]!.rss / 2 ** 20, last: measured.at(-1)!.rss / 2 ** 20 },
      verdict: steady ? 'steady growth' : 'no steady growth',
      samples,
    };
    console.log(`  requests ${requests} (${result.requestsPerSecond.toFixed(0)}/s), statuses ${JSON.stringify(result.statuses)}`);
    console.log(
      `  heap after GC from ${result.heapAfterGcMiB.first.toFixed(1)} to ${result.heapAfterGcMiB.last.toFixed(1)} MiB (mean ${result.heapAfterGcMiB.mean.toFixed(1)}); ` +
        `slope ${result.slopeKiBPerMinute.toFixed(1)} KiB/min over ${window.toFixed(1)} min after warm-up = ${result.predictedGrowthOverWindowPercent.toFixed(1)} % of the mean, R² ${fit.r2.toFixed(2)}`,
    );
    console.log(`  second half of the window alone: slope ${result.secondHalf.slopeKiBPerMinute.toFixed(1)} KiB/min, R² ${secondHalf.r2.toFixed(2)}`);
    console.log(`  RSS from ${result.rssMiB.first.toFixed(0)} to ${result.rssMiB.last.toFixed(0)} MiB`);
    console.log(`  verdict: ${result.verdict} (steady growth = growth over the window > 10 % of the mean heap with R² >= 0.5)`);
    mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    writeFileSync(path.join(ROOT, 'bench/results/memory.json'), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    if (child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGINT');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runMemoryBench();
