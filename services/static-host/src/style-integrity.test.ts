/**
 * The host inlines only verified style sheets,
 * over real HTTP: a release origin (a Fastify app, which also stands in for the API: registry and
 * error reports) serves a remote's sheets, and the shell's Node build is stood in for by a module
 * honouring its contract whose page hands the remote's sheets with the hashes its release
 * recorded (`remoteAssets.styleIntegrity`, by URL). A sheet whose bytes match is inlined (its
 * `url()`s made absolute after hashing); one whose bytes were changed on the origin, or that has no
 * recorded hash, is neither inlined nor linked, and reported; a text read earlier for a bootstrap
 * page does not slip past the check; the sheet is inlined again once the origin serves the
 * released bytes. The operator's bootstrap entry (no hashes) and the shell's own sheets are
 * inlined as before.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorReport, RemoteDocumentAssets, RemoteRegistry, ServerPageRender, ShellServerModule } from '@prata/contracts';
import { ShellDocument } from './shell-document.ts';
import { documentBody, streamDocument, type ShellRenderer } from './shell-renderer.ts';
import { startStaticHost, type RunningHost } from './static-host.ts';
import { StyleInliner } from './style-inliner.ts';

let dir: string;
let origin: FastifyInstance;
let originUrl: string;
/** What the origin serves under `/releases/1.0.0/` (name -> text); a name absent answers 404. */
const served = new Map<string, string>();
/** The sheets the origin was asked for, in order. */
const asked: string[] = [];
/** The error reports the API double received. */
const reports: ErrorReport[] = [];
/** What the stand-in shell hands for the page's remote. */
let remoteAssets: RemoteDocumentAssets;

const APP = 'app.d11e1dcc.css';
const PAGE = 'page-about.d98de10f.css';
const RELEASED = { [APP]: '.app{background:url(img/silver.png)}', [PAGE]: '.about{margin:0}' };
const sri = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
const sheetUrl = (name: string) => `${originUrl}/releases/1.0.0/${name}`;
/** The recorded hashes of the released sheets, by URL, as the shell hands them. */
const recorded = () => Object.fromEntries(Object.entries(RELEASED).map(([name, text]) => [sheetUrl(name), sri(text)]));

const module: ShellServerModule = {
  inlineScript: '',
  routePage: async () => ({ kind: 'page', status: 200 }),
  async renderPage() {
    const page: ServerPageRender = {
      kind: 'page',
      status: 200,
      head: '<title>Sobre | Prata 925</title>',
      page: { pathname: '/sobre', remote: 'storefront', version: '1.0.0', layout: 'store', slot: 'server' },
      remoteAssets,
      pipe(destination) {
        destination.write('<main>Sobre nós</main>');
        destination.end();
      },
      abort: () => undefined,
      state: () => ({}),
    };
    return page;
  },
  preloadRemotes: async () => [],
};

/** A renderer with the stand-in shell and its own style inliner (its own cache) unless one is given. */
const rendererWith = (styles = new StyleInliner(dir, [originUrl])): ShellRenderer => ({
  module,
  assets: { scripts: ['/main.js'], preloads: [], styles: ['/chrome.css'], singletons: { '@prata/shared-ui': { js: [], css: ['/shared-ui.css'], takes: [] } } },
  styles,
  releaseOrigins: [originUrl],
});

/** The document the host writes for the page, and the reports it made. */
async function document(renderer: ShellRenderer, hashes: Pick<RemoteRegistry[number], 'serverIntegrity' | 'styleIntegrity'> = {}): Promise<{ html: string; reported: ErrorReport[] }> {
  const reported: ErrorReport[] = [];
  const body = documentBody(undefined, true);
  body.stream.resume();
  const registry: RemoteRegistry = [{ name: 'storefront', manifestUrl: `${originUrl}/releases/1.0.0/mf-manifest.json`, version: '1.0.0', routes: ['/sobre'], ...hashes }];
  await streamDocument({
    renderer,
    body,
    closed: new Promise<void>(() => undefined),
    request: { url: '/sobre', hostname: 'loja.example', storeOrigin: 'https://loja.example', apiUrl: originUrl, registry, budgetMs: 300, releaseOrigins: [originUrl], report: (report) => reported.push(report) },
    onRenderError: (error) => {
      throw error;
    },
  });
  return { html: body.captured(), reported };
}

