/**
 * Source-map coverage (target: at least 95 % of the frames of our own code mapped): for every
 * browser chunk of the five production builds (`<app>/dist/*.js` with its hidden `.js.map`),
 * 50,000 code positions per app drawn at random over its chunks' bytes (a fixed seed: the same
 * builds give the same figures) are
 * mapped the way the service maps a reported frame (@jridgewell/trace-mapping,
 * `originalPositionFor` on line and 0-based column). A position is "ours" when it maps to the
 * repository's own sources (`src/`, shared-ui, contracts), a dependency's when it maps into
 * `node_modules`, the bundler's when it maps to `webpack/runtime`, generated when its segment has
 * no source at all (code the bundler wrote: module wrappers, federation glue); unmapped otherwise
 * (no segment before it on its line). Coverage of our code = ours / (ours + unmapped) per app: an
 * unmapped position could be ours, so it counts against. Prints a table; `--json` writes `bench/results/source-map-coverage.json`.
 * Run after a build: `node bench/source-map-coverage.ts` (`--app mf-storefront`: that app only).
 */
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, traceSegment, TraceMap } from '@jridgewell/trace-mapping';

const ROOT = path.resolve(import.meta.dirname, '..');
const ALL_APPS = ['shell', 'mf-storefront', 'mf-checkout', 'mf-admin', 'mf-devtools'];
/** `--app <dir>` (repeatable) measures those apps only (the others need not be built). */
const chosen = process.argv.flatMap((arg, index) => (arg === '--app' && process.argv[index + 1] ? [process.argv[index + 1]!] : []));
const APPS = chosen.length > 0 ? ALL_APPS.filter((app) => chosen.includes(app)) : ALL_APPS;
/** Positions drawn per app, spread over its chunks in proportion to their size. */
const SAMPLES_PER_APP = 50_000;

/** Mulberry32: a small seeded generator, so runs on the same builds agree. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Kind = 'ours' | 'dependency' | 'bundler' | 'generated' | 'unmapped';

function kindOf(source: string | null): Kind {
  if (source === null) return 'unmapped';
  if (/node_modules\//.test(source)) return 'dependency';
  if (/webpack\/(runtime|bootstrap|startup)|^webpack:\/\/[^/]+\/webpack\//.test(source)) return 'bundler';
  return 'ours';
}

const rows: { app: string; chunks: number; counts: Record<Kind, number>; coverage: number }[] = [];
for (const app of APPS) {
  const dist = path.join(ROOT, app, 'dist');
  const counts: Record<Kind, number> = { ours: 0, dependency: 0, bundler: 0, generated: 0, unmapped: 0 };
  let chunks = 0;
  const files = readdirSync(dist).filter((name) => name.endsWith('.js') && readdirSync(dist).includes(`${name}.map`));
  const appBytes = files.reduce((sum, file) => sum + readFileSync(path.join(dist, file), 'utf8').length, 0);
  for (const file of files) {
    chunks += 1;
    const text = readFileSync(path.join(dist, file), 'utf8');
    const samples = Math.max(1, Math.round((SAMPLES_PER_APP * text.length) / appBytes));
    const code = text.split('\n');
    const map = new TraceMap(readFileSync(path.join(dist, `${file}.map`), 'utf8'));
    const next = random(chunks * 7919 + app.length);
    // Code positions only: non-blank characters, drawn uniformly over the file's characters.
    const total = code.reduce((sum, line) => sum + line.length, 0);
    for (let i = 0; i < samples && total > 0; i += 1) {
      let offset = Math.floor(next() * total);
      let line = 0;
      while (offset >= code[line]!.length) {
        offset -= code[line]!.length;
        line += 1;
      }
      if (/\s/.test(code[line]![offset]!)) continue;
      const kind = kindOf(originalPositionFor(map, { line: line + 1, column: offset }).source);
      // A one-field segment is code the bundler wrote with no source at all (module wrappers, the
      // federation glue): never "our code", so not counted against it.
      const segment = traceSegment(map, line, offset);
      counts[kind === 'unmapped' && segment && segment.length === 1 ? 'generated' : kind] += 1;
    }
  }
  rows.push({ app, chunks, counts, coverage: (counts.ours / Math.max(counts.ours + counts.unmapped, 1)) * 100 });
}

console.log('app            chunks   ours  dependency  bundler  generated  unmapped  coverage of our code');
for (const row of rows) {
  console.log(
    `${row.app.padEnd(14)} ${String(row.chunks).padStart(6)} ${String(row.counts.ours).padStart(6)} ${String(row.counts.dependency).padStart(11)} ${String(row.counts.bundler).padStart(8)} ${String(row.counts.generated).padStart(10)} ${String(row.counts.unmapped).padStart(9)}  ${row.coverage.toFixed(2)} %`,
  );
}
if (process.argv.includes('--json')) {
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench/results/source-map-coverage.json'), `${JSON.stringify(rows, null, 2)}\n`);
}
