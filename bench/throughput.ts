/**
 * API throughput: `GET /api/products` of the running service at 50 connections
 * (autocannon, 10 s), against the bare Fastify route of bench/bare-route.ts answering the same
 * list as a constant array, measured in the same run on the same machine; the ratio of their
 * request rates and the p99 latency of the API are the figures.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export interface ThroughputFigures {
  api: LoadFigures;
  bare: LoadFigures;
  /** API requests per second / bare route requests per second. */
  ratio: number;
  /** Size of the list (bytes of JSON). */
  bodyBytes: number;
}

const CONNECTIONS = 50;
const DURATION_S = 10;

async function load(url: string): Promise<LoadFigures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return { requestsPerSecond: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

/** Runs both loads (API first, then the bare route on `barePort`). @throws when the bare route does not start. */
export async function measureThroughput(apiUrl: string, barePort: number): Promise<ThroughputFigures> {
  const body = await (await fetch(`${apiUrl}/api/products`)).text();
  const file = path.join(os.tmpdir(), `prata-bench-list-${process.pid}.json`);
  writeFileSync(file, body);
  const api = await load(`${apiUrl}/api/products`);
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-route.ts');
  const child = spawn(process.execPath, [script, String(barePort), file], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`bare route exited (${code})`)));
    });
    const bare = await load(`http://127.0.0.1:${barePort}/`);
    return { api, bare, ratio: api.requestsPerSecond / bare.requestsPerSecond, bodyBytes: Buffer.byteLength(body) };
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  }
}
