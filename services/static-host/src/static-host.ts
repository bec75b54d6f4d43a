/**
 * Static host: serves one built app (the shell or a remote) from its own origin, as its own
 * deployment would. Compressed responses (the build's own brotli and gzip copies of a file when it
 * has them; else compressed as served); content-hashed files cached for a year, entry
 * files (`index.html`, `remoteEntry.js`, `mf-manifest.json`) revalidated every time; CORS open so the
 * shell on another origin can fetch a remote's manifest. The shell's host also answers
 * `/runtime-config.json` (the API origin) and falls back to `index.html` for client routes.
 *
 * Security headers (helmet, its middleware made once): `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: strict-origin-when-cross-origin`, HSTS only when the host is reached over
 * https (`hsts`), and a Content-Security-Policy: for the shell, scripts and styles only from
 * itself and the registered remote origins, connections to itself, the API and the remotes,
 * `frame-ancestors 'none'` (see {@link shellCspDirectives}); a remote serves only files the shell
 * loads, so its own documents may run nothing (`default-src 'none'`).
 */
import { NO_TAG_SOURCES, type TagCspSources } from './analytics-csp.ts';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import { isSourceMap, serveReleases } from './releases.ts';
import { PRODUCT_ID_PATTERN } from '@prata/contracts/catalogue';
import { releaseOriginItem } from '@prata/contracts/release-origins';
import { productMissing, productRedirect, serveSeoFiles, type SeoOptions } from './seo.ts';
import type { AcquirerCspSources } from './acquirer-csp.ts';
import type { DocumentCsp } from './document-cache.ts';
import type { ShellDocument } from './shell-document.ts';

export interface StaticHostOptions {
  /** Name for logs, e.g. `shell`, `storefront`. */
  name: string;
  /** The app's build output directory. */
  root: string;
  port: number;
  host?: string;
  /**
   * Single-page app: an unknown GET of a page gets the document: a path a remote of the registry
   * owns whatever the `Accept` (curl, uptime probes and link-preview fetchers send `*\/*` or
   * nothing), any other path when it asks for HTML (the not-found page); else a JSON 404.
   */
  spa?: boolean;
  /** Served at `/runtime-config.json` when given (the shell). */
  runtimeConfig?: { apiUrl: string };
  /**
   * The shell's CSP sources: the API origin and the registered remote origins. `remoteOrigins`
   * is asked again for every HTML document (the registry can move a remote at runtime); when it
   * fails, the last answer is kept.
   */
  csp?: { apiUrl: string; remoteOrigins: (request: IncomingMessage) => Promise<string[]>; acquirer?: AcquirerCspSources; extraSources?: string[]; tags?: TagCspSources };
  /**
   * The shell's page documents (`/` and client routes): rendered per request with the boot data
   * and resource hints (see shell-document.ts) instead of the static `index.html`.
   */
  document?: ShellDocument;
  /** Send Strict-Transport-Security: set when browsers reach this host over https. */
  hsts?: boolean;
  /**
   * The files under `root` may change while the host runs (a development build): each request
   * looks for its file on disk. Otherwise (a release's build, immutable) the files are listed
   * once at start, and a path that names none goes straight to the pages, without a disk lookup.
   */
  changingFiles?: boolean;
  /** A remote: directory of its released versions, served at `/releases/<version>/` (releases.ts). */
  releasesRoot?: string;
  /** The shell: `robots.txt` and `sitemap.xml` (seo.ts). */
  seo?: SeoOptions;
  /**
   * The shell: `GET /healthz` answers 200 once the store can compose every remote (launch.ts,
   * readiness.ts), 503 with the problems before (orchestrators and tests wait for it).
   */
  readiness?: () => { ready: boolean; problems: string[] };
  logger?: boolean | { level: string };
}

