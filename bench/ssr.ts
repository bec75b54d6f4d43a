/**
 * The shell's host under load, on loopback:
 *
 * - `ttfbUnderLoad`: `concurrency` clients asking for a server-rendered page back to back for
 *   `durationMs` (node:http, keep-alive, gzip accepted, as a browser asks): the time to the
 *   response's headers (TTFB) and to the first byte of the document (its head), p50/p95/p99;
 * - `againstBareRoute`: the page's request rate and latency (autocannon, 100 connections, 10 s),
 *   served from the host's render cache (a hit) and rendered per request (a miss: a query
 *   parameter no other request has), against the same bytes, captured once and served as a
 *   constant by a bare Fastify route in its own process (bench/bare-document.ts), measured in the
 *   same run: the ratios are what the host costs against serving a file;
 * - `renderCpu`: the host process's CPU time per page rendered (misses one after the other, no
 *   concurrency: what one render costs one core).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

export interface LatencyFigures {
  p50: number;
  p95: number;
  p99: number;
}

export interface TtfbFigures {
  requests: number;
  errors: number;
  /** Time to the response's headers, ms. */
  headers: LatencyFigures;
  /** Time to the document's first byte (the start of its head), ms. */
  firstByte: LatencyFigures;
  /** Time to the whole document, ms. */
  complete: LatencyFigures;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const figures = (values: number[]): LatencyFigures => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
};

/** One GET of `url` as a browser asks for a page: [headers, first body byte, end] in ms. */
function timedGet(url: string, agent: http.Agent): Promise<[number, number, number]> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const request = http.get(url, { agent, headers: { accept: 'text/html', 'accept-encoding': 'gzip' } }, (response) => {
      const headers = performance.now() - start;
      let first: number | undefined;
      response.on('data', () => {
        first ??= performance.now() - start;
      });
      response.on('end', () => (response.statusCode === 200 ? resolve([headers, first ?? headers, performance.now() - start]) : reject(new Error(`HTTP ${response.statusCode}`))));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** See the module doc. */
export async function ttfbUnderLoad(url: string, concurrency = 100, durationMs = 10_000): Promise<TtfbFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const headers: number[] = [];
  const firstBytes: number[] = [];
  const complete: number[] = [];
  let errors = 0;
  const deadline = Date.now() + durationMs;
  const client = async () => {
    while (Date.now() < deadline) {
      try {
        const [h, f, c] = await timedGet(url, agent);
        headers.push(h);
        firstBytes.push(f);
        complete.push(c);
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, () => client()));
  agent.destroy();
  return { requests: headers.length, errors, headers: figures(headers), firstByte: figures(firstBytes), complete: figures(complete) };
}

export interface LoadFigures {
  requestsPerSecond: number;
  p97_5Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export interface AgainstBareRoute {
  /** Served from the render cache. */
  hit: LoadFigures;
  /** Rendered for each request. */
  miss: LoadFigures;
  bare: LoadFigures;
  /** Request rate of a hit / the bare route's. */
  hitRatio: number;
  /** Request rate of a miss / the bare route's. */
  missRatio: number;
  /** Size of the page (bytes of HTML, uncompressed). */
  pageBytes: number;
}

const CONNECTIONS = 100;

async function load(url: string, bust = false): Promise<LoadFigures> {
  let serial = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: 10,
    headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
    // A miss: every request asks for a page the cache has never seen.
    ...(bust ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: `${new URL(url).pathname}?bench=${(serial += 1)}` }) }] } : {}),
  });
  return { requestsPerSecond: result.requests.average, p97_5Ms: result.latency.p97_5, p99Ms: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

/** Runs `work` with the bare route serving `page` (gzip) on `port`. */
async function withBareRoute<T>(page: string, port: number, work: (url: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'prata-bench-bare-'));
  const file = path.join(dir, 'page.html.gz');
  writeFileSync(file, gzipSync(page));
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-document.ts');
  const server = spawn(process.execPath, [script, String(port), file], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      server.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      server.once('exit', (code) => reject(new Error(`the bare route exited (${code})`)));
    });
    return await work(`http://127.0.0.1:${port}/`);
  } finally {
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

/** See the module doc; the bare route listens on `barePort`. */
export async function againstBareRoute(url: string, barePort: number): Promise<AgainstBareRoute> {
  const page = await (await fetch(url, { headers: { accept: 'text/html' } })).text();
  const hit = await load(url);
  const miss = await load(url, true);
  const bare = await withBareRoute(page, barePort, (bareUrl) => load(bareUrl));
  return { hit, miss, bare, hitRatio: hit.requestsPerSecond / bare.requestsPerSecond, missRatio: miss.requestsPerSecond / bare.requestsPerSecond, pageBytes: Buffer.byteLength(page) };
}

/** Latency of `url` (a cached page) at 100 connections against the bare route serving its bytes. */
export async function latencyAgainstBareRoute(url: string, barePort: number): Promise<{ page: LoadFigures; bare: LoadFigures }> {
  const body = await (await fetch(url, { headers: { accept: 'text/html' } })).text();
  const page = await load(url);
  const bare = await withBareRoute(body, barePort, (bareUrl) => load(bareUrl));
  return { page, bare };
}

/** CPU time (user + system, ms) the process `pid` has used so far (Linux /proc). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * The host's CPU per rendered page: `n` misses of `url` one after the other (a query parameter
 * no request had), the host process's CPU time over them / `n` (ms). `pid`: the host's process.
 */
export async function renderCpu(url: string, pid: number, n = 200): Promise<number> {
  const before = cpuMs(pid);
  for (let i = 0; i < n; i += 1) {
    const response = await fetch(`${url}${url.includes('?') ? '&' : '?'}cold=${Date.now()}-${i}`, { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    await response.arrayBuffer();
  }
  return (cpuMs(pid) - before) / n;
}
