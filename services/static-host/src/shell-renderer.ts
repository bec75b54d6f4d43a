/**
 * The shell's Node build as its host uses it (issue 20): {@link loadShellRenderer} requires
 * `shell/dist/server/server.js` (a @prata/contracts `ShellServerModule`, CommonJS) and reads the
 * browser build's `document-assets.json`; {@link streamDocument} writes one server-rendered
 * document into a response body:
 *
 * 1. at once: doctype, charset, viewport, preconnects, the chrome's style sheets, the shell's
 *    deferred scripts and preloads (the browser fetches them while the page renders);
 * 2. once the page's remote and data are ready (within the page's budget): the page's head
 *    (title, description, canonical, Open Graph, JSON-LD), the remote's style sheets and script
 *    preloads, the boot data (`#prata-boot`), then `<body><div id="root">`;
 * 3. React's stream of `#root`;
 * 4. the dehydrated query state (`#prata-state`) and the end of the document.
 *
 * Each part is flushed through the compression stream as it is written (React flushes its own),
 * so the first bytes leave before the page has rendered. When the shell fails to render, the
 * document is finished without markup (`#root` empty, no `page` in the boot data) and the
 * browser renders it, as a store without server rendering would.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PassThrough, Writable, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import type { DocumentAssets, RemoteRegistry, ServerPageRequest, ShellBoot, ShellServerModule } from '@prata/contracts';

/** The shell's Node build and its browser build's document assets. */
export interface ShellRenderer {
  module: ShellServerModule;
  assets: DocumentAssets;
}

/** The globals the federation runtime keeps its state in (instances, share scopes, loaded containers). */
const FEDERATION_GLOBALS = ['__FEDERATION__', '__VMOK__', '__GLOBAL_LOADING_REMOTE_ENTRY__', '__MF_DEVTOOLS_MODULE_INFO__'];

/**
 * Loads the shell's Node build from `root` (the shell's `dist/`), or null when it was not built.
 * `fresh`: forget a previously loaded copy and its federation runtime's state (development, after
 * a rebuild): the new copy starts a federation of its own, so its shared singletons are its own
 * (mixing two copies' routers breaks rendering).
 * @throws when the build exists but cannot be loaded.
 */
export function loadShellRenderer(root: string, fresh = false): ShellRenderer | null {
  const entry = path.join(root, 'server', 'server.js');
  const assetsFile = path.join(root, 'document-assets.json');
  if (!existsSync(entry) || !existsSync(assetsFile)) return null;
  const require = createRequire(entry);
  if (fresh) {
    const dir = path.dirname(entry);
    for (const key of Object.keys(require.cache)) if (key.startsWith(dir)) delete require.cache[key];
    for (const name of FEDERATION_GLOBALS) delete (globalThis as Record<string, unknown>)[name];
  }
  return { module: require(entry) as ShellServerModule, assets: JSON.parse(readFileSync(assetsFile, 'utf8')) as DocumentAssets };
}

/** Text escaped for an HTML attribute. */
const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
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
  flush(): void;
}

/** A body for `acceptEncoding` (brotli at quality 5 or gzip at level 6: fast enough to stream). */
export function documentBody(acceptEncoding: string | undefined): DocumentBody {
  const encoding = negotiateEncoding(acceptEncoding);
  const stream: Transform =
    encoding === 'br'
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? zlib.createGzip({ level: 6 })
        : new PassThrough();
  return {
    stream,
    encoding,
    write: (text) => void stream.write(text),
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

/** The first part of the document, sent before anything renders. */
function documentStart(assets: DocumentAssets, apiUrl: string): string {
  return [
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<link rel="preconnect" href="${escapeAttr(apiUrl)}" crossorigin>`,
    ...assets.styles.map((url) => `<link rel="stylesheet" href="${escapeAttr(url)}">`),
    ...assets.scripts.map((url) => `<script defer src="${escapeAttr(url)}"></script>`),
    ...assets.preloads.map((url) => `<link rel="preload" as="script" href="${escapeAttr(url)}">`),
  ].join('');
}

/** Writes one server-rendered document into `options.body` and ends it (see the module doc). */
export async function streamDocument({ renderer, request, body, onRenderError, closed }: DocumentOptions): Promise<void> {
  body.write(documentStart(renderer.assets, request.apiUrl));
  body.flush();
  const boot: ShellBoot = { apiUrl: request.apiUrl, registry: request.registry };
  let page;
  try {
    page = await renderer.module.renderPage(request);
  } catch (error) {
    onRenderError(error);
  }
  if (!page || page.kind !== 'page') {
    // Not rendered (or, unexpectedly, a redirect after the status was sent): the browser renders the page.
    body.write(`<title>Prata 925 | Joias em Prata 925</title><script type="application/json" id="prata-boot">${scriptJson(boot)}</script></head><body><div id="root"></div></body></html>`);
    body.stream.end();
    return;
  }
  const origins = [...new Set(page.remoteAssets.scripts.map((url) => new URL(url).origin))];
  body.write(
    [
      page.head,
      ...origins.map((origin) => `<link rel="preconnect" href="${escapeAttr(origin)}">`),
      ...page.remoteAssets.styles.map((url) => `<link rel="stylesheet" href="${escapeAttr(url)}">`),
      ...page.remoteAssets.scripts.map((url) => `<link rel="preload" as="script" href="${escapeAttr(url)}">`),
      `<script type="application/json" id="prata-boot">${scriptJson({ ...boot, page: page.page } satisfies ShellBoot)}</script>`,
      '</head><body><div id="root">',
    ].join(''),
  );
  body.flush();
  const rendered = page;
  void closed.then(() => rendered.abort());
  await new Promise<void>((resolve, reject) => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        if (body.stream.write(chunk)) callback();
        else body.stream.once('drain', () => callback());
      },
      final(callback) {
        body.write(`</div><script type="application/json" id="prata-state">${scriptJson(rendered.state())}</script></body></html>`);
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
}
