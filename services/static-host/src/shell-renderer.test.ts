/**
 * The shell's host writing server-rendered documents, over real HTTP with real
 * compression, with the shell's Node build stood in for by a module honouring its contract
 * (@prata/contracts `ShellServerModule`): the first part of the document (styles inlined, scripts)
 * leaves before the page has rendered; the page's head, the remote's styles and preloads, the boot
 * data, the markup and the dehydrated state follow in order; a shell that cannot render gets the
 * document finished for the browser to render; a path nobody owns answers 404; the subdomain rule
 * redirects. Also the style inliner and the content negotiation on their own.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemoteRegistry, ServerPageRender, ServerPageRequest, ShellServerModule } from '@prata/contracts';
import { currentRenderTraceId } from '@prata/contracts/server-rendering';
import { DEFAULT_DOCUMENT_CACHE } from './document-cache.ts';
import { ShellDocument } from './shell-document.ts';
import { negotiateEncoding, type ShellRenderer } from './shell-renderer.ts';
import { StyleInliner, absoluteUrls } from './style-inliner.ts';
import { startStaticHost, type RunningHost } from './static-host.ts';

let dir: string;
let api: FastifyInstance;
let apiUrl: string;
let shell: RunningHost;
let release: () => void = () => undefined;
let gate: Promise<void> = Promise.resolve();
let failRender = false;
const requests: ServerPageRequest[] = [];
/** The render trace (contracts' currentRenderTraceId) each render saw after waiting for `gate`. */
const renderTraces: (string | undefined)[] = [];
/** The targets the shell was asked to route (a page's status), in order. */
const routed: string[] = [];

const registry: RemoteRegistry = [{ name: 'storefront', manifestUrl: 'http://127.0.0.1:1/mf-manifest.json', version: '1.0.0', routes: ['/', '/produtos'] }];

/** A stand-in for the shell's Node build: a page of known markup, after `gate` opens. */
const module: ShellServerModule = {
  inlineScript: 'window.early=1;',
  async routePage(request) {
    routed.push(request.url);
    if (request.hostname.startsWith('admin.')) return { kind: 'redirect', location: '/admin' };
    return { kind: 'page', status: request.url.startsWith('/nada') ? 404 : 200 };
  },
  async renderPage(request) {
    requests.push(request);
    await gate;
    renderTraces.push(currentRenderTraceId());
    if (failRender) throw new Error('the shell failed');
    const page: ServerPageRender = {
      kind: 'page',
      status: 200,
      head: '<title>Nossa Coleção | Prata 925</title>',
      page: { pathname: '/produtos', remote: 'storefront', version: '1.0.0', layout: 'store', slot: 'server' },
      remoteAssets: { scripts: [`${apiUrl}/remote/remoteEntry.js`], styles: [`${apiUrl}/remote/app.css`], singletons: ['@prata/contracts/catalogue'] },
      pipe(destination) {
        destination.write('<main>Coleção</main>');
        destination.end();
      },
      abort: () => undefined,
      state: () => ({ queries: [{ queryKey: ['products'], state: { data: ['</script><script>alert(1)'] } }] }),
    };
    return page;
  },
  preloadRemotes: async () => [],
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'prata-renderer-'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  await writeFile(path.join(dir, 'chrome.css'), '.chrome{color:red}</style><script>alert(1)</script>');
  api = Fastify();
  api.get('/api/remotes', async () => registry);
  api.get('/remote/app.css', async (_request, reply) => reply.type('text/css').send('.hero{background:url(hero.png)}.x{background:url(data:image/png;base64,AA)}'));
  apiUrl = await api.listen({ port: 0, host: '127.0.0.1' });
  const renderer: ShellRenderer = {
    module,
    assets: {
      scripts: ['/main.js'],
      preloads: ['/bootstrap.js'],
      styles: ['/chrome.css'],
      singletons: { '@prata/contracts/catalogue': { js: ['/catalogue.js'], css: [], takes: ['@prata/contracts/money'] }, '@prata/contracts/money': { js: ['/money.js'], css: [], takes: [] } },
    },
    styles: new StyleInliner(dir, [new URL(apiUrl).origin]),
    releaseOrigins: [new URL(apiUrl).origin],
  };
  const document = new ShellDocument({ root: dir, apiUrl, renderer: () => renderer, storeOrigin: 'https://loja.example' });
  shell = await startStaticHost({ name: 'shell', root: dir, port: 0, spa: true, document, csp: { apiUrl, remoteOrigins: async () => registry.map((entry) => new URL(entry.manifestUrl).origin) } });
});
afterAll(async () => {
  await shell?.close();
  await api?.close();
  await rm(dir, { recursive: true, force: true });
});

