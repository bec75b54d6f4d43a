/**
 * The server-rendered catalogue document, measured in this process (prints figures, asserts
 * nothing): its bytes by part, and what one render costs the shell's host on one core.
 *
 * - Weight: `GET <store>/produtos` as a browser asks for a page (uncompressed, so the figures are
 *   the HTML itself; gzip alongside), split into the inlined `<style>` sheets, the page's JSON-LD,
 *   the markup of `#root` (with its inline SVGs), the dehydrated query state (`#prata-state`),
 *   the boot data and the rest.
 * - Render time: the shell's Node build (`shell/dist/server/server.js`, loaded as the host loads
 *   it, services/static-host/src/shell-renderer.ts) writes the whole document of `path` into a
 *   sink, sequentially, `--renders` times after `--warmup` renders: wall time and this process's
 *   CPU time (user + system) per document, median and p95. A fresh query client per render (as
 *   the host does), so every render loads the page's data and renders from nothing: a cold render
 *   of the page in a warm process. Measured twice: with the API's answers over HTTP (a running
 *   store's API, whose public lists it serves from memory; its own time is in the wall time, not
 *   this process's CPU, but the HTTP client's is), then with the same answers kept in this process
 *   (the `fetch` of API URLs answered from the first answer's bytes: parsing and validating them is
 *   still counted), which is what rendering the page costs the host.
 *
 * Run against a running store (`npm start`, or launch.ts on other ports):
 *   node bench/catalogue-document.ts [--store http://127.0.0.1:8080] [--api http://127.0.0.1:3000]
 *     [--path /produtos] [--renders 200] [--warmup 50] [--in-memory-only]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { RemoteRegistry } from '@prata/contracts/platform';
import { documentBody, loadShellRenderer, streamDocument, type DocumentBody } from '../services/static-host/src/shell-renderer.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1]! : fallback;
}

const storeUrl = option('store', 'http://127.0.0.1:8080');
const apiUrl = option('api', 'http://127.0.0.1:3000');
const pagePath = option('path', '/produtos');
const renders = Number(option('renders', '200'));
const warmup = Number(option('warmup', '50'));

/** Bytes of a document by part (see the module doc); `styleSheets`, `rootSvgs` and `productCards` are counts. */
export interface DocumentParts {
  total: number;
  gzip: number;
  styleSheets: number;
  styles: number;
  jsonLd: number;
  root: number;
  rootSvgs: number;
  rootSvgBytes: number;
  productCards: number;
  state: number;
  boot: number;
  rest: number;
}

/** Bytes of `html` by part (see the module doc). */
export function documentParts(html: string): DocumentParts {
  const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
  const all = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[0]);
  const styles = all(/<style[^>]*>[\s\S]*?<\/style>/g);
  const jsonLd = all(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g);
  const state = all(/<script type="application\/json" id="prata-state">[\s\S]*?<\/script>/g);
  const boot = all(/<script type="application\/json" id="prata-boot">[\s\S]*?<\/script>/g);
  const rootStart = html.indexOf('<div id="root">');
  const rootEnd = html.indexOf('<script type="application/json" id="prata-state">');
  const root = rootStart >= 0 && rootEnd > rootStart ? html.slice(rootStart, rootEnd) : '';
  const svgs = [...root.matchAll(/<svg[\s\S]*?<\/svg>/g)].map((match) => match[0]);
  const sum = (parts: string[]) => parts.reduce((total, part) => total + bytes(part), 0);
  const known = sum(styles) + sum(jsonLd) + sum(state) + sum(boot) + bytes(root);
  return {
    total: bytes(html),
    gzip: gzipSync(html).length,
    styleSheets: styles.length,
    styles: sum(styles),
    jsonLd: sum(jsonLd),
    root: bytes(root),
    rootSvgs: svgs.length,
    rootSvgBytes: sum(svgs),
    productCards: (root.match(/data-testid="product-card"/g) ?? []).length,
    state: sum(state),
    boot: sum(boot),
    rest: bytes(html) - known,
  };
}

const kib = (value: number) => `${(value / 1024).toFixed(1)} KiB`;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

