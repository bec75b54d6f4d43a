/**
 * Benchmarks (print figures; nothing here asserts a time):
 * 1. cold start of `npm start`: first run on an empty data directory (embedded PostgreSQL
 *    initdb, migrations, seed) and a second, warm run; builds come from the Nx cache;
 * 2. page weight: bytes of JavaScript (as transferred, gzip) and requests the home page loads,
 *    and on an emulated phone the JavaScript transferred before the LCP and in all;
 * 3. the home page with JavaScript disabled (hero, priced product cards, footer);
 * 4. time to the first product card, server-rendered and rendered in the browser (the plain
 *    document, the baseline), on loopback and on an emulated mobile network (bench/page-load.ts);
 * 5. the shell's host under load (bench/ssr.ts): TTFB and first byte of `/` at 100 concurrent
 *    clients; server-rendered `/produtos` against the same page as a static file, same run;
 * 6. API latency of GET /api/products and /api/products/featured (200 sequential requests each);
 * 7. API throughput at 50 connections against a bare Fastify route, same run (bench/throughput.ts);
 * 8. Lighthouse 13, mobile preset, a cold profile per page, on `/`, `/produtos`, `/sobre`,
 *    `/checkout` and `/admin` signed in (bench/lighthouse.ts);
 * 9. product photo renditions: a 1600 px JPEG re-encoded as WebP at each srcset width, the first
 *    (encoding) request and the size against the original, then 200 cached requests at 320 px.
 * Then a table of each figure with its target and a verdict, also written to
 * `bench/results/perf.json`.
 * Uses its own ports (28080, 23000-23004, 15469, 23099 for the bare route, 23098 for the static
 * file) and a temporary data directory.
 * Run: npm run bench (builds first). `node bench/run.ts --memory [--minutes 10]` runs the API's
 * memory benchmark (bench/memory.ts) instead, `node bench/run.ts --host-memory [--minutes 10]`
 * the shell's host's (bench/host-memory.ts). Not `npm run bench -- --memory`: npm appends the
 * option to the script's last command, `node bench/realtime.ts`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { IMAGE_RENDITION_WIDTHS } from '@prata/contracts';
import { runLighthouse, type LighthouseFigures } from './lighthouse.ts';
import { firstCard, jsAroundLcp, pageWeight, withoutJavaScript } from './page-load.ts';
import { againstBareRoute, latencyAgainstBareRoute, renderCpu, ttfbUnderLoad } from './ssr.ts';
import { measureThroughput } from './throughput.ts';

if (process.argv.includes('--memory')) {
  const { runMemoryBench } = await import('./memory.ts');
  await runMemoryBench();
  process.exit(0);
}
if (process.argv.includes('--host-memory')) {
  const { runHostMemoryBench } = await import('./host-memory.ts');
  await runHostMemoryBench();
  process.exit(0);
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ports = { PORT: '28080', API_PORT: '23000', STOREFRONT_PORT: '23001', CHECKOUT_PORT: '23002', ADMIN_PORT: '23003', DEVTOOLS_PORT: '23004', EMBEDDED_PG_PORT: '15469' };
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
  const ms = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      storeOutput += chunk.toString();
      if (output.includes('Prata 925 is running')) resolve(performance.now() - startedAt);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', () => reject(new Error(`npm start exited:\n${output}`)));
  });
  return { child, ms, output };
}

/** Everything the stores printed (the host logs each page it could not keep because a slot fell back). */
let storeOutput = '';

/** Pages whose server render fell back to the browser, as the host logged them so far. */
/**
 * Renders that fell back to the browser, from the store's log: in the shoppers' traffic of the
 * bench and the Lighthouse runs (`outside`), and in the deliberate overload of the cache-miss
 * figure (`overload`: 100 connections each asking a page no one asked before, `?bench=N`, past
 * what the host can render within its budget; each such page is rendered again in the background).
 */
const fallbacks = () => {
  const lines = storeOutput.split('\n').filter((line) => /was not kept in the render cache|could not render/.test(line));
  const overload = lines.filter((line) => /[?&]bench=\d+/.test(line)).length;
  return { outside: lines.length - overload, overload };
};

