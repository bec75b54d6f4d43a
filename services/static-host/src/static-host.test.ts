/**
 * The static host over real HTTP: caching, compression, CORS, SPA fallback, runtime config, and
 * the security headers (CSP following the registry, nosniff, Referrer-Policy, HSTS over https).
 * Hosts listen on port 0: the OS picks a free port (no random numbers that may be taken).
 */
import http from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticHost, type RunningHost } from './static-host.ts';

let dir: string;
let shell: RunningHost;
let remote: RunningHost;
let secureShell: RunningHost;
/** The registry the shell's CSP follows; tests move a remote by changing it. */
let registeredOrigins: string[] | Error = ['http://127.0.0.1:3001', 'http://127.0.0.1:3002/mf-manifest.json'];
const bigScript = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'prata-host-'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dir, 'remoteEntry.js'), 'var entry;');
  await writeFile(path.join(dir, 'mf-manifest.json'), '{"id":"storefront"}');
  await writeFile(path.join(dir, 'main.0123abcd.js'), bigScript);
  await writeFile(path.join(dir, 'main.0123abcd.js.map'), '{"version":3,"sources":["src/segredo.ts"],"mappings":""}');
  await mkdir(path.join(dir, 'releases', '1.0.0'), { recursive: true });
  // A file the build compressed ahead: its brotli copy says which bytes were sent.
  await writeFile(path.join(dir, 'chunk.4567cdef.js'), bigScript);
  await writeFile(path.join(dir, 'chunk.4567cdef.js.br'), brotliCompressSync(`${bigScript}// from the build's brotli copy`));
  const csp = {
    apiUrl: 'http://127.0.0.1:3000',
    remoteOrigins: async () => {
      if (registeredOrigins instanceof Error) throw registeredOrigins;
      return registeredOrigins;
    },
  };
  shell = await startStaticHost({ name: 'shell', root: dir, port: 0, spa: true, runtimeConfig: { apiUrl: 'http://127.0.0.1:3000' }, csp });
  remote = await startStaticHost({ name: 'storefront', root: dir, port: 0 });
  secureShell = await startStaticHost({ name: 'shell-behind-tls', root: dir, port: 0, spa: true, csp, hsts: true });
});
afterAll(async () => {
  await shell?.close();
  await remote?.close();
  await secureShell?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('static host', () => {
  it('never serves a source map (they go to the service), from the build or a release', async () => {
    const releases = await startStaticHost({ name: 'storefront', root: dir, port: 0, releasesRoot: path.join(dir, 'releases') });
    await writeFile(path.join(dir, 'releases', '1.0.0', 'main.0123abcd.js.map'), '{"version":3}');
    await writeFile(path.join(dir, 'releases', '1.0.0', 'main.0123abcd.js'), 'var main;');
    try {
      for (const host of [shell, remote]) {
        expect((await fetch(`${host.url}/main.0123abcd.js`)).status).toBe(200);
        expect((await fetch(`${host.url}/main.0123abcd.js.map`)).status).toBe(404);
      }
      expect((await fetch(`${releases.url}/releases/1.0.0/main.0123abcd.js`)).status).toBe(200);
      expect((await fetch(`${releases.url}/releases/1.0.0/main.0123abcd.js.map`)).status).toBe(404);
    } finally {
      await releases.close();
    }
  });

  it('caches hashed files for a year and revalidates entry files', async () => {
    expect((await fetch(`${remote.url}/main.0123abcd.js`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const file of ['remoteEntry.js', 'mf-manifest.json']) {
      expect((await fetch(`${remote.url}/${file}`)).headers.get('cache-control')).toBe('no-cache');
    }
  });

  it("serves the build's own brotli copy of a file to a browser that accepts brotli", async () => {
    const { headers, body } = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${remote.url}/chunk.4567cdef.js`, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
    expect(headers['content-encoding']).toBe('br');
    expect(headers['content-type']).toContain('javascript');
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(body).toString()).toBe(`${bigScript}// from the build's brotli copy`);
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

  it('sends nosniff, a Referrer-Policy and no HSTS over plain http', async () => {
    for (const url of [`${shell.url}/`, `${remote.url}/remoteEntry.js`]) {
      const response = await fetch(url, { headers: { accept: 'text/html' } });
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
    expect((await fetch(`${secureShell.url}/`, { headers: { accept: 'text/html' } })).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it("limits the shell's scripts to itself and the registered remotes, connections to the API, and forbids framing", async () => {
    const policy = (await fetch(`${shell.url}/produtos`, { headers: { accept: 'text/html' } })).headers.get('content-security-policy')!;
    const directives = Object.fromEntries(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    // The built index.html has no inline script: no nonce, no hash, nothing inline may run (a
    // server-rendered page adds its own nonce or hashes: shell-renderer.test.ts, render-cache.test.ts).
    expect(directives['script-src']).toEqual(["'self'", 'http://127.0.0.1:3001', 'http://127.0.0.1:3002']);
    expect(directives['connect-src']).toEqual(["'self'", 'http://127.0.0.1:3000', 'ws://127.0.0.1:3000', 'http://127.0.0.1:3001', 'http://127.0.0.1:3002']);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['default-src']).toEqual(["'self'"]);
  });

  it('follows the registry: a moved remote is allowed from the next page, and an unreachable registry keeps the last origins', async () => {
    registeredOrigins = ['http://127.0.0.1:3011'];
    const moved = (await fetch(`${shell.url}/`, { headers: { accept: 'text/html' } })).headers.get('content-security-policy')!;
    expect(moved).toMatch(/script-src 'self' http:\/\/127\.0\.0\.1:3011;/);
    registeredOrigins = new Error('API down');
    const kept = (await fetch(`${shell.url}/`, { headers: { accept: 'text/html' } })).headers.get('content-security-policy')!;
    expect(kept).toMatch(/script-src 'self' http:\/\/127\.0\.0\.1:3011;/);
    registeredOrigins = ['http://127.0.0.1:3001'];
  });

  it("sends the document's policy with documents only: the shell's scripts get the short one that runs nothing", async () => {
    const script = await fetch(`${shell.url}/main.0123abcd.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'");
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    const indexFile = (await fetch(`${shell.url}/index.html`)).headers.get('content-security-policy')!;
    expect(indexFile).toContain("script-src 'self'");
  });

  it("lets a remote's own documents run nothing", async () => {
    const policy = (await fetch(`${remote.url}/index.html`)).headers.get('content-security-policy');
    expect(policy).toBe("default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'");
  });
});