/** The host's own document body, uncompressed (the render's own cost), its bytes counted as they leave. */
function countingBody(): DocumentBody & { done: Promise<number> } {
  const body = documentBody(undefined);
  let length = 0;
  const done = new Promise<number>((resolve) => {
    body.stream.on('data', (chunk: Buffer) => (length += chunk.length));
    body.stream.on('end', () => resolve(length));
  });
  return Object.assign(body, { done });
}

const response = await fetch(`${storeUrl}${pagePath}`, { headers: { accept: 'text/html' } });
const html = await response.text();
console.log(`GET ${pagePath}: ${response.status}`);
const parts = documentParts(html);
console.log(
  [
    `  HTML ${kib(parts.total)} (${parts.total} B; gzip ${kib(parts.gzip)}), ${parts.productCards} product cards`,
    `  inlined styles: ${parts.styleSheets} sheets, ${kib(parts.styles)}`,
    `  #root markup: ${kib(parts.root)}, of which ${parts.rootSvgs} inline SVGs ${kib(parts.rootSvgBytes)}`,
    `  dehydrated state: ${kib(parts.state)}; JSON-LD: ${kib(parts.jsonLd)}; boot data: ${kib(parts.boot)}; rest: ${kib(parts.rest)}`,
  ].join('\n'),
);

const registry = (await (await fetch(`${apiUrl}/api/remotes`)).json()) as RemoteRegistry;
// The running store's remotes are the release origins this renderer may load Node builds from.
const releaseOrigins = [...new Set(registry.map((entry) => new URL(entry.manifestUrl).origin))];
const renderer = loadShellRenderer(path.join(ROOT, 'shell', 'dist'), releaseOrigins);
if (!renderer) throw new Error('shell/dist has no Node build: build the shell first');
const { origin: storeOrigin, hostname } = new URL(storeUrl);

async function renderOnce(): Promise<{ wallMs: number; cpuMs: number; bytes: number }> {
  const body = countingBody();
  const cpu = process.cpuUsage();
  const startedAt = performance.now();
  await streamDocument({
    renderer: renderer!,
    body,
    closed: new Promise(() => undefined),
    request: { url: pagePath, hostname, storeOrigin, apiUrl, registry, budgetMs: 2000, releaseOrigins, report: () => undefined },
    onRenderError: (error) => {
      throw error;
    },
  });
  const bytes = await body.done;
  const wallMs = performance.now() - startedAt;
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (used.user + used.system) / 1000, bytes };
}

/** Renders `renders` documents after `warmup` and prints the figures, labelled `label`. */
async function measure(label: string): Promise<void> {
  for (let i = 0; i < warmup; i += 1) await renderOnce();
  const runs: { wallMs: number; cpuMs: number; bytes: number }[] = [];
  for (let i = 0; i < renders; i += 1) runs.push(await renderOnce());
  const wall = runs.map((run) => run.wallMs);
  const cpu = runs.map((run) => run.cpuMs);
  console.log(
    `render of ${pagePath}, ${label} (${renders} after ${warmup} warm-up, ${kib(runs[0]!.bytes)} each): wall median ${percentile(wall, 50).toFixed(2)} ms, p95 ${percentile(wall, 95).toFixed(2)} ms; CPU median ${percentile(cpu, 50).toFixed(2)} ms, p95 ${percentile(cpu, 95).toFixed(2)} ms`,
  );
}

if (!process.argv.includes('--in-memory-only')) await measure('API over HTTP');

// The same renders with the API's answers kept in memory (see the module doc).
const answers = new Map<string, Promise<{ status: number; headers: [string, string][]; body: ArrayBuffer }>>();
const networkFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!url.startsWith(apiUrl) || (init?.method && init.method !== 'GET')) return networkFetch(input, init);
  let answer = answers.get(url);
  if (!answer) {
    answer = networkFetch(url).then(async (response) => ({ status: response.status, headers: [...response.headers].filter(([name]) => name !== 'content-encoding' && name !== 'content-length'), body: await response.arrayBuffer() }));
    answers.set(url, answer);
  }
  return answer.then(({ status, headers, body }) => new Response(body.slice(0), { status, headers }));
};
await measure('API answers in memory');
process.exit(0);