/** GETs `pathname` as a browser asks for a page, gzip accepted; the raw response. */
function page(pathname: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${shell.url}${pathname}`, { headers: { accept: 'text/html', 'accept-encoding': 'gzip', ...headers }, redirect: 'manual' });
}

describe('a server-rendered document', () => {
  it('sends its first part before the page has rendered, then the rest in order', async () => {
    gate = new Promise((resolve) => {
      release = resolve;
    });
    const response = await page('/produtos');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    // fetch decompresses as the bytes arrive: what is read before `release()` was flushed early.
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let early = '';
    while (!early.includes('.chrome{color:red}')) {
      const { value } = await reader.read();
      early += decoder.decode(value!, { stream: true });
    }
    expect(early).toMatch(/^<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">/);
    // The shell's inline script, first, with the response's CSP nonce.
    expect(early).toMatch(/<script nonce="[A-Za-z0-9+/=]{20,}">window\.early=1;<\/script>/);
    // The chrome's style sheet is inlined, escaped so it cannot end its element.
    expect(early).toContain('<style data-href="/chrome.css">.chrome{color:red}<\\/style><script>alert(1)</script></style>');
    // No script yet: they come after the page (the document gets the bandwidth first).
    expect(early).not.toContain('/main.js');
    expect(early).not.toContain('/bootstrap.js');
    expect(early).not.toContain('<title>');
    release();
    let html = early;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      html += decoder.decode(value, { stream: true });
    }
    const order = [
      '<title>Nossa Coleção | Prata 925</title>',
      `<style data-href="${apiUrl}/remote/app.css">`,
      'id="prata-boot"',
      '<div id="root"><main>Coleção</main></div>',
      'id="prata-state"',
      '<link rel="preload" as="script" href="/bootstrap.js">',
      // A remote's file is preloaded in CORS mode, the mode its script runs in; the shell's own are not.
      `<link rel="preload" as="script" href="${apiUrl}/remote/remoteEntry.js" crossorigin>`,
      '<script defer src="/main.js"></script>',
      '</body></html>',
    ];
    const positions = order.map((part) => html.indexOf(part));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // The remote's sheet: its relative URL made absolute, data: kept.
    expect(html).toContain(`.hero{background:url(${apiUrl}/remote/hero.png)}.x{background:url(data:image/png;base64,AA)}`);
    // The singletons the remote takes (and what they take) are preloaded too.
    expect(html).toContain('<link rel="preload" as="script" href="/catalogue.js">');
    expect(html).toContain('<link rel="preload" as="script" href="/money.js">');
    const boot = JSON.parse(/<script type="application\/json" id="prata-boot">(.*?)<\/script>/.exec(html)![1]!) as { apiUrl: string; page: { slot: string } };
    expect(boot.apiUrl).toBe(apiUrl);
    expect(boot.page.slot).toBe('server');
    // The state cannot end its script element.
    expect(html).not.toContain('</script><script>alert(1)');
    expect(JSON.parse(/<script type="application\/json" id="prata-state">(.*?)<\/script>/.exec(html)![1]!)).toEqual({ queries: [{ queryKey: ['products'], state: { data: ['</script><script>alert(1)'] } }] });
    expect(requests.at(-1)).toMatchObject({ url: '/produtos', storeOrigin: 'https://loja.example', apiUrl, budgetMs: 300, registry });
    // React's inline scripts may run: the response's CSP allows them by this response's nonce.
    const nonce = requests.at(-1)!.nonce;
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(response.headers.get('content-security-policy')).toContain(`script-src 'self' http://127.0.0.1:1 'nonce-${nonce}'`);
  });

  it('is finished for the browser to render when the shell cannot render it', async () => {
    gate = Promise.resolve();
    failRender = true;
    try {
      const response = await page('/produtos');
      expect(response.status).toBe(200);
      const html = await response.text();
      // An empty root, then the scripts that render it.
      expect(html).toContain('<div id="root"></div><link rel="preload" as="script" href="/bootstrap.js"><script defer src="/main.js"></script></body></html>');
      const boot = JSON.parse(/id="prata-boot">(.*?)<\/script>/.exec(html)![1]!) as { page?: unknown; registry: unknown };
      expect(boot.page).toBeUndefined();
      expect(boot.registry).toEqual(registry);
    } finally {
      failRender = false;
    }
  });

  it('answers 404 for a path nobody owns, and redirects an admin.* host', async () => {
    gate = Promise.resolve();
    expect((await page('/nada')).status).toBe(404);
    // A raw request: fetch does not let a caller set the Host header.
    const redirect = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get(`${shell.url}/`, { headers: { accept: 'text/html', host: 'admin.prata925.com.br' } }, resolve).on('error', reject);
    });
    redirect.resume();
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/admin');
  });
});

