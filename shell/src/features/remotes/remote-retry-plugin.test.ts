// @vitest-environment node
/** Manifest retries against a real HTTP server: backoff tries, what is retried and what is not. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchWithRetry } from './remote-retry-plugin.ts';

let server: http.Server;
let base: string;
/** Statuses the server answers with, in order; the last one repeats. */
let script: number[] = [];
let requests = 0;

beforeAll(async () => {
  server = http.createServer((_request, response) => {
    const status = script[Math.min(requests, script.length - 1)]!;
    requests += 1;
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = 0;
});

describe('fetchWithRetry', () => {
  it('tries again after 503s and returns the first good answer', async () => {
    script = [503, 502, 200];
    const response = await fetchWithRetry(`${base}/mf-manifest.json`, {}, { attempts: 3, baseDelayMs: 1 });
    expect(response.status).toBe(200);
    expect(requests).toBe(3);
  });

  it('returns the last answer when every try fails', async () => {
    script = [503];
    const response = await fetchWithRetry(`${base}/mf-manifest.json`, {}, { attempts: 4, baseDelayMs: 1 });
    expect(response.status).toBe(503);
    expect(requests).toBe(4);
  });

  it('does not retry an answer that another try cannot change', async () => {
    script = [400, 200];
    expect((await fetchWithRetry(`${base}/mf-manifest.json`, {}, { attempts: 3, baseDelayMs: 1 })).status).toBe(400);
    expect(requests).toBe(1);
  });

  it('throws the network error when no try reaches the server', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/mf-manifest.json`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(fetchWithRetry(url, {}, { attempts: 2, baseDelayMs: 1 })).rejects.toThrow(/fetch failed/);
  });
});
