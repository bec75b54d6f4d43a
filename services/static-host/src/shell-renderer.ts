/**
 * The shell's Node build as its host uses it: {@link loadShellRenderer} requires
 * `shell/dist/server/server.js` (a @prata/contracts `ShellServerModule`, CommonJS) and reads the
 * browser build's `document-assets.json`; {@link streamDocument} writes one server-rendered
 * document into a response body:
 *
 * 1. at once: doctype, charset, viewport, the shell's inline script, preconnects, the chrome's styles;
 * 2. once the page's remote and data are ready (within the page's budget): the page's head
 *    (title, description, canonical, Open Graph, JSON-LD), the remote's styles, the boot data
 *    (`#prata-boot`), then `<body><div id="root">`;
 * 3. React's stream of `#root`;
 * 4. the dehydrated query state (`#prata-state`), then the scripts: preloads of every file the
 *    page hydrates with (the shell's, the singletons the remote takes, the remote's) and the
 *    shell's deferred entry, and the end of the document.
 *
 * The scripts come last on purpose: the page paints from the document alone, so on a slow
 * connection the document's body gets the bandwidth, and the ~200 KB of JavaScript (hydration)
 * start once it has arrived instead of competing with it (HTTP/1.1 opens six connections per
 * origin; the document would get a seventh of the line).
 *
 * Each part is flushed through the compression stream as it is written (React flushes its own),
 * so the first bytes leave before the page has rendered. Styles are inlined (`<style data-href>`,
 * style-inliner.ts `StyleInliner`): a phone on a slow network paints the page from the document alone,
 * instead of waiting for a round trip per style sheet (and a connection to each remote's origin)
 * before its first paint; a style sheet that cannot be read in time is linked instead. A released
 * remote's sheet is inlined only when its bytes match the hash its release recorded
 * (`remoteAssets.styleIntegrity`); one that does not, or has no hash, is left out of the document
 * and reported (`style_integrity_failure`, through the request's `report`). When the shell fails to render, the
 * document is finished without markup (`#root` empty, no `page` in the boot data) and the
 * browser renders it, as a store without server rendering would.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PassThrough, Writable, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import { singletonClosure, type DocumentAssets, type DocumentCacheVerdict, type ServerPageRequest, type ShellServerModule } from '@prata/contracts/server-rendering';
import type { RemoteRegistry, RenderedPage, ShellBoot } from '@prata/contracts/platform';
import { escapeAttr, StyleInliner } from './style-inliner.ts';

/** The shell's Node build and its browser build's document assets. */
export interface ShellRenderer {
  module: ShellServerModule;
  assets: DocumentAssets;
  styles: StyleInliner;
  /** The origins, or origins and path prefixes, remote builds (Node containers, inlined style sheets) may come from: the host's `RELEASE_ORIGINS`. */
  releaseOrigins: readonly string[];
}

/**
 * Empties the globals the federation runtime keeps its state in (instances, share scopes, loaded
 * containers). It defines them writable but not configurable: they are replaced, not deleted.
 */
function resetFederationState(): void {
  const global = globalThis as Record<string, unknown>;
  const federation = {};
  if ('__FEDERATION__' in global) global.__FEDERATION__ = federation;
  if ('__VMOK__' in global) global.__VMOK__ = federation;
  if ('__GLOBAL_LOADING_REMOTE_ENTRY__' in global) global.__GLOBAL_LOADING_REMOTE_ENTRY__ = {};
}

/**
 * Loads the shell's Node build from `root` (the shell's `dist/`), or null when it was not built.
 * `fresh`: forget a previously loaded copy and its federation runtime's state (development, after
 * a rebuild): the new copy starts a federation of its own, so its shared singletons are its own
 * (mixing two copies' routers breaks rendering).
 * @throws when the build exists but cannot be loaded.
 */
export function loadShellRenderer(root: string, releaseOrigins: readonly string[], fresh = false): ShellRenderer | null {
  const entry = path.join(root, 'server', 'server.js');
  const assetsFile = path.join(root, 'document-assets.json');
  if (!existsSync(entry) || !existsSync(assetsFile)) return null;
  const require = createRequire(entry);
  if (fresh) {
    const dir = path.dirname(entry);
    for (const key of Object.keys(require.cache)) if (key.startsWith(dir)) delete require.cache[key];
    resetFederationState();
  }
  return { module: require(entry) as ShellServerModule, assets: JSON.parse(readFileSync(assetsFile, 'utf8')) as DocumentAssets, styles: new StyleInliner(root, releaseOrigins), releaseOrigins };
}

