/**
 * The shell's rendered document over real HTTP: boot data inlined as JSON, resource hints for the
 * landing route's remote and API call, the `prata_client` cookie only while a canary runs (and
 * then passed to the API), a registry change visible on the next page, the last registry kept
 * when the API fails. A small Fastify
 * app stands in for the API and a remote (their documented answers: `GET /api/remotes`,
 * `mf-manifest.json`).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ErrorReport, RemoteRegistry } from '@prata/contracts';
import { ClientIdSigner } from '@prata/contracts/client-id';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DOCUMENT_CACHE } from './document-cache.ts';
import { landingRemote } from './landing-route.ts';
import { ShellDocument } from './shell-document.ts';
import { startStaticHost, type RunningHost } from './static-host.ts';

let dir: string;
let api: FastifyInstance;
let apiUrl: string;
let shell: RunningHost;
const clients: (string | undefined)[] = [];
let registry: RemoteRegistry | 'down' = [];
/** The `prata-canaries` header the API double sends with the stable registry. */
let canaries = '';
/** The API double answers a browser's own registry (`?client=`) with 503, the stable one as usual. */
let clientRegistryDown = false;
/** The error reports the API double received. */
const reports: ErrorReport[] = [];

const manifest = {
  id: 'storefront',
  name: 'storefront',
  metaData: { name: 'storefront', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
  shared: [],
  remotes: [],
  exposes: [{ id: 'storefront:App', name: 'App', path: './App', assets: { js: { sync: ['__federation_expose_App.1234abcd.js'], async: ['9.x.js'] }, css: { sync: ['__federation_expose_App.5678ef00.css'], async: [] } } }],
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'prata-document-'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Prata 925</title><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>');
  api = Fastify();
  api.get('/api/remotes', async (request, reply) => {
    const client = (request.query as { client?: string }).client;
    clients.push(client);
    if (registry === 'down' || (client && clientRegistryDown)) return reply.code(503).send({ error: 'unavailable' });
    if (!client) void reply.header('prata-canaries', canaries);
    // A browser's own registry carries its canary report token, as the API's does.
    return client ? registry.map((entry) => ({ ...entry, reportToken: `token-de-${client}` })) : registry;
  });
  api.get('/mf-manifest.json', async () => manifest);
  api.post('/api/errors', async (request, reply) => {
    reports.push(request.body as ErrorReport);
    return reply.code(202).send({});
  });
  // One product is shown; any other slug is unknown, a draft or archived.
  api.get('/api/products/by-slug/:slug', async (request, reply) =>
    (request.params as { slug: string }).slug === 'anel-lua' ? { slug: 'anel-lua' } : reply.code(404).send({ error: 'not_found', message: 'Produto não encontrado' }),
  );
  apiUrl = await api.listen({ port: 0, host: '127.0.0.1' });
  registry = [
    { name: 'storefront', manifestUrl: `${apiUrl}/mf-manifest.json`, version: '1.0.0', routes: ['/', '/produtos'] },
    { name: 'admin', manifestUrl: 'http://127.0.0.1:1/mf-manifest.json', version: '1.0.0', routes: ['/admin/*'] },
  ];
  // Asked for every document, as the API double's answers change between tests.
  const document = new ShellDocument({ root: dir, apiUrl, registryTtlMs: 0 });
  const remoteOrigins = async (raw: Parameters<ShellDocument['boot']>[0]) => {
    const boot = await document.boot(raw);
    if (!boot.registry) throw new Error('no registry');
    return boot.registry.map((entry) => new URL(entry.manifestUrl).origin);
  };
  shell = await startStaticHost({ name: 'shell', root: dir, port: 0, spa: true, runtimeConfig: { apiUrl }, csp: { apiUrl, remoteOrigins }, document });
});
afterAll(async () => {
  await shell?.close();
  await api?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The boot data of a page (the JSON block), parsed. */
function bootData(html: string): { apiUrl: string; registry: RemoteRegistry | null } {
  const json = /<script type="application\/json" id="prata-boot">(.*?)<\/script>/.exec(html)?.[1];
  expect(json).toBeDefined();
  return JSON.parse(json!) as { apiUrl: string; registry: RemoteRegistry | null };
}

/** The consent cookie of a shopper who allowed analytics (contracts/consent.ts). */
const ANALYTICS_ALLOWED = 'prata_consent=v1.10.1796000000';

const page = (pathname: string, cookie?: string) =>
  fetch(`${shell.url}${pathname}`, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

describe('shell document', () => {
  it('inlines the runtime configuration and registry, and hints the home remote and its first API call', async () => {
    const response = await page('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(bootData(html)).toEqual({ apiUrl, registry });
    expect(html).toContain(`<link rel="preconnect" href="${apiUrl}">`);
    // The remote's files all load in CORS mode (their errors are not muted): one connection, with CORS.
    expect(html.match(/<link rel="preconnect"[^>]*>/g)).toEqual([`<link rel="preconnect" href="${apiUrl}">`, `<link rel="preconnect" href="${apiUrl}" crossorigin>`]);
    expect(html).toContain(`<link rel="preload" as="fetch" href="${apiUrl}/api/products/featured" crossorigin="use-credentials">`);
    expect(html).toContain(`<link rel="preload" as="fetch" href="${apiUrl}/mf-manifest.json" crossorigin>`);
    expect(html).toContain(`<link rel="preload" as="script" href="${apiUrl}/remoteEntry.js" crossorigin>`);
    expect(html).toContain(`<link rel="preload" as="script" href="${apiUrl}/__federation_expose_App.1234abcd.js" crossorigin>`);
    expect(html).toContain(`<link rel="preload" as="style" href="${apiUrl}/__federation_expose_App.5678ef00.css" crossorigin>`);
    expect(html).not.toContain('9.x.js');
    // The built document keeps its own content after the hints.
    expect(html).toContain('<script defer src="/main.js"></script></head><body><div id="root"></div>');
    // The document the browser renders has no inline script, and its CSP allows none.
    expect(response.headers.get('content-security-policy')).toMatch(new RegExp(`script-src 'self' ${apiUrl} http://127\\.0\\.0\\.1:1;`));
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)(?! type="application\/json")/);
  });

  it('preloads the featured products on the home page only', async () => {
    const html = await (await page('/produtos?busca=anel')).text();
    expect(html).not.toContain('/api/products/featured');
    expect(html).toContain('__federation_expose_App.1234abcd.js');
    const admin = await (await page('/admin/produtos')).text();
    // The admin remote does not answer: no preload of its files (a failed one would break the
    // shell's retry), the page still gets its boot data.
    expect(admin).not.toContain('rel="preload" as="fetch" href="http://127.0.0.1:1/mf-manifest.json"');
    expect(admin).not.toContain('as="script"');
    expect(bootData(admin).registry).toEqual(registry);
    expect(admin).toContain('<link rel="preconnect" href="http://127.0.0.1:1" crossorigin>');
    expect(html).not.toContain('<link rel="preconnect" href="http://127.0.0.1:1"');
  });

  it('sets no cookie while no canary runs; during one, gives a new browser that allowed analytics a prata_client cookie and passes the id to the API', async () => {
    clients.length = 0;
    const plain = await page('/', ANALYTICS_ALLOWED);
    expect(plain.headers.get('set-cookie')).toBeNull();
    // Every shopper shares the stable registry: asked without a client id.
    expect(clients.every((client) => client === undefined)).toBe(true);

    canaries = 'storefront';
    try {
      clients.length = 0;
      const first = await page('/', ANALYTICS_ALLOWED);
      const cookie = first.headers.get('set-cookie')!;
      expect(cookie).toMatch(/^prata_client=[0-9a-f-]{36}; Max-Age=31536000; Path=\/; SameSite=Lax$/);
      const id = cookie.split(';')[0]!.split('=')[1]!;
      expect(clients.filter(Boolean)).toEqual([id]);
      const again = await page('/produtos', `${ANALYTICS_ALLOWED}; prata_client=${id}`);
      expect(again.headers.get('set-cookie')).toBeNull();
      expect(clients.filter(Boolean)).toEqual([id, id]);
      const forged = await page('/', `prata_client=<x>; ${ANALYTICS_ALLOWED}`);
      expect(forged.headers.get('set-cookie')).toMatch(/^prata_client=[0-9a-f-]{36};/);
    } finally {
      canaries = '';
    }
  });

  it('during a canary, buckets a browser without analytics consent under an id of its page view alone: no cookie set or read', async () => {
    canaries = 'storefront';
    try {
      for (const cookie of [undefined, 'prata_consent=v1.01.1796000000', 'prata_consent=v1.00.1796000000; prata_client=0b7c5d1e-8f2a-4c3b-9d4e-5f6a7b8c9d0e']) {
        clients.length = 0;
        const response = await page('/', cookie);
        expect(response.headers.get('set-cookie'), cookie).toBeNull();
        // The API still bucketed the page view, under a new id (not the stored one it may not read).
        const asked = clients.filter(Boolean);
        expect(asked).toHaveLength(1);
        expect(asked[0]).toMatch(/^[0-9a-f-]{36}$/);
        expect(asked[0]).not.toBe('0b7c5d1e-8f2a-4c3b-9d4e-5f6a7b8c9d0e');
      }
    } finally {
      canaries = '';
    }
  });

  it("with CLIENT_ID_SECRET, signs each new browser's id with the shopper's address (behind a trusted proxy, the forwarded one) and replaces ids it did not sign", async () => {
    const secret = 'segredo-compartilhado-com-a-api-de-mais-de-32-caracteres';
    const signing = new ShellDocument({ root: dir, apiUrl, registryTtlMs: 0, clientIds: new ClientIdSigner(secret), trustProxy: ['loopback'] });
    const signingHost = await startStaticHost({ name: 'shell', root: dir, port: 0, spa: true, runtimeConfig: { apiUrl }, csp: { apiUrl, remoteOrigins: async () => [apiUrl] }, document: signing });
    const api = new ClientIdSigner(secret);
    const tagOf = async (address: string) => (await api.issue(address, 'qualquer-id')).split('.')[1];
    const visit = (from: string, cookie?: string) =>
      fetch(`${signingHost.url}/`, { headers: { accept: 'text/html', 'x-forwarded-for': from, cookie: `${ANALYTICS_ALLOWED}${cookie ? `; prata_client=${cookie}` : ''}` } });
    const given = (response: Response) => /^prata_client=([^;]+);/.exec(response.headers.get('set-cookie') ?? '')?.[1];
    canaries = 'storefront';
    try {
      clients.length = 0;
      const id = given(await visit('198.51.100.7'));
      // What the API verifies: the host's signature, and the tag of the address the proxy forwarded.
      expect(await api.verify(id)).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), addressTag: await tagOf('198.51.100.7') });
      expect(clients.filter(Boolean)).toEqual([id]);
      // Kept while it is the host's; a plain id, another key's or a changed one is replaced by a signed one.
      expect((await visit('203.0.113.1', id)).headers.get('set-cookie')).toBeNull();
      for (const sent of ['0b7c5d1e-8f2a-4c3b-9d4e-5f6a7b8c9d0e', await new ClientIdSigner(`${secret}!`).issue('198.51.100.7'), `${id}x`]) {
        const replaced = given(await visit('198.51.100.7', sent));
        expect(replaced).not.toBe(sent);
        expect(await api.verify(replaced)).not.toBeNull();
      }
      // An IPv6 shopper is tagged by their /64.
      const [a, b] = [given(await visit('2001:db8:7:1::a')), given(await visit('2001:db8:7:1:ffff::b'))];
      expect((await api.verify(a))!.addressTag).toBe(await tagOf('2001:db8:7:1::/64'));
      expect((await api.verify(b))!.addressTag).toBe((await api.verify(a))!.addressTag);
    } finally {
      canaries = '';
      await signingHost.close();
    }
  });

  it("never hands a browser another browser's registry when the API fails to answer its own (security review 2026-11-29 #13)", async () => {
    // A host that keeps the stable registry for its time to live (the default), as in production.
    const cached = new ShellDocument({ root: dir, apiUrl });
    const request = () => ({ headers: {} }) as unknown as IncomingMessage;
    canaries = 'storefront';
    try {
      const first = await cached.boot(request());
      expect(first.clientId).toMatch(/^[0-9a-f-]{36}$/);
      expect(first.registry!.every((entry) => entry.reportToken === `token-de-${first.clientId}`)).toBe(true);
      clientRegistryDown = true;
      const second = await cached.boot(request());
      expect(second.clientId).not.toBe(first.clientId);
      expect(second.registry!.length).toBeGreaterThan(0);
      expect(second.registry!.some((entry) => 'reportToken' in entry)).toBe(false);
      expect(JSON.stringify(second.registry)).not.toContain(first.clientId!);
    } finally {
      canaries = '';
      clientRegistryDown = false;
    }
  });

  it('shows a registry change on the next page and keeps the last registry while the API fails', async () => {
    const moved: RemoteRegistry = [{ name: 'storefront', manifestUrl: `${apiUrl}/mf-manifest.json`, version: '1.0.1', routes: ['/', '/produtos', '/</script><script>alert(1)</script>'] }];
    registry = moved;
    const html = await (await page('/')).text();
    expect(bootData(html).registry).toEqual(moved);
    expect(html).not.toContain('</script><script>alert(1)');
    registry = 'down';
    const during = await page('/');
    expect(bootData(await during.text()).registry).toEqual(moved);
    registry = moved;
  });

  it('answers every GET of a page a remote owns with the document, whatever the Accept; JSON 404 for files and unowned paths not asking for HTML', async () => {
    for (const accept of [undefined, '*/*', 'text/html', 'application/json, */*;q=0.1']) {
      const response = await fetch(`${shell.url}/produtos`, { headers: accept ? { accept } : {} });
      expect(response.status, String(accept)).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(bootData(await response.text()).registry).toEqual(registry);
    }
    const head = await fetch(`${shell.url}/produtos`, { method: 'HEAD', headers: { accept: '*/*' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const file = await fetch(`${shell.url}/main.1a2b3c4d.js`, { headers: { accept: '*/*' } });
    expect(file.status).toBe(404);
    expect(await file.json()).toEqual({ error: 'not_found' });
    const unowned = await fetch(`${shell.url}/nada`, { headers: { accept: '*/*' } });
    expect(unowned.status).toBe(404);
    expect(unowned.headers.get('content-type')).toMatch(/^application\/json/);
    const unownedPage = await fetch(`${shell.url}/nada`, { headers: { accept: 'text/html' } });
    expect(unownedPage.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('routes a path to the remote whose pattern matches best', () => {
    const entries: RemoteRegistry = [
      { name: 'storefront', manifestUrl: 'http://a/mf-manifest.json', version: '1', routes: ['/', '/produtos', '/produtos/:id'] },
      { name: 'checkout', manifestUrl: 'http://b/mf-manifest.json', version: '1', routes: ['/minha-conta/pedidos/*'] },
      { name: 'admin', manifestUrl: 'http://c/mf-manifest.json', version: '1', routes: ['/admin/*'] },
    ];
    expect(landingRemote(entries, '/')?.name).toBe('storefront');
    expect(landingRemote(entries, '/produtos/42')?.name).toBe('storefront');
    expect(landingRemote(entries, '/minha-conta/pedidos/7')?.name).toBe('checkout');
    expect(landingRemote(entries, '/admin')?.name).toBe('admin');
    expect(landingRemote(entries, '/nada')).toBeUndefined();
  });
});

describe('product pages', () => {
  it('answers 404 with the page (its not-found screen) for a product the API does not show, 200 for one it shows', async () => {
    const document = new ShellDocument({ root: dir, apiUrl });
    const host = await startStaticHost({ name: 'shell', root: dir, port: 0, spa: true, runtimeConfig: { apiUrl }, document, seo: { storeOrigin: 'http://loja.example', apiOrigin: apiUrl, productPath: () => undefined } });
    try {
      const shown = await fetch(`${host.url}/produtos/anel-lua`, { headers: { accept: 'text/html' } });
      expect(shown.status).toBe(200);
      const hidden = await fetch(`${host.url}/produtos/anel-rascunho`, { headers: { accept: 'text/html' } });
      expect(hidden.status).toBe(404);
      expect(hidden.headers.get('content-type')).toMatch(/^text\/html/);
      expect(bootData(await hidden.text()).registry).toEqual(registry);
    } finally {
      await host.close();
    }
  });
});

describe('the CDN purge hook', () => {
  it('is told the surrogate keys an event purges, as JSON', async () => {
    const received: unknown[] = [];
    const cdn = Fastify();
    cdn.post('/purge', async (request) => {
      received.push(request.body);
      return { ok: true };
    });
    const cdnUrl = await cdn.listen({ port: 0, host: '127.0.0.1' });
    try {
      const document = new ShellDocument({ root: dir, apiUrl, cache: { ...DEFAULT_DOCUMENT_CACHE, purgeUrl: `${cdnUrl}/purge` } });
      document.purge(['catalogue', 'product:1f0952cf-9ef7-407e-ae2b-07ce7588aa95']);
      await expect.poll(() => received).toEqual([{ tags: ['catalogue', 'product:1f0952cf-9ef7-407e-ae2b-07ce7588aa95'] }]);
    } finally {
      await cdn.close();
    }
  });
});

describe("the host's error reports (security review 2026-11-29 #15)", () => {
  it('sends one per error type, remote and version a window, so made-up failing paths cannot spend its address\'s budget of reports', async () => {
    const reporting = new ShellDocument({ root: dir, apiUrl, reportWindowMs: 400 });
    const failure = (version: string, path: string): ErrorReport => ({
      errorType: 'ssr_render_failure',
      errorMessage: `O render no servidor falhou de "storefront" em ${path}: boom`,
      remote: 'storefront',
      version,
    });
    reports.length = 0;
    for (let i = 0; i < 40; i += 1) reporting.report(failure('2.0.0', `/produtos/inventado-${i}`));
    reporting.report(failure('2.0.1', '/produtos/anel-lua'));
    await expect.poll(() => reports.map((report) => [report.version, report.errorMessage]).sort()).toEqual([
      ['2.0.0', 'O render no servidor falhou de "storefront" em /produtos/inventado-0: boom'],
      ['2.0.1', 'O render no servidor falhou de "storefront" em /produtos/anel-lua: boom'],
    ]);
    // The next window reports again.
    await new Promise((resolve) => setTimeout(resolve, 500));
    reporting.report(failure('2.0.0', '/produtos/anel-sol'));
    await expect.poll(() => reports.length).toBe(3);
    expect(reports[2]!.errorMessage).toContain('/produtos/anel-sol');
  });
});
