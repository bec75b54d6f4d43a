/**
 * Lighthouse on two builds of the store in the same run: this checkout against a baseline
 * checkout (another commit, already built with `npx nx run-many -t build`), so a change's effect
 * on the lab figures is measured against the same machine, at the same time, instead of against
 * figures of another day. Each store runs as `npm start` runs it (services/static-host/src/launch.ts,
 * production builds, a fresh embedded PostgreSQL with the demo catalogue), on ports of its own.
 * The pages are audited cold (bench/lighthouse.ts: a new chromium profile per audit, mobile
 * preset), alternating baseline and candidate run by run, so a slow minute of the machine hits
 * both. Prints every run and, per page and build, the median and the best of each figure, and
 * writes them to `bench/results/lighthouse-paired.json`.
 *
 * Run: `node bench/lighthouse-paired.ts --baseline /path/to/other/checkout [--runs 5] [--pages /,/produtos]`
 * (this checkout must be built too). Ports: 38080, 33000-33004, 35469 (candidate) and
 * 48080, 43000-43004, 45469 (baseline).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { runLighthouse, type LighthouseFigures } from './lighthouse.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { baseline: { type: 'string' }, runs: { type: 'string', default: '5' }, pages: { type: 'string', default: '/,/produtos' } } });
if (!values.baseline) throw new Error('--baseline <checkout directory> is required');
const runs = Number.parseInt(values.runs, 10);
const pages = values.pages.split(',');

interface Store {
  label: 'baseline' | 'candidate';
  url: string;
  child: ChildProcess;
  dataDir: string;
}

/** Starts the store of checkout `root` with every port at `base` + the usual last digits; resolves once it says it runs. */
async function startStore(label: Store['label'], root: string, base: number): Promise<Store> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `prata-lh-${label}-`));
  chmodSync(dataDir, 0o755);
  const ports = {
    PORT: String(base + 8080),
    API_PORT: String(base + 3000),
    STOREFRONT_PORT: String(base + 3001),
    CHECKOUT_PORT: String(base + 3002),
    ADMIN_PORT: String(base + 3003),
    DEVTOOLS_PORT: String(base + 3004),
    EMBEDDED_PG_PORT: String(base + 5469),
  };
  const child = spawn(process.execPath, ['services/static-host/src/launch.ts'], {
    cwd: root,
    env: { ...process.env, ...ports, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', DEMO_ORDER_HISTORY: 'false' },
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
    child.once('exit', () => reject(new Error(`the ${label} store exited:\n${output}`)));
  });
  return { label, url: `http://127.0.0.1:${ports.PORT}`, child, dataDir };
}

async function stopStore(store: Store): Promise<void> {
  process.kill(-store.child.pid!, 'SIGINT');
  await once(store.child, 'exit');
  rmSync(store.dataDir, { recursive: true, force: true });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const stores = [await startStore('baseline', path.resolve(values.baseline), 40_000), await startStore('candidate', ROOT, 30_000)];
const figures = new Map<string, LighthouseFigures[]>();
try {
  // Each store's first render of a page fills its render cache: one audit each, not counted.
  for (const store of stores) await runLighthouse(store.url, pages.map((page) => ({ label: page, path: page })));
  for (let run = 1; run <= runs; run += 1) {
    for (const store of run % 2 ? stores : [...stores].reverse()) {
      const results = await runLighthouse(store.url, pages.map((page) => ({ label: page, path: page })));
      for (const [page, result] of results) {
        const key = `${page} ${store.label}`;
        figures.set(key, [...(figures.get(key) ?? []), result]);
        console.log(`run ${run} ${key}: score ${result.score}, LCP ${Math.round(result.lcpMs)} ms, TBT ${Math.round(result.tbtMs)} ms, CLS ${result.cls.toFixed(4)}, JS ${Math.round(result.scriptBytes / 1024)} KiB`);
      }
    }
  }
} finally {
  for (const store of stores) await stopStore(store);
}

type Figure = { median: number; best: number };
const summary: Record<string, { score: Figure; lcpMs: Figure; tbtMs: Figure; scriptBytes: Figure }> = {};
console.log(`\nLighthouse 13 mobile, cold, ${runs} runs each, alternating (median / best):`);
for (const [key, results] of figures) {
  const of = (pick: (f: LighthouseFigures) => number, best: (a: number[]) => number) => ({ median: median(results.map(pick)), best: best(results.map(pick)) });
  const s = (summary[key] = {
    score: of((f) => f.score, (a) => Math.max(...a)),
    lcpMs: of((f) => f.lcpMs, (a) => Math.min(...a)),
    tbtMs: of((f) => f.tbtMs, (a) => Math.min(...a)),
    scriptBytes: of((f) => f.scriptBytes, (a) => Math.min(...a)),
  });
  console.log(`${key.padEnd(24)} score ${s.score.median} / ${s.score.best}, LCP ${Math.round(s.lcpMs.median)} / ${Math.round(s.lcpMs.best)} ms, TBT ${Math.round(s.tbtMs.median)} / ${Math.round(s.tbtMs.best)} ms, JS ${Math.round(s.scriptBytes.median / 1024)} KiB`);
}
writeFileSync(path.join(ROOT, 'bench/results/lighthouse-paired.json'), `${JSON.stringify({ measuredAt: new Date().toISOString(), baseline: path.resolve(values.baseline), runs, summary, figures: Object.fromEntries(figures) }, null, 2)}\n`);