/** JSON safe inside a `<script>` element: no `</script>`, no HTML comment openers. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** The compression a browser accepts, best first: brotli, gzip, or none. */
export function negotiateEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number.parseFloat(q.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => name!.toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

/** A document body: what is written goes out compressed, and `flush` pushes it to the browser now. */
export interface DocumentBody {
  stream: Transform;
  encoding: 'br' | 'gzip' | null;
  write(text: string): void;
  /** Writes bytes React rendered (also kept when the body captures). */
  writeBytes(chunk: Uint8Array): boolean;
  flush(): void;
  /** Everything written so far, as text (empty unless the body was made to capture). */
  captured(): string;
}

/**
 * A body for `acceptEncoding` (brotli at quality 5 or gzip at level 6: fast enough to stream).
 * `capture`: also keep what is written, uncompressed, for the render cache.
 */
export function documentBody(acceptEncoding: string | undefined, capture = false): DocumentBody {
  const encoding = negotiateEncoding(acceptEncoding);
  const stream: Transform =
    encoding === 'br'
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? zlib.createGzip({ level: 6 })
        : new PassThrough();
  const kept: Buffer[] = [];
  return {
    stream,
    encoding,
    write: (text) => {
      if (capture) kept.push(Buffer.from(text, 'utf8'));
      stream.write(text);
    },
    writeBytes: (chunk) => {
      if (capture) kept.push(Buffer.from(chunk));
      return stream.write(chunk);
    },
    captured: () => Buffer.concat(kept).toString('utf8'),
    flush: () => {
      if (stream instanceof PassThrough) return;
      (stream as zlib.Gzip | zlib.BrotliCompress).flush(encoding === 'br' ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH);
    },
  };
}

export interface DocumentOptions {
  renderer: ShellRenderer;
  /** The page request for the shell (its registry must be known; its nonce goes to React's inline scripts). */
  request: ServerPageRequest & { registry: RemoteRegistry };
  body: DocumentBody;
  /** Called with what went wrong when the shell could not render (the document is finished for the browser). */
  onRenderError(error: unknown): void;
  /** Resolves when the browser went away: the render is stopped. */
  closed: Promise<void>;
}

/** A small silver '925' mark as the page's icon (no request of its own). */
const ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1b1d22"/><text x="16" y="21" font-family="Georgia,serif" font-size="12" fill="#e5e7eb" text-anchor="middle">925</text></svg>')}`;

/** The first part of the document, sent before anything renders. */
async function documentStart(renderer: ShellRenderer, apiUrl: string, nonce: string | undefined): Promise<string> {
  const { assets } = renderer;
  return [
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<script${nonce ? ` nonce="${escapeAttr(nonce)}"` : ''}>${renderer.module.inlineScript}</script>`,
    `<link rel="icon" href="${escapeAttr(ICON)}">`,
    `<link rel="preconnect" href="${escapeAttr(apiUrl)}" crossorigin>`,
    await renderer.styles.tags(assets.styles),
  ].join('');
}

/**
 * The document's scripts, written at its end (see the module doc): a preload of each of
 * `preloads` (the files the page hydrates with, fetched in parallel) and the shell's entries in
 * `scripts`, deferred, in order.
 */
function documentScripts(scripts: readonly string[], preloads: readonly string[]): string {
  return [
    ...[...new Set(preloads)].filter((url) => !scripts.includes(url)).map((url) => `<link rel="preload" as="script" href="${escapeAttr(url)}"${corsAttribute(url)}>`),
    ...scripts.map((url) => `<script defer src="${escapeAttr(url)}"${corsAttribute(url)}></script>`),
  ].join('');
}

/**
 * ` crossorigin` for a file on another origin (an absolute URL: a remote's; the shell's own files
 * are addressed from `/`), else nothing. A remote's scripts run in CORS mode, so their errors are
 * not muted (shell cors-scripts-plugin.ts); a preload must ask in the same mode as the script
 * that uses it, or the browser downloads the file twice.
 */
export function corsAttribute(url: string): string {
  return /^(https?:)?\/\//i.test(url) ? ' crossorigin' : '';
}

/** What a streamed document was: its boot data as written, and whether it may be cached. */
export interface StreamedDocument {
  /** The JSON text of `#prata-boot` as written into the document. */
  bootJson: string;
  /** The shell's verdict (ServerPageRender `cache`); not cacheable when the shell did not render. */
  verdict: DocumentCacheVerdict;
  /** What the page's slot was (null when the shell did not render). */
  page: RenderedPage | null;
}

/**
 * Reports a remote style sheet left out of a document (style-inliner.ts: no recorded hash, or bytes
 * that differ from it) through the request's error reports, blaming the page's remote and version
 * (`style_integrity_failure`; the host sends one per remote and version a minute, shell-document.ts).
 */
function reportRefusedSheet(request: ServerPageRequest & { registry: RemoteRegistry }, page: RenderedPage, url: string, reason: string): void {
  const entry = request.registry.find((candidate) => candidate.name === page.remote);
  request.report({
    errorType: 'style_integrity_failure',
    errorMessage: `A folha de estilo ${url} não foi incluída na página ${page.pathname}: ${reason}`.slice(0, 2000),
    pageUrl: `${request.storeOrigin}${page.pathname}`,
    ...(page.remote ? { remote: page.remote } : {}),
    ...(page.version ? { version: page.version } : {}),
    ...(entry ? { manifestUrl: entry.manifestUrl } : {}),
  });
}

/**
 * The registry as the browser gets it in the boot data: without the hashes of a release's Node
 * build and style sheets (`serverIntegrity`, `styleIntegrity`), which only the host checks. They
 * would be ~4 KB of incompressible base64 in every document.
 */
export function browserRegistry(registry: RemoteRegistry): RemoteRegistry {
  return registry.map(({ serverIntegrity: _server, styleIntegrity: _styles, ...entry }) => entry);
}

/** Writes one server-rendered document into `options.body` and ends it (see the module doc). */
export async function streamDocument({ renderer, request, body, onRenderError, closed }: DocumentOptions): Promise<StreamedDocument> {
  body.write(await documentStart(renderer, request.apiUrl, request.nonce));
  body.flush();
  const boot: ShellBoot = { apiUrl: request.apiUrl, registry: browserRegistry(request.registry) };
  let page;
  try {
    page = await renderer.module.renderPage(request);
  } catch (error) {
    onRenderError(error);
  }
  if (!page || page.kind !== 'page') {
    // Not rendered (or, unexpectedly, a redirect after the status was sent): the browser renders the page.
    const bootJson = scriptJson(boot);
    body.write(
      `<title>Prata 925 | Joias em Prata 925</title><script type="application/json" id="prata-boot">${bootJson}</script></head><body><div id="root"></div>${documentScripts(renderer.assets.scripts, renderer.assets.preloads)}</body></html>`,
    );
    body.stream.end();
    return { bootJson, verdict: { cacheable: false, reason: 'the shell did not render the page' }, page: null };
  }
  const origins = [...new Set(page.remoteAssets.scripts.map((url) => new URL(url).origin))];
  // The singletons the remote takes that the shell itself does not start with.
  const { assets } = renderer;
  const extra = singletonClosure(assets.singletons, page.remoteAssets.singletons).map((name) => assets.singletons[name]);
  const extraScripts = [...new Set(extra.flatMap((entry) => entry?.js ?? []))].filter((url) => !assets.preloads.includes(url) && !assets.scripts.includes(url));
  const extraStyles = [...new Set(extra.flatMap((entry) => entry?.css ?? []))].filter((url) => !assets.styles.includes(url));
  const remoteStyles = await renderer.styles.tags([...extraStyles, ...page.remoteAssets.styles], {
    integrity: page.remoteAssets.styleIntegrity,
    onRefused: (url, reason) => reportRefusedSheet(request, page.page, url, reason),
  });
  const remoteScripts = page.remoteAssets.scripts;
  const bootJson = scriptJson({ ...boot, page: page.page } satisfies ShellBoot);
  body.write(
    [
      page.head,
      ...origins.map((origin) => `<link rel="preconnect" href="${escapeAttr(origin)}">`),
      remoteStyles,
      `<script type="application/json" id="prata-boot">${bootJson}</script>`,
      '</head><body><div id="root">',
    ].join(''),
  );
  body.flush();
  const rendered = page;
  let gone = false;
  void closed.then(() => {
    gone = true;
    rendered.abort();
  });
  await new Promise<void>((resolve, reject) => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        if (body.writeBytes(chunk)) callback();
        else body.stream.once('drain', () => callback());
      },
      final(callback) {
        const scripts = documentScripts(assets.scripts, [...assets.preloads, ...extraScripts, ...remoteScripts]);
        body.write(`</div><script type="application/json" id="prata-state">${scriptJson(rendered.state())}</script>${scripts}</body></html>`);
        body.stream.end();
        callback();
        resolve();
      },
    });
    // React flushes its destination after each batch it writes.
    Object.assign(sink, { flush: () => body.flush() });
    sink.on('error', reject);
    rendered.pipe(sink);
  });
  // A shell built before render caching says nothing: its documents are not kept.
  const verdict: DocumentCacheVerdict = gone
    ? { cacheable: false, reason: 'the browser went away before the end' }
    : (rendered.cache?.() ?? { cacheable: false, reason: 'the shell gives no cache verdict' });
  return { bootJson, verdict, page: rendered.page };
}
