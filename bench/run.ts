/**
 * Benchmarks (print figures; nothing here asserts a time):
 * 1. cold start of `npm start`: first run on an empty data directory (embedded PostgreSQL
 *    initdb, migrations, seed) and a second, warm run; builds come from the Nx cache;
 * 2. page weight: bytes of JavaScript (as transferred, gzip) and requests the home page loads;
 * 3. API latency of GET /api/products and /api/products/featured (200 sequential requests each);
 * 4. product photo renditions: a 1600 px JPEG re-encoded as WebP at each srcset width, the first
 *    (encoding) request and the size against the original, then 200 cached requests at 320 px.
 * Uses its own ports (28080, 23000-23004, 54349) and a temporary data directory.
 * Run: npm run bench (builds first). `npm run bench -- --memory [--minutes 10]` runs the memory
 * benchmark (bench/memory.ts) instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { IMAGE_RENDITION_WIDTHS } from '@prata/contracts';

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

async function startStore(): Promise<{ child: ChildProcess; ms: number }> {
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
  return { child, ms: performance.now() - startedAt };
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

try {
  const first = await startStore();
  console.log(`cold start, first run (initdb + migrations + seed): ${(first.ms / 1000).toFixed(2)} s`);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage();
  const js: { url: string; bytes: number }[] = [];
  let requests = 0;
  page.on('requestfinished', async (request) => {
    requests += 1;
    if (request.resourceType() === 'script') js.push({ url: request.url(), bytes: (await request.sizes()).responseBodySize });
  });
  const t0 = performance.now();
  await page.goto(storeUrl);
  await page.getByTestId('product-card').first().waitFor();
  const contentMs = performance.now() - t0;
  await page.waitForLoadState('networkidle');
  await browser.close();
  const total = js.reduce((sum, item) => sum + item.bytes, 0);
  const byOrigin = new Map<string, number>();
  for (const item of js) byOrigin.set(new URL(item.url).port, (byOrigin.get(new URL(item.url).port) ?? 0) + item.bytes);
  console.log(`home page JS (transferred, gzip): ${(total / 1024).toFixed(1)} KiB in ${js.length} files; ${requests} requests in all`);
  for (const [port, bytes] of byOrigin) {
    const name = Object.entries(ports).find(([, value]) => value === port)?.[0] ?? port;
    console.log(`  ${name.padEnd(16)} ${(bytes / 1024).toFixed(1)} KiB`);
  }
  console.log(`home page: first product card visible after ${contentMs.toFixed(0)} ms (cold browser cache, loopback)`);

  console.log(`GET /api/products           ${await latency('/api/products')}`);
  console.log(`GET /api/products/featured  ${await latency('/api/products/featured')}`);
  await renditions();
  await stopStore(first.child);

  const second = await startStore();
  console.log(`cold start, second run (warm data directory): ${(second.ms / 1000).toFixed(2)} s`);
  await stopStore(second.child);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
