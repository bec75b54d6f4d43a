/**
 * The shell's host under load (issue 20), on loopback:
 *
 * - `ttfbUnderLoad`: `concurrency` clients asking for a server-rendered page back to back for
 *   `durationMs` (node:http, keep-alive, gzip accepted, as a browser asks): the time to the
 *   response's headers (TTFB) and to the first byte of the document (its head), p50/p95/p99;
 * - `againstStaticFile`: the server-rendered page's request rate and p99 (autocannon, 50
 *   connections, 10 s) against the same page, its bytes captured once and served as a static file
 *   (gzip, by a bare node:http server in its own process), measured in the same run: the ratio is
 *   what server rendering costs against serving a file.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export interface AgainstStaticFile {
  rendered: LoadFigures;
  staticFile: LoadFigures;
  /** Rendered requests per second / static file requests per second. */
  ratio: number;
  /** Size of the page (bytes of HTML, uncompressed). */
  pageBytes: number;
}

async function load(url: string): Promise<LoadFigures> {
  const result = await autocannon({ url, connections: 50, duration: 10, headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

/** The static file server: its own process, one gzip body for every request. */
const STATIC_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const body = fs.readFileSync(process.argv[1]);
http.createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip', 'content-length': body.length });
  response.end(body);
}).listen(Number(process.argv[2]), '127.0.0.1', () => console.log('ready'));
`;

/** See the module doc; the static file is served on `staticPort`. */
export async function againstStaticFile(url: string, staticPort: number): Promise<AgainstStaticFile> {
  const page = await (await fetch(url, { headers: { accept: 'text/html' } })).text();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'prata-bench-static-'));
  const file = path.join(dir, 'page.html.gz');
  writeFileSync(file, gzipSync(page));
  const server = spawn(process.execPath, ['-e', STATIC_SERVER, file, String(staticPort)], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      server.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      server.once('exit', (code) => reject(new Error(`the static file server exited (${code})`)));
    });
    const rendered = await load(url);
    const staticFile = await load(`http://127.0.0.1:${staticPort}/`);
    return { rendered, staticFile, ratio: rendered.requestsPerSecond / staticFile.requestsPerSecond, pageBytes: Buffer.byteLength(page) };
  } finally {
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
}
