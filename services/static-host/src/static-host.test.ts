/** The static host over real HTTP: caching, compression, CORS, SPA fallback, runtime config. */
import http from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticHost, type RunningHost } from './static-host.ts';

let dir: string;
let shell: RunningHost;
let remote: RunningHost;
const bigScript = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'prata-host-'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dir, 'remoteEntry.js'), 'var entry;');
  await writeFile(path.join(dir, 'mf-manifest.json'), '{"id":"storefront"}');
  await writeFile(path.join(dir, 'main.0123abcd.js'), bigScript);
  shell = await startStaticHost({ name: 'shell', root: dir, port: 46000 + Math.floor(Math.random() * 1000), spa: true, runtimeConfig: { apiUrl: 'http://127.0.0.1:3000' } });
  remote = await startStaticHost({ name: 'storefront', root: dir, port: 47000 + Math.floor(Math.random() * 1000) });
});
afterAll(async () => {
  await shell?.close();
  await remote?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('static host', () => {
  it('caches hashed files for a year and revalidates entry files', async () => {
    expect((await fetch(`${remote.url}/main.0123abcd.js`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const file of ['remoteEntry.js', 'mf-manifest.json']) {
      expect((await fetch(`${remote.url}/${file}`)).headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('compresses and opens CORS so the shell can fetch a manifest from another origin', async () => {
    // Raw HTTP (fetch would decompress transparently).
    const { headers, body } = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${remote.url}/main.0123abcd.js`, { headers: { 'accept-encoding': 'gzip', origin: 'http://127.0.0.1:8080' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
    expect(headers['access-control-allow-origin']).toBe('*');
    expect(headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(body).toString()).toBe(bigScript);
  });

  it('serves index.html for client routes of the shell only', async () => {
    const page = await fetch(`${shell.url}/produtos?search=anel`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('id="root"');
    const missingAsset = await fetch(`${shell.url}/missing.js`);
    expect(missingAsset.status).toBe(404);
    const remoteRoute = await fetch(`${remote.url}/produtos`, { headers: { accept: 'text/html' } });
    expect(remoteRoute.status).toBe(404);
  });

  it("answers the shell's runtime configuration", async () => {
    const response = await fetch(`${shell.url}/runtime-config.json`);
    expect(await response.json()).toEqual({ apiUrl: 'http://127.0.0.1:3000' });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${remote.url}/runtime-config.json`)).status).toBe(404);
  });
});