describe("a render's trace", () => {
  it('is what every API call of the render sends, and the document names it in traceresponse; a traceparent in front is continued', async () => {
    const fresh = await page('/produtos?trace=new');
    await fresh.text();
    const named = fresh.headers.get('traceresponse');
    expect(named).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(renderTraces.at(-1)).toBe(named!.split('-')[1]);

    const incoming = '4bf92f3577b34da6a3ce929d0e0e4736';
    const continued = await page('/produtos?trace=continued', { traceparent: `00-${incoming}-00f067aa0ba902b7-01` });
    await continued.text();
    expect(continued.headers.get('traceresponse')!.split('-')[1]).toBe(incoming);
    expect(renderTraces.at(-1)).toBe(incoming);
    // Outside a render there is none (the storage is the render's alone).
    expect(currentRenderTraceId()).toBeUndefined();
  });
});

describe('request targets that are not a plain path (security review 2026-11-29 #7)', () => {
  /** A raw request for `target` as sent (fetch would normalise it); the status and Location. */
  function ask(method: string, target: string): Promise<{ status: number | undefined; location: string | undefined }> {
    return new Promise((resolve, reject) => {
      const request = http.request(shell.url, { method, path: target, headers: { accept: 'text/html' } }, (response) => {
        response.resume();
        resolve({ status: response.statusCode, location: response.headers.location });
      });
      request.on('error', reject).end();
    });
  }

  it('asks a protocol-relative or absolute-form target again at its collapsed path, never routing nor rendering it', async () => {
    gate = Promise.resolve();
    requests.length = 0;
    routed.length = 0;
    expect(await ask('GET', '//evil.example/produtos/anel-lua')).toEqual({ status: 301, location: '/evil.example/produtos/anel-lua' });
    expect(await ask('GET', '///evil.example/produtos?categoria=aneis')).toEqual({ status: 301, location: '/evil.example/produtos?categoria=aneis' });
    expect(await ask('GET', '/\\evil.example/produtos')).toEqual({ status: 301, location: '/evil.example/produtos' });
    expect(await ask('GET', 'http://evil.example/produtos?categoria=aneis')).toEqual({ status: 301, location: '/produtos?categoria=aneis' });
    expect(await ask('HEAD', '//evil.example/produtos')).toEqual({ status: 301, location: '/evil.example/produtos' });
    expect((await ask('POST', '//evil.example/produtos')).status).toBe(404);
    expect(routed).toEqual([]);
    expect(requests).toEqual([]);
    // A plain path is a page as before, rendered with the store's origin.
    expect((await ask('GET', '/produtos')).status).toBe(200);
    expect(requests.map((request) => [request.url, request.storeOrigin])).toEqual([['/produtos', 'https://loja.example']]);
  });
});