/** The process listening on `port` (Linux `ss`). @throws when none. */
function pidListening(port: string): number {
  const match = /pid=(\d+)/.exec(execFileSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' }));
  if (!match) throw new Error(`nothing listens on ${port}`);
  return Number(match[1]);
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

/** One line of the issue's table: a figure, its target and whether it is met. */
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
  const [product] = ((await (await fetch(`${apiUrl}/api/products`)).json()) as { id: string; name: string; priceCents: number; imageUrl: string | null; options: unknown[] }[]).filter((item) => item.options.length === 0);
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
  console.log(`home page JS (transferred, gzip, loopback): ${(weight.totalBytes / 1024).toFixed(1)} KiB in ${weight.files} files; ${weight.requests} requests in all`);
  for (const [port, bytes] of Object.entries(weight.byPort)) {
    const name = Object.entries(ports).find(([, value]) => value === port)?.[0] ?? port;
    console.log(`  ${name.padEnd(16)} ${(bytes / 1024).toFixed(1)} KiB`);
  }
  const phone = await jsAroundLcp(`${storeUrl}/`);
  console.log(`home page on an emulated phone (slow 4G, 4x CPU): LCP ${phone.lcpMs.toFixed(0)} ms; JS before the LCP ${(phone.beforeLcpBytes / 1024).toFixed(1)} KiB, in all ${(phone.totalBytes / 1024).toFixed(1)} KiB`);
  judge('JavaScript on / before LCP (gzip)', phone.beforeLcpBytes / 1024, 'KiB', '<= 100 KiB', phone.beforeLcpBytes / 1024 <= 100);
  judge('JavaScript on / in total (gzip)', phone.totalBytes / 1024, 'KiB', '<= 150 KiB', phone.totalBytes / 1024 <= 150);

  const noJs = await withoutJavaScript(storeUrl);
  console.log(`home page without JavaScript: hero ${noJs.hero ? 'shown' : 'MISSING'}, ${noJs.productCards} product cards (${noJs.pricedCards} with a price), footer ${noJs.footer ? 'shown' : 'MISSING'}`);
  judge('/ without JavaScript: hero, 8 priced products, footer', noJs.hero && noJs.pricedCards === 8 && noJs.footer ? 1 : 0, 'ok', 'hero, 8 priced cards, footer', noJs.hero && noJs.pricedCards === 8 && noJs.footer);

  const shellIndex = path.join(ROOT, 'shell', 'dist', 'index.html');
  const loopback = await firstCard(storeUrl, shellIndex, false);
  const mobile = await firstCard(storeUrl, shellIndex, true);
  console.log('home page, first product card (median of 3, cold browser cache):');
  console.log(`  loopback:             server-rendered ${loopback.inlinedMs.toFixed(0)} ms, rendered in the browser ${loopback.plainMs.toFixed(0)} ms`);
  console.log(`  mobile (150 ms RTT):  server-rendered ${mobile.inlinedMs.toFixed(0)} ms, rendered in the browser ${mobile.plainMs.toFixed(0)} ms`);

  const ttfb = await ttfbUnderLoad(`${storeUrl}/`, 100, 10_000);
  console.log(`/ at 100 concurrent clients (10 s, ${ttfb.requests} pages, ${ttfb.errors} errors):`);
  console.log(`  headers (TTFB)   p50 ${ttfb.headers.p50.toFixed(0)} ms, p95 ${ttfb.headers.p95.toFixed(0)} ms, p99 ${ttfb.headers.p99.toFixed(0)} ms`);
  console.log(`  head first byte  p50 ${ttfb.firstByte.p50.toFixed(0)} ms, p95 ${ttfb.firstByte.p95.toFixed(0)} ms, p99 ${ttfb.firstByte.p99.toFixed(0)} ms`);
  console.log(`  whole page       p50 ${ttfb.complete.p50.toFixed(0)} ms, p95 ${ttfb.complete.p95.toFixed(0)} ms, p99 ${ttfb.complete.p99.toFixed(0)} ms`);
  judge('TTFB of / at 100 concurrent requests, p95', ttfb.headers.p95, 'ms', '<= 200 ms', ttfb.headers.p95 <= 200);
  judge('first byte of the head of / at 100 concurrent, p50', ttfb.firstByte.p50, 'ms', '<= 50 ms', ttfb.firstByte.p50 <= 50);
  const rendering = await againstBareRoute(`${storeUrl}/produtos`, 23098);
  console.log(`/produtos (${(rendering.pageBytes / 1024).toFixed(0)} KiB of HTML) at 100 connections, 10 s each, against a bare Fastify route with the same bytes:`);
  for (const [name, figures] of [['cache hit', rendering.hit], ['cache miss', rendering.miss], ['bare route', rendering.bare]] as const) {
    console.log(`  ${name.padEnd(12)} ${figures.requestsPerSecond.toFixed(0).padStart(6)} req/s, p97.5 ${figures.p97_5Ms} ms, p99 ${figures.p99Ms} ms, errors ${figures.errors}, non-2xx ${figures.non2xx}`);
  }
  console.log(`  ratios to the bare route: hit ${rendering.hitRatio.toFixed(3)}, miss ${rendering.missRatio.toFixed(3)}`);
  judge('/produtos throughput, cache hit / bare route (100 conn.)', rendering.hitRatio, 'ratio', '>= 0.5', rendering.hitRatio >= 0.5);
  judge('/produtos throughput, cache miss / bare route (printed)', rendering.missRatio, 'ratio', 'printed', true);
  judge('HTML of /produtos', rendering.pageBytes / 1024, 'KiB', '<= 80 KiB', rendering.pageBytes / 1024 <= 80);
  for (const pathname of ['/', '/produtos']) {
    const { page, bare } = await latencyAgainstBareRoute(`${storeUrl}${pathname}`, 23098);
    console.log(`${pathname} at 100 connections: p97.5 ${page.p97_5Ms} ms / p99 ${page.p99Ms} ms; bare route (same bytes) p97.5 ${bare.p97_5Ms} ms / p99 ${bare.p99Ms} ms`);
    const factor = Math.max(page.p97_5Ms / bare.p97_5Ms, page.p99Ms / bare.p99Ms);
    judge(`${pathname} latency p97.5/p99 against the bare route`, factor, 'ratio', '<= 2', factor <= 2);
  }
  const cpu = await renderCpu(`${storeUrl}/produtos`, pidListening(ports.PORT));
  console.log(`/produtos rendered per request (cache misses one after the other): ${cpu.toFixed(1)} ms of the host's CPU each, storing it in the cache included`);
  judge('one cold render of /produtos, CPU of one core', cpu, 'ms', '<= 4 ms', cpu <= 4);

  console.log(`GET /api/products           ${await latency('/api/products')}`);
  console.log(`GET /api/products/featured  ${await latency('/api/products/featured')}`);

  const throughput = await measureThroughput(apiUrl, 23099);
  console.log(`GET /api/products at 50 connections (${(throughput.bodyBytes / 1024).toFixed(1)} KiB list):`);
  for (const [name, figures] of [['API', throughput.api], ['bare Fastify', throughput.bare]] as const) {
    console.log(`  ${name.padEnd(13)} ${figures.requestsPerSecond.toFixed(0).padStart(6)} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, errors ${figures.errors}, non-2xx ${figures.non2xx}`);
  }
  judge('GET /api/products throughput / bare route (50 conn.)', throughput.ratio, 'ratio', '>= 0.9', throughput.ratio >= 0.9);
  const p99Factor = throughput.api.p99Ms / throughput.bare.p99Ms;
  judge('GET /api/products p99 / bare route p99', p99Factor, 'ratio', '<= 1.5', p99Factor <= 1.5);

  const lighthouse = await runLighthouse(storeUrl, [
    { label: '/', path: '/' },
    { label: '/produtos', path: '/produtos' },
    { label: '/sobre', path: '/sobre' },
    { label: '/checkout (signed in)', path: '/checkout', signIn: (page) => signInCustomer(page, demoPassword(first.output, CUSTOMER)) },
    { label: '/admin (signed in)', path: '/admin', signIn: (page) => signInAdmin(page, demoPassword(first.output, ADMIN)) },
  ]);
  console.log('Lighthouse 13, mobile preset (simulated slow 4G, 4x CPU), a cold profile per page:');
  for (const [label, figures] of lighthouse) {
    console.log(
      `  ${label.padEnd(22)} performance ${String(figures.score).padStart(3)}, FCP ${(figures.fcpMs / 1000).toFixed(2)} s, LCP ${(figures.lcpMs / 1000).toFixed(2)} s, CLS ${figures.cls.toFixed(3)}, TBT ${figures.tbtMs.toFixed(0)} ms, JS ${(figures.scriptBytes / 1024).toFixed(0)} KiB; longest tasks ${figures.longTasks.map(([url, ms]) => `${url} ${ms} ms`).join(', ')}`,
    );
    judge(`Lighthouse performance ${label}`, figures.score, '', '>= 95', figures.score >= 95);
  }
  const home = lighthouse.get('/') as LighthouseFigures;
  judge('LCP on /', home.lcpMs, 'ms', '<= 1800 ms', home.lcpMs <= 1800);
  judge('TBT on /', home.tbtMs, 'ms', '<= 100 ms', home.tbtMs <= 100);
  judge('CLS on /', home.cls, '', '<= 0.02', home.cls <= 0.02);

  const fellBack = fallbacks();
  judge('renders that fell back to the browser (bench and Lighthouse)', fellBack.outside, '', '0', fellBack.outside === 0);
  judge('... in the cache-miss overload (unique pages, 100 conn.; printed)', fellBack.overload, '', 'printed', true);

  await renditions();
  running = null;
  await stopStore(first.child);

  const second = await startStore();
  console.log(`cold start, second run (warm data directory): ${(second.ms / 1000).toFixed(2)} s`);
  await stopStore(second.child);

  console.log('\nFigures and targets (this machine, this run):');
  for (const v of verdicts) console.log(`  ${v.met ? 'MET    ' : 'NOT MET'}  ${v.figure.padEnd(52)} ${format(v).padStart(10)}   target ${v.target}`);
  const results = path.join(ROOT, 'bench', 'results', 'perf.json');
  const scores = Object.fromEntries(lighthouse);
  writeFileSync(results, `${JSON.stringify({ measuredAt: new Date().toISOString(), cpus: os.cpus().length, pageWeight: weight, phone, noJs, firstCard: { loopback, mobile }, ttfb, rendering, throughput, lighthouse: scores, verdicts }, null, 2)}\n`);
  console.log(`written to ${path.relative(ROOT, results)}`);
} finally {
  // A failed run still stops the store it started.
  if (running) await stopStore(running);
  rmSync(dataDir, { recursive: true, force: true });
}