export interface RunningHost {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/** Entry files that must never be cached: they name the hashed files of the current build. */
const ENTRY_FILES = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json', 'mf-stats.json', 'build-info.json']);

/** The origin of a URL (`http://h:p`), or null when it is not an http(s) URL. */
function originOf(url: string): string | null {
  try {
    const { origin, protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? origin : null;
  } catch {
    return null;
  }
}

/**
 * The CSP source of a remote's URL: a path prefix of the release allow-list (release-origins.ts:
 * a path ending in `/`, which as a source admits every path under it) is kept with its origin;
 * any other URL (a manifest's, say) gives its origin; null when it is neither.
 */
function remoteSourceOf(url: string): string | null {
  if (!URL.parse(url)?.pathname.endsWith('/')) return originOf(url);
  try {
    return releaseOriginItem(url);
  } catch {
    return null;
  }
}

/**
 * CSP directives of the shell's pages: `script-src` self and the remote origins (an allow-list item
 * with a path prefix stays one: `http://minio.localhost:9000/prata-releases/`); styles, fonts
 * and images also from the remotes (their CSS and assets; 'unsafe-inline' styles for the toast
 * and dialog libraries, images also from the API, data: and blob:); `connect-src` self, the API
 * (http and its websocket twin) and the remotes (manifests); no plugins, no foreign forms and
 * base URLs. The acquirer's browser SDK, secure-field frames, API and images (from
 * configuration: acquirer-csp.ts) are added to `script-src`, `frame-src`, `connect-src` and
 * `img-src`; without an acquirer, frames only from the shell itself. `tags`: the store's tags' sources
 * (GA4, the Meta Pixel: analytics-csp.ts, loaded only after consent) in `script-src`, `img-src`
 * and `connect-src`; the shell's host passes them (shell-host.ts), none by default.
 */
export function shellCspDirectives(
  apiUrl: string,
  remoteOrigins: readonly string[],
  acquirer: AcquirerCspSources = { scriptSrc: [], frameSrc: [], connectSrc: [], imgSrc: [] },
  extraSources: readonly string[] = [],
  tags: TagCspSources = NO_TAG_SOURCES,
): Record<string, string[]> {
  const api = originOf(apiUrl) ?? apiUrl;
  const apiSocket = api.replace(/^http/, 'ws');
  const remotes = [...new Set(remoteOrigins.map(remoteSourceOf).filter((o): o is string => o !== null))];
  // Development only: the shell's own dev server (its files, and the hot-reload socket).
  const extraHttp = extraSources.filter((source) => source.startsWith('http'));
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...remotes, ...extraHttp, ...acquirer.scriptSrc, ...tags.scriptSrc],
    styleSrc: ["'self'", "'unsafe-inline'", ...remotes, ...extraHttp],
    fontSrc: ["'self'", 'data:', ...remotes, ...extraHttp],
    imgSrc: ["'self'", 'data:', 'blob:', api, ...remotes, ...extraHttp, ...acquirer.imgSrc, ...tags.imgSrc],
    connectSrc: ["'self'", api, apiSocket, ...remotes, ...extraSources, ...acquirer.connectSrc, ...tags.connectSrc],
    frameSrc: ["'self'", ...acquirer.frameSrc],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/** Directives of a remote's own documents: nothing may run or frame them. */
const REMOTE_CSP = { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] };

/** A file served as a document (the shell's `index.html`), which gets the document's policy. */
const HTML_FILE = /\.html?$/i;

/** The raw request carries the directives helmet's directive functions read (for a document, also without the nonce). */
type WithCsp = { prataCsp?: Record<string, string[]>; prataCspBase?: Record<string, string[]> };

/** A CSP header value from helmet-style directives (`scriptSrc` -> `script-src`). */
export function cspHeader(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), ...values].join(' '))
    .join(';');
}

/** Whether an `Accept` header names HTML (a browser's navigation). */
const wantsHtml = (accept: string | undefined) => (accept ?? '').includes('text/html');

/**
 * The path a request target should be asked as, when it is not a plain path already (security
 * review 2026-11-29 #7): a URL parser reads `//evil.example/produtos/x` (or `/\evil.example/...`)
 * as another host and an absolute-form target (`http://evil.example/produtos/x`) names one, so a
 * page's URL made from them would leave the store's origin. Gives the target's path and query
 * with the leading slashes and backslashes collapsed to one slash (`/evil.example/produtos/x`;
 * `/produtos/x` for the absolute form); null for a plain path (`/produtos/x?y=1`) and for `*`.
 * Tabs and line breaks, which URL parsers drop, are dropped first.
 */