describe('style inliner', () => {
  it('links a sheet it cannot read instead of inlining it', async () => {
    const inliner = new StyleInliner(dir, ['http://127.0.0.1:1'], 500);
    expect(await inliner.tags(['/missing.css', 'http://127.0.0.1:1/x.css'])).toBe('<link rel="stylesheet" href="/missing.css"><link rel="stylesheet" href="http://127.0.0.1:1/x.css">');
    expect(await inliner.tags(['/../../etc/passwd'])).toBe('<link rel="stylesheet" href="/../../etc/passwd">');
  });

  it('fetches a remote sheet only from a release origin: one elsewhere (an internal URL a manifest names) stays a link, never fetched (review #4)', async () => {
    const internal = Fastify();
    let asked = 0;
    internal.get('/secret.css', async (_request, reply) => {
      asked += 1;
      return reply.type('text/css').send('.secret{content:"internal"}');
    });
    const internalUrl = await internal.listen({ port: 0, host: '127.0.0.1' });
    try {
      const allowed = new StyleInliner(dir, [new URL(apiUrl).origin], 500);
      expect(await allowed.tags([`${internalUrl}/secret.css`, `${apiUrl}/remote/app.css`])).toBe(
        `<link rel="stylesheet" href="${internalUrl}/secret.css"><style data-href="${apiUrl}/remote/app.css">.hero{background:url(${apiUrl}/remote/hero.png)}.x{background:url(data:image/png;base64,AA)}</style>`,
      );
      expect(asked).toBe(0);
      // The same sheet with its origin allowed is inlined: the origin, not the URL, decided.
      expect(await new StyleInliner(dir, [new URL(internalUrl).origin], 500).tags([`${internalUrl}/secret.css`])).toBe(`<style data-href="${internalUrl}/secret.css">.secret{content:"internal"}</style>`);
      expect(asked).toBe(1);
    } finally {
      await internal.close();
    }
  });

  it('makes relative url() references absolute', () => {
    expect(absoluteUrls('a{b:url("f.woff2")}c{d:url(/g.png)}e{f:url(#x)}', 'https://cdn.example/v1/app.css')).toBe('a{b:url("https://cdn.example/v1/f.woff2")}c{d:url(https://cdn.example/g.png)}e{f:url(#x)}');
  });
});

describe('a render that never ends', () => {
  it("holds the next shopper of the page no longer than the page's background budget and a second: they get a page rendered for them", async () => {
    let calls = 0;
    const hanging: ShellServerModule = {
      ...module,
      async renderPage(request) {
        calls += 1;
        // The first render waits on something that never answers (a remote or the API that accepted and hung).
        if (calls === 1) await new Promise<never>(() => undefined);
        return module.renderPage({ ...request });
      },
    };
    const renderer: ShellRenderer = {
      module: hanging,
      assets: { scripts: ['/main.js'], preloads: [], styles: [], singletons: {} },
      styles: new StyleInliner(dir, [new URL(apiUrl).origin]),
      releaseOrigins: [new URL(apiUrl).origin],
    };
    const document = new ShellDocument({ root: dir, apiUrl, renderer: () => renderer, storeOrigin: 'https://loja.example', cache: { ...DEFAULT_DOCUMENT_CACHE, backgroundBudgetMs: 200 } });
    const host = await startStaticHost({ name: 'shell', root: dir, port: 0, spa: true, document, csp: { apiUrl, remoteOrigins: async () => [] } });
    const first = new AbortController();
    try {
      // The first shopper's page starts and never ends.
      const stuck = await fetch(`${host.url}/produtos`, { headers: { accept: 'text/html' }, signal: first.signal });
      expect(stuck.status).toBe(200);
      await expect.poll(() => calls).toBe(1);
      const started = Date.now();
      const second = await fetch(`${host.url}/produtos`, { headers: { accept: 'text/html' } });
      expect(await second.text()).toContain('<main>Coleção</main>');
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(1200);
      expect(waited).toBeLessThan(10_000);
      expect(calls).toBe(2);
    } finally {
      first.abort();
      await host.close();
    }
  });
});

describe('content negotiation', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['identity', null],
    [undefined, null],
  ])('%s -> %s', (header, encoding) => {
    expect(negotiateEncoding(header)).toBe(encoding);
  });
});
