/**
 * Benchmarks (print figures; nothing here asserts a time):
 * 1. cold start of `npm start`: first run on an empty data directory (embedded PostgreSQL
 *    initdb, migrations, seed) and a second, warm run; builds come from the Nx cache;
 * 2. page weight: bytes of JavaScript (as transferred, gzip) and requests the home page loads;
 * 3. time to the first product card, with the shell host's rendered document and with the plain
 *    one (bench/page-load.ts), on loopback and on an emulated mobile network;
 * 4. API latency of GET /api/products and /api/products/featured (200 sequential requests each);
 * 5. API throughput at 50 connections against a bare Fastify route, same run (bench/throughput.ts);
 * 6. Lighthouse 13, mobile preset, on `/`, `/produtos`, `/checkout` and `/admin` signed in
 *    (bench/lighthouse.ts);
 * 7. product photo renditions: a 1600 px JPEG re-encoded as WebP at each srcset width, the first
 *    (encoding) request and the size against the original, then 200 cached requests at 320 px.
 * Then the table of issue 15: each figure with its target and a verdict, also written to
 * `bench/results/perf.json`.
 * Uses its own ports (28080, 23000-23004, 54349, 23099 for the bare route) and a temporary data
 * directory.
 * Run: npm run bench (builds first). `npm run bench -- --memory [--minutes 10]` runs the memory
 * benchmark (bench/memory.ts) instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { IMAGE_RENDITION_WIDTHS } from '@prata/contracts';
import { runLighthouse, type LighthouseFigures } from './lighthouse.ts';
import { firstCard, pageWeight } from './page-load.ts';
import { measureThroughput } from './throughput.ts';

if (process.argv.includes('--memory')) {
  const { runMemoryBench } = await import('./memory.ts');
  await runMemoryBench();
  process.exit(0);
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ports = { PORT: '28080', API_PORT: '23000', STOREFRONT_PORT: '23001', CHECKOUT_PORT: '23002', ADMIN_PORT: '23003', DEVTOOLS_PORT: '23004', EMBEDDED_PG_PORT: '54349' };
const storeUrl = `http://127.0.0.1:${ports.PORT}`;
const apiUrl = `http://127.0.0.1:${ports.API_PORT}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prata-bench-'));
chmodSync(dataDir, 0o755);

async function startStore(): Promise<{ child: ChildProcess; ms: number; output: string }> {
  const startedAt = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, ...ports, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prata 925 is running')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', () => reject(new Error(`npm start exited:\n${output}`)));
  });
  return { child, ms: performance.now() - startedAt, output };
}

/** The demo account's password printed by `npm start` (DEMO_ACCOUNTS). @throws when it is missing. */
function demoPassword(output: string, email: string): string {
  const match = new RegExp(`${email.replace(/\./g, '\\.')}\\s+(\\S+)`).exec(output);
  if (!match) throw new Error(`npm start printed no password for ${email}`);
  return match[1]!;
}