export function collapsedTarget(target: string): string | null {
  const cleaned = target.replace(/[\t\n\r]/g, '');
  if (cleaned === '*' || (cleaned.startsWith('/') && !/^\/[\\/]/.test(cleaned))) return null;
  let pathAndQuery = cleaned;
  if (!cleaned.startsWith('/')) {
    try {
      const absolute = new URL(cleaned);
      pathAndQuery = `${absolute.pathname}${absolute.search}`;
    } catch {
      pathAndQuery = '/';
    }
  }
  return `/${pathAndQuery.replace(/^[\\/]+/, '')}`;
}

/**
 * Whether `url` can be a page of the store: its last segment names no file (`/produtos`,
 * `/produtos/anel-lua`; not `/main.1a2b.js`), so a missing file is never answered with a page.
 */
export function isPagePath(url: string): boolean {
  const pathname = url.split('?')[0]!;
  return !/\.[A-Za-z0-9]{1,8}$/.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

/** Starts a static host (`port` 0: a port the OS picks). @throws when the port is taken or `root` is missing. */
export async function startStaticHost(options: StaticHostOptions): Promise<RunningHost> {
  const app = Fastify({ logger: options.logger ?? false, forceCloseConnections: true });
  const { csp } = options;
  if (csp) {
    // The shell's directives follow the registry: refreshed for each HTML document, reused for
    // files. Registered before helmet, whose directive functions read them from the raw request.
    let directives = shellCspDirectives(csp.apiUrl, [], csp.acquirer, csp.extraSources, csp.tags);
    let directivesOrigins = '';
    app.addHook('onRequest', async (request) => {
      const raw = request.raw as WithCsp;
      if ((request.method === 'GET' || request.method === 'HEAD') && isPagePath(request.url)) {
        const origins = await csp.remoteOrigins(request.raw).catch(() => null);
        // The same origins (nearly always): the same directives object, and the headers made of it are reused.
        if (origins && origins.join(' ') !== directivesOrigins) {
          directives = shellCspDirectives(csp.apiUrl, origins, csp.acquirer, csp.extraSources, csp.tags);
          directivesOrigins = origins.join(' ');
        }
        // A document adds this response's nonce (React's inline scripts of a page rendered now)
        // or a cached page's script hashes to these (documentCsp below).
        raw.prataCspBase = directives;
      }
      // A policy governs the document it comes with (and a worker's script), never a script or a
      // style sheet a document loads: the shell's files get the short policy a remote's files get,
      // under which such a file opened on its own runs nothing. The shell's policy, about 1.2 KB
      // with every origin the store's documents use, was sent with each of a first visit's ~40
      // files (its headers are not compressed over HTTP/1.1).
      raw.prataCsp = isPagePath(request.url) || HTML_FILE.test(request.url.split('?')[0]!) ? directives : REMOTE_CSP;
    });
  }
  // helmet's middleware is made once (@fastify/helmet would make one per request); the CSP is
  // set apart, from the directives above, its header string made once per directives object.
  const securityHeaders = helmet({
    contentSecurityPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // The shell loads the remotes' files from other origins.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  const cspHeaders = new WeakMap<Record<string, readonly string[]>, string>();
  const cspOf = (directives: Record<string, readonly string[]>) => {
    let header = cspHeaders.get(directives);
    if (!header) cspHeaders.set(directives, (header = cspHeader(directives)));
    return header;
  };
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('content-security-policy', cspOf((request.raw as WithCsp).prataCsp ?? REMOTE_CSP));
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  // A target that is not a plain path (`//evil.example/produtos/x`, `http://evil.example/...`)
  // is never routed nor rendered: a page is asked again at its collapsed path, anything else is
  // not found (security review 2026-11-29 #7: the page's canonical and Open Graph URLs followed it).
  app.addHook('onRequest', async (request, reply) => {
    const collapsed = collapsedTarget(request.raw.url ?? '/');
    if (collapsed === null) return;
    if (request.method === 'GET' || request.method === 'HEAD') return reply.header('cache-control', 'public, max-age=3600').redirect(collapsed, 301);
    return reply.code(404).send({ error: 'not_found' });
  });
  await app.register(compress, { global: true, threshold: 512 });
  await app.register(cors, { origin: '*' });
  await app.register(fastifyStatic, {
    root: path.resolve(options.root),
    // The builds carry brotli and gzip copies of their text files: served as they are.
    preCompressed: true,
    // With a rendered document, `/` is the route below instead.
    index: options.document ? false : ['index.html'],
    wildcard: options.changingFiles ?? false,
    // Source maps are the service's, never a browser's (the service maps stack frames).
    allowedPath: (pathName) => !isSourceMap(pathName),
    // Hashed file names change with their content; entry files are revalidated instead.
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const file = path.basename(filePath);
      void reply.header('cache-control', ENTRY_FILES.has(file) ? 'no-cache' : 'public, max-age=31536000, immutable');
    },
  });
  if (options.releasesRoot) await serveReleases(app, options.releasesRoot);
  if (options.seo) serveSeoFiles(app, options.seo);
  const { readiness } = options;
  if (readiness) {
    app.get('/healthz', async (_request, reply) => {
      const state = readiness();
      return reply.code(state.ready ? 200 : 503).header('cache-control', 'no-store').send({ status: state.ready ? 'ready' : 'starting', problems: state.problems });
    });
  }
  if (options.runtimeConfig) {
    const body = options.runtimeConfig;
    app.get('/runtime-config.json', async (_request, reply) => reply.header('cache-control', 'no-store').send(body));
  }
  const { document } = options;
  /**
   * The CSP of one document response: the host's directives plus this response's nonce (a page
   * rendered now), or plus the hash sources of a cached page's inline scripts instead.
   */
  const hashHeaders = new WeakMap<Record<string, string[]>, Map<string, string>>();
  const documentCsp = (request: { raw: IncomingMessage }, reply: FastifyReply): DocumentCsp => {
    const raw = request.raw as WithCsp;
    const base = raw.prataCspBase;
    if (!base) return {};
    const withScripts = (sources: readonly string[]) => cspHeader({ ...base, scriptSrc: [...(base.scriptSrc ?? []), ...sources] });
    let nonce: string | undefined;
    return {
      nonce: () => {
        if (!nonce) {
          nonce = randomBytes(16).toString('base64');
          void reply.header('content-security-policy', withScripts([`'nonce-${nonce}'`]));
        }
        return nonce;
      },
      allowScripts: (hashes) => {
        let headers = hashHeaders.get(base);
        if (!headers) hashHeaders.set(base, (headers = new Map()));
        const key = hashes.join(' ');
        let header = headers.get(key);
        if (!header) {
          header = withScripts(hashes);
          headers.set(key, header);
          if (headers.size > 1000) headers.delete(headers.keys().next().value!);
        }
        void reply.header('content-security-policy', header);
      },
    };
  };
  if (document) app.get('/', (request, reply) => document.send(request.raw, request.url, reply, documentCsp(request, reply)));
  const { seo } = options;
  if (document && seo) {
    // A product page's old address (its id) moves permanently to its slug; a slug the
    // API does not show (unknown, draft, archived) is the not-found page with the status 404.
    app.get<{ Params: { id: string } }>('/produtos/:id', async (request, reply) => {
      const query = request.url.indexOf('?');
      const isId = PRODUCT_ID_PATTERN.test(request.params.id);
      const location = isId ? await productRedirect(seo.apiOrigin, request.params.id, query < 0 ? '' : request.url.slice(query)) : null;
      if (location) return reply.header('cache-control', 'public, max-age=3600').redirect(location, 301);
      // Asked of the API only when the page is not in the render cache (a cached page knows its status).
      const status = async () => (!isId && (await productMissing(seo.apiOrigin, request.params.id)) ? (404 as const) : undefined);
      return document.send(request.raw, request.url, reply, documentCsp(request, reply), status);
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const page = request.method === 'GET' || request.method === 'HEAD';
    if (page && options.spa && document && (wantsHtml(request.headers.accept) || (isPagePath(request.url) && (await document.owns(request.raw, request.url))))) {
      return document.send(request.raw, request.url, reply, documentCsp(request, reply));
    }
    if (page && options.spa && wantsHtml(request.headers.accept)) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).header('vary', 'accept').send({ error: 'not_found' });
  });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port, host });
  const { port } = app.server.address() as { port: number };
  return { app, url: `http://${host}:${port}`, close: () => app.close() };
}