/** Everything of the document that names or carries the sheet `name`: its element, a link to it, its text. */
const traces = (html: string, name: string) => [html.includes(sheetUrl(name)), html.includes(RELEASED[name as keyof typeof RELEASED] ?? '\0'), html.includes('.app{background:url(img/evil.png)}')];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'prata-style-integrity-'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  await writeFile(path.join(dir, 'chrome.css'), '.chrome{color:red}');
  await writeFile(path.join(dir, 'shared-ui.css'), '.p9-container{margin-inline:auto}');
  origin = Fastify();
  origin.get('/releases/1.0.0/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    asked.push(name);
    const text = served.get(name);
    return text === undefined ? reply.code(404).send() : reply.type('text/css').send(text);
  });
  origin.get('/api/remotes', async () => [{ name: 'storefront', manifestUrl: `${originUrl}/releases/1.0.0/mf-manifest.json`, version: '1.0.0', routes: ['/sobre'] }]);
  origin.post('/api/errors', async (request, reply) => {
    reports.push(request.body as ErrorReport);
    return reply.code(202).send({});
  });
  originUrl = await origin.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await origin?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The origin serves the released sheets again. */
function serveReleased(): void {
  for (const [name, text] of Object.entries(RELEASED)) served.set(name, text);
}

describe("a released remote's style sheets in a server-rendered document", () => {
  it('inlines a sheet whose bytes match the hash its release recorded (hashed as served, before its url()s are made absolute)', async () => {
    serveReleased();
    remoteAssets = { scripts: [], styles: [sheetUrl(APP), sheetUrl(PAGE)], singletons: ['@prata/shared-ui'], styleIntegrity: recorded() };
    const { html, reported } = await document(rendererWith());
    expect(html).toContain(`<style data-href="${sheetUrl(APP)}">.app{background:url(${originUrl}/releases/1.0.0/img/silver.png)}</style><style data-href="${sheetUrl(PAGE)}">.about{margin:0}</style>`);
    // The shell's own sheets, and those of the singletons the remote takes, are inlined as ever.
    expect(html).toContain('<style data-href="/chrome.css">.chrome{color:red}</style>');
    expect(html).toContain('<style data-href="/shared-ui.css">.p9-container{margin-inline:auto}</style>');
    expect(reported).toEqual([]);
  });

  it("keeps the release's hashes out of the boot data the browser gets (only the host checks them)", async () => {
    serveReleased();
    remoteAssets = { scripts: [], styles: [sheetUrl(APP)], singletons: [], styleIntegrity: recorded() };
    const serverIntegrity = `sha384-${'S'.repeat(64)}`;
    const { html } = await document(rendererWith(), { serverIntegrity, styleIntegrity: { [APP]: recorded()[sheetUrl(APP)]! } });
    const boot = JSON.parse(/<script type="application\/json" id="prata-boot">(.*?)<\/script>/s.exec(html)![1]!) as { registry: Record<string, unknown>[] };
    expect(boot.registry).toEqual([{ name: 'storefront', manifestUrl: `${originUrl}/releases/1.0.0/mf-manifest.json`, version: '1.0.0', routes: ['/sobre'] }]);
    expect(html).not.toContain(serverIntegrity);
  });

  it('neither inlines nor links a sheet whose bytes were changed on the origin, and reports it; inlines it again once the origin serves the released bytes', async () => {
    serveReleased();
    served.set(APP, '.app{background:url(img/evil.png)}');
    remoteAssets = { scripts: [], styles: [sheetUrl(APP), sheetUrl(PAGE)], singletons: [], styleIntegrity: recorded() };
    const renderer = rendererWith();
    const { html, reported } = await document(renderer);
    expect(traces(html, APP)).toEqual([false, false, false]);
    expect(html).not.toContain('evil.png');
    // The other sheet, intact, is still inlined.
    expect(html).toContain(`<style data-href="${sheetUrl(PAGE)}">.about{margin:0}</style>`);
    expect(reported).toEqual([
      expect.objectContaining({
        errorType: 'style_integrity_failure',
        remote: 'storefront',
        version: '1.0.0',
        pageUrl: 'https://loja.example/sobre',
        errorMessage: expect.stringContaining(`A folha de estilo ${sheetUrl(APP)} não foi incluída na página /sobre: the style sheet ${sheetUrl(APP)} does not match its release (integrity ${sri('.app{background:url(img/evil.png)}')}, expected ${sri(RELEASED[APP])})`),
      }),
    ]);
    // The origin is repaired: the same host (same inliner) reads the sheet again and inlines it.
    serveReleased();
    const repaired = await document(renderer);
    expect(repaired.html).toContain(`<style data-href="${sheetUrl(APP)}">.app{background:url(${originUrl}/releases/1.0.0/img/silver.png)}</style>`);
    expect(repaired.reported).toEqual([]);
  });

  it('neither fetches, inlines nor links a sheet its release recorded no hash of (a release recorded before sheets were hashed, or one the manifest added since)', async () => {
    serveReleased();
    asked.length = 0;
    remoteAssets = { scripts: [], styles: [sheetUrl(APP), sheetUrl(PAGE)], singletons: [], styleIntegrity: { [sheetUrl(PAGE)]: sri(RELEASED[PAGE]) } };
    const { html, reported } = await document(rendererWith());
    expect(traces(html, APP)).toEqual([false, false, false]);
    expect(html).toContain(`<style data-href="${sheetUrl(PAGE)}">`);
    expect(asked).toEqual([PAGE]);
    expect(reported).toEqual([expect.objectContaining({ errorType: 'style_integrity_failure', errorMessage: expect.stringContaining(`the release records no hash of the style sheet ${sheetUrl(APP)}`) })]);
    // A release that recorded none: nothing of it in the document.
    remoteAssets = { ...remoteAssets, styleIntegrity: {} };
    const none = await document(rendererWith());
    expect([...traces(none.html, APP), ...traces(none.html, PAGE)]).toEqual([false, false, false, false, false, false]);
    expect(none.reported).toHaveLength(2);
  });

  it('checks a text the host read earlier for a page of the bootstrap entry like a fresh one: cached bytes do not slip past the check', async () => {
    serveReleased();
    served.set(APP, '.app{background:url(img/evil.png)}');
    const styles = new StyleInliner(dir, [originUrl]);
    // The operator's bootstrap entry (no hashes): inlined as read, as before.
    remoteAssets = { scripts: [], styles: [sheetUrl(APP)], singletons: [] };
    const bootstrap = await document(rendererWith(styles));
    expect(bootstrap.html).toContain(`<style data-href="${sheetUrl(APP)}">.app{background:url(${originUrl}/releases/1.0.0/img/evil.png)}</style>`);
    // A released entry's page, with the same inliner (that text in its cache): left out.
    remoteAssets = { ...remoteAssets, styleIntegrity: recorded() };
    const released = await document(rendererWith(styles));
    expect(traces(released.html, APP)).toEqual([false, false, false]);
    expect(released.reported).toHaveLength(1);
  });

  it('links, as before, a sheet with a recorded hash that cannot be read in time (no bytes of it in the document)', async () => {
    served.clear();
    remoteAssets = { scripts: [], styles: [sheetUrl(APP)], singletons: [], styleIntegrity: recorded() };
    const { html, reported } = await document(rendererWith());
    expect(html).toContain(`<link rel="stylesheet" href="${sheetUrl(APP)}">`);
    expect(reported).toEqual([]);
  });

  it("reports a refused sheet through the host's error reports (POST /api/errors), once per remote and version in a window", async () => {
    serveReleased();
    served.set(APP, '.app{background:url(img/evil.png)}');
    remoteAssets = { scripts: [], styles: [sheetUrl(APP)], singletons: [], styleIntegrity: recorded() };
    const renderer = rendererWith();
    const shellDocument = new ShellDocument({ root: dir, apiUrl: originUrl, renderer: () => renderer, storeOrigin: 'https://loja.example' });
    const host: RunningHost = await startStaticHost({ name: 'shell', root: dir, port: 0, spa: true, document: shellDocument, csp: { apiUrl: originUrl, remoteOrigins: async () => [originUrl] } });
    try {
      reports.length = 0;
      for (let i = 0; i < 2; i += 1) {
        const html = await (await fetch(`${host.url}/sobre`, { headers: { accept: 'text/html' } })).text();
        expect(html).toContain('<main>Sobre nós</main>');
        expect(traces(html, APP)).toEqual([false, false, false]);
      }
      await expect.poll(() => reports.length).toBe(1);
      expect(reports[0]).toMatchObject({ errorType: 'style_integrity_failure', remote: 'storefront', version: '1.0.0', manifestUrl: `${originUrl}/releases/1.0.0/mf-manifest.json` });
    } finally {
      await host.close();
    }
  });
});
