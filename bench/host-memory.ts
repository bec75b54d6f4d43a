/**
 * The shell's host under server-rendering load (its memory under 10 minutes of
 * server-rendering load): `npm start`'s launcher (which hosts the shell's host) runs with the V8
 * inspector on loopback, its own ports and data directory; `--users` (default 16) clients ask for
 * server-rendered pages back to back (the home page, the catalogue with and without a search and a
 * category, the about, contact and policy pages) for `--minutes` (default 10). Every `--sample`
 * seconds (default 15) it forces a full GC in the launcher (`HeapProfiler.collectGarbage`) and
 * reads the heap in use and the RSS, then fits a line to heap-after-GC after a one-minute warm-up,
 * as the API's memory bench does (bench/memory.ts: same verdict rule). Figures go to stdout and
 * `bench/results/host-memory.json`.
 *
 * Run: `node bench/host-memory.ts [--minutes 10] [--users 16] [--sample 15]`, or
 * `node bench/run.ts --host-memory`.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { inspector, linearFit, outputOf } from './memory.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PAGES = ['/', '/produtos', '/produtos?search=anel', '/produtos?categoria=colares', '/sobre', '/contato', '/politica-privacidade', '/termos-uso'];
const ports = { PORT: '28180', API_PORT: '23180', STOREFRONT_PORT: '23181', CHECKOUT_PORT: '23182', ADMIN_PORT: '23183', DEVTOOLS_PORT: '23184', EMBEDDED_PG_PORT: '54369' };
const WARM_UP_MS = 60_000;

export async function runHostMemoryBench(): Promise<void> {
  const { values } = parseArgs({ options: { minutes: { type: 'string', default: '10' }, users: { type: 'string', default: '16' }, sample: { type: 'string', default: '15' }, 'host-memory': { type: 'boolean' } } });
  const minutes = Number(values.minutes);
  const users = Number(values.users);
  const sampleSeconds = Number(values.sample);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prata-bench-host-memory-'));
  chmodSync(dataDir, 0o755);
  const child = spawn(process.execPath, ['--inspect=127.0.0.1:0', 'services/static-host/src/launch.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...ports, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_ACCOUNTS: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const output = outputOf(child);
    const [inspectorUrl] = await output.waitFor(/ws:\/\/127\.0\.0\.1:\d+\/[\w-]+/);
    await output.waitFor(/Prata 925 is running/);
    const cdp = await inspector(inspectorUrl);
    const agent = new http.Agent({ keepAlive: true, maxSockets: users });
    let requests = 0;
    const statuses = new Map<number, number>();
    const get = (pathname: string) =>
      new Promise<void>((resolve) => {
        http
          .get(`http://127.0.0.1:${ports.PORT}${pathname}`, { agent, headers: { accept: 'text/html', 'accept-encoding': 'gzip' } }, (response) => {
            response.resume();
            response.on('end', () => {
              requests += 1;
              statuses.set(response.statusCode ?? 0, (statuses.get(response.statusCode ?? 0) ?? 0) + 1);
              resolve();
            });
          })
          .on('error', () => resolve());
      });
    const deadline = Date.now() + minutes * 60_000;
    const user = async (offset: number) => {
      for (let i = offset; Date.now() < deadline; i += 1) await get(PAGES[i % PAGES.length]!);
    };
    const startedAt = Date.now();
    const samples: { t: number; heapUsed: number; rss: number; requests: number }[] = [];
    const sample = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
      const s = { t: Math.round((Date.now() - startedAt) / 1000), heapUsed: usedSize!, rss: rssKb * 1024, requests };
      samples.push(s);
      console.log(`  t=${String(s.t).padStart(4)} s  heap after GC ${(s.heapUsed / 2 ** 20).toFixed(1).padStart(6)} MiB  RSS ${(s.rss / 2 ** 20).toFixed(0).padStart(4)} MiB  pages ${s.requests}`);
    };
    console.log(`host memory: ${minutes} min of server-rendered pages, ${users} clients on loopback, heap sampled every ${sampleSeconds} s after a forced GC`);
    await sample();
    const sampler = setInterval(() => void sample(), sampleSeconds * 1000);
    await Promise.all(Array.from({ length: users }, (_, index) => user(index)));
    clearInterval(sampler);
    await sample();
    cdp.close();
    agent.destroy();

    const measured = samples.filter((s) => s.t * 1000 >= WARM_UP_MS);
    const fit = linearFit(measured.map((s) => s.t / 60), measured.map((s) => s.heapUsed));
    const window = (measured.at(-1)!.t - measured[0]!.t) / 60;
    const mean = measured.reduce((sum, s) => sum + s.heapUsed, 0) / measured.length;
    const predictedGrowth = fit.slope * window;
    const steady = predictedGrowth > 0.1 * mean && fit.r2 >= 0.5;
    const result = {
      minutes,
      users,
      requests,
      pagesPerSecond: requests / Math.max(1, samples.at(-1)!.t),
      statuses: Object.fromEntries(statuses),
      heapAfterGcMiB: { first: measured[0]!.heapUsed / 2 ** 20, last: measured.at(-1)!.heapUsed / 2 ** 20, mean: mean / 2 ** 20 },
      slopeKiBPerMinute: fit.slope / 1024,
      predictedGrowthOverWindowPercent: (100 * predictedGrowth) / mean,
      r2: fit.r2,
      rssMiB: { first: measured[0]!.rss / 2 ** 20, last: measured.at(-1)!.rss / 2 ** 20, max: Math.max(...measured.map((s) => s.rss)) / 2 ** 20 },
      verdict: steady ? 'steady growth' : 'no steady growth',
      samples,
    };
    console.log(`  pages ${requests} (${result.pagesPerSecond.toFixed(0)}/s), statuses ${JSON.stringify(result.statuses)}`);
    console.log(`  heap after GC from ${result.heapAfterGcMiB.first.toFixed(1)} to ${result.heapAfterGcMiB.last.toFixed(1)} MiB; slope ${result.slopeKiBPerMinute.toFixed(1)} KiB/min = ${result.predictedGrowthOverWindowPercent.toFixed(1)} % of the mean over ${window.toFixed(1)} min, R² ${fit.r2.toFixed(2)}`);
    console.log(`  RSS from ${result.rssMiB.first.toFixed(0)} to ${result.rssMiB.last.toFixed(0)} MiB (max ${result.rssMiB.max.toFixed(0)})`);
    console.log(`  verdict: ${result.verdict}`);
    mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    writeFileSync(path.join(ROOT, 'bench/results/host-memory.json'), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    if (child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGINT');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runHostMemoryBench();