async function stopStore(child: ChildProcess): Promise<void> {
  process.kill(-child.pid!, 'SIGINT'); // like Ctrl+C: the whole process group
  await once(child, 'exit');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function latency(pathname: string, n = 200): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const t0 = performance.now();
    const response = await fetch(`${apiUrl}${pathname}`, { headers: { 'accept-encoding': 'gzip' } });
    await response.arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`;
}

/**
 * A synthetic photo-like 1600 x 1600 JPEG: gradients, detail at several scales (rings of a
 * jewel-like pattern, fine engraving lines) and sensor-like noise, so that the renditions keep some
 * detail after downscaling, as a product photo's would.
 */
async function photo(): Promise<Buffer> {
  const size = 1600;
  const pixels = Buffer.alloc(size * size * 3);
  for (let i = 0; i < size * size; i += 1) {
    const x = i % size;
    const y = Math.floor(i / size);
    const noise = Math.random() * 16;
    const r = Math.hypot(x - size / 2, y - size / 2);
    const detail = 30 * Math.sin(r / 9) + 20 * Math.sin(x / 3.1) * Math.cos(y / 4.7) + 15 * Math.sin((x + 2 * y) / 41);
    const base = 120 + detail + noise;
    pixels[i * 3] = Math.max(0, Math.min(255, base + (x * 40) / size));
    pixels[i * 3 + 1] = Math.max(0, Math.min(255, base + (y * 40) / size));
    pixels[i * 3 + 2] = Math.max(0, Math.min(255, base + 15));
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

async function renditions(): Promise<void> {
  const original = await photo();
  const file = path.join(dataDir, 'storage', 'product-images', 'products', 'bench-foto.jpg');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, original);
  console.log(`product photo renditions (original JPEG 1600 px, ${(original.length / 1024).toFixed(1)} KiB):`);
  for (const width of IMAGE_RENDITION_WIDTHS) {
    const t0 = performance.now();
    const response = await fetch(`${apiUrl}/images/product-images/products/bench-foto.jpg?w=${width}`);
    const bytes = (await response.arrayBuffer()).byteLength;
    console.log(`  w=${String(width).padEnd(5)} first request (encode) ${(performance.now() - t0).toFixed(0).padStart(4)} ms, WebP ${(bytes / 1024).toFixed(1)} KiB`);
  }
  console.log(`  w=320 cached                ${await latency('/images/product-images/products/bench-foto.jpg?w=320')}`);
}

/** One line of the table: a figure, its target and whether it is met. */
interface Verdict {
  figure: string;
  value: number;
  unit: string;
  target: string;
  met: boolean;
}

const verdicts: Verdict[] = [];
function judge(figure: string, value: number, unit: string, target: string, met: boolean): void {
  verdicts.push({ figure, value, unit, target, met });
}
const format = (v: Verdict) => {
  if (v.unit === 'ratio' || v.unit === '') return v.value.toFixed(v.figure.startsWith('CLS') || v.unit === 'ratio' ? 3 : 0);
  return `${v.value.toFixed(0)} ${v.unit}`;
};

const CUSTOMER = 'cliente@demo.prata925.com.br';
const ADMIN = 'admin@demo.prata925.com.br';

async function signInCustomer(page: Page, password: string): Promise<void> {
  await page.goto(`${storeUrl}/auth`);
  await page.getByLabel('Email').fill(CUSTOMER);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).last().click();
  await page.getByText('Login realizado com sucesso!').waitFor();
  // A cart with one product, so that /checkout shows its form (the cart lives in local storage).
  const [product] = (await (await fetch(`${apiUrl}/api/products`)).json()) as { id: string; name: string; priceCents: number; imageUrl: string | null }[];
  await page.evaluate((item) => {
    localStorage.setItem('prata925:cart', JSON.stringify({ state: { items: [{ ...item, quantity: 1 }] }, version: 1 }));
  }, { id: product!.id, name: product!.name, priceCents: product!.priceCents, imageUrl: product!.imageUrl });
}

async function signInAdmin(page: Page, password: string): Promise<void> {
  await page.goto(`${storeUrl}/admin/login`);
  const form = page.getByRole('form', { name: 'Login administrativo' });
  await form.getByLabel('Email').fill(ADMIN);
  await form.getByLabel('Senha', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Acessar Painel' }).click();
  await page.waitForURL(/\/admin$/);
}

let running: ChildProcess | null = null;
try {
  const first = await startStore();
  running = first.child;
  console.log(`cold start, first run (initdb + migrations + seed): ${(first.ms / 1000).toFixed(2)} s`);

  const weight = await pageWeight(storeUrl);
  console.log(`home page JS (transferred, gzip): ${(weight.totalBytes / 1024).toFixed(1)} KiB in ${weight.files} files; ${weight.requests} requests in all`);
  for (const [port, bytes] of Object.entries(weight.byPort)) {
    const name = Object.entries(ports).find(([, value]) => value === port)?.[0] ?? port;
    console.log(`  ${name.padEnd(16)} ${(bytes / 1024).toFixed(1)} KiB`);
  }
  judge('JavaScript transferred by / (gzip)', weight.totalBytes / 1024, 'KiB', '<= 180 KiB', weight.totalBytes / 1024 <= 180);

  const shellIndex = path.join(ROOT, 'shell', 'dist', 'index.html');
  const loopback = await firstCard(storeUrl, shellIndex, false);
  const mobile = await firstCard(storeUrl, shellIndex, true);
  console.log('home page, first product card (median of 3, cold browser cache):');
  console.log(`  loopback:             inlined document ${loopback.inlinedMs.toFixed(0)} ms, plain document ${loopback.plainMs.toFixed(0)} ms`);
  console.log(`  mobile (150 ms RTT):  inlined document ${mobile.inlinedMs.toFixed(0)} ms, plain document ${mobile.plainMs.toFixed(0)} ms`);

  console.log(`GET /api/products           ${await latency('/api/products')}`);
  console.log(`GET /api/products/featured  ${await latency('/api/products/featured')}`);

  const throughput = await measureThroughput(apiUrl, 23099);
  console.log(`GET /api/products at 50 connections (${(throughput.bodyBytes / 1024).toFixed(1)} KiB list):`);
  for (const [name, figures] of [['API', throughput.api], ['bare Fastify', throughput.bare]] as const) {
    console.log(`  ${name.padEnd(13)} ${figures.requestsPerSecond.toFixed(0).padStart(6)} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, errors ${figures.errors}, non-2xx ${figures.non2xx}`);
  }
  judge('GET /api/products throughput / bare Fastify route', throughput.ratio, 'ratio', '>= 0.6', throughput.ratio >= 0.6);
  judge('GET /api/products p99 at 50 connections', throughput.api.p99Ms, 'ms', '< 20 ms', throughput.api.p99Ms < 20);

  const lighthouse = await runLighthouse(storeUrl, [
    { label: '/', path: '/' },
    { label: '/produtos', path: '/produtos' },
    { label: '/checkout (signed in)', path: '/checkout', signIn: (page) => signInCustomer(page, demoPassword(first.output, CUSTOMER)) },
    { label: '/admin (signed in)', path: '/admin', signIn: (page) => signInAdmin(page, demoPassword(first.output, ADMIN)) },
  ]);
  console.log('Lighthouse 13, mobile preset (simulated slow 4G, 4x CPU):');
  for (const [label, figures] of lighthouse) {
    console.log(`  ${label.padEnd(22)} performance ${String(figures.score).padStart(3)}, LCP ${(figures.lcpMs / 1000).toFixed(2)} s, CLS ${figures.cls.toFixed(3)}, TBT ${figures.tbtMs.toFixed(0)} ms`);
    judge(`Lighthouse performance ${label}`, figures.score, '', '>= 90', figures.score >= 90);
  }
  const home = lighthouse.get('/') as LighthouseFigures;
  judge('LCP on /', home.lcpMs, 'ms', '<= 2000 ms', home.lcpMs <= 2000);
  judge('CLS on /', home.cls, '', '<= 0.05', home.cls <= 0.05);
  judge('TBT on /', home.tbtMs, 'ms', '<= 150 ms', home.tbtMs <= 150);
  for (const [label, figures] of lighthouse) if (label !== '/') judge(`CLS on ${label}`, figures.cls, '', '<= 0.05', figures.cls <= 0.05);

  await renditions();
  running = null;
  await stopStore(first.child);

  const second = await startStore();
  console.log(`cold start, second run (warm data directory): ${(second.ms / 1000).toFixed(2)} s`);
  await stopStore(second.child);

  console.log('\nIssue 15 figures (this machine, this run):');
  for (const v of verdicts) console.log(`  ${v.met ? 'MET    ' : 'NOT MET'}  ${v.figure.padEnd(52)} ${format(v).padStart(10)}   target ${v.target}`);
  const results = path.join(ROOT, 'bench', 'results', 'perf.json');
  const scores = Object.fromEntries(lighthouse);
  writeFileSync(results, `${JSON.stringify({ measuredAt: new Date().toISOString(), cpus: os.cpus().length, pageWeight: weight, firstCard: { loopback, mobile }, throughput, lighthouse: scores, verdicts }, null, 2)}\n`);
  console.log(`written to ${path.relative(ROOT, results)}`);
} finally {
  // A failed run still stops the store it started.
  if (running) await stopStore(running);
  rmSync(dataDir, { recursive: true, force: true });
}
