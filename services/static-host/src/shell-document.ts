/**
 * The shell's HTML document, answered for each page request.
 *
 * Server rendering: when the shell's Node build is there and the registry is known, the page is
 * rendered by the shell on this host and streamed (page-renders.ts, shell-renderer.ts): its
 * status (404 for paths nobody owns) or the subdomain redirect first, then the document, from the
 * render cache when it holds it (document-cache.ts). Otherwise (no Node build, the API did not
 * answer) the browser renders it from the built `index.html` with the boot data and resource
 * hints inlined (browser-document.ts).
 *
 * Each request's registry and client id (a canary's bucket, the `prata_client` cookie) come from
 * boot-registry.ts; the service's events (cache-invalidation.ts) purge cached pages, here and
 * through the CDN's purge hook, and make the registry be asked again after a release.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ErrorReport, RemoteRegistry } from '@prata/contracts';
import type { ServerRoute } from '@prata/contracts/server-rendering';
import type { ClientIdSigner } from '@prata/contracts/client-id';
import type { TrustProxy } from '@prata/contracts/address-key';
import { BootRegistry, clientCookie, type ShellBoot } from './boot-registry.ts';
import { BrowserDocument } from './browser-document.ts';
import { purgeTagsOf, RealtimeFollower } from './cache-invalidation.ts';
import { DEFAULT_DOCUMENT_CACHE, documentKey, sendCachedDocument, type DocumentCacheOptions, type DocumentCsp } from './document-cache.ts';
import { landingRemote } from './landing-route.ts';
import { PageRenders } from './page-renders.ts';
import { RenderCache } from './render-cache.ts';
import type { ShellRenderer } from './shell-renderer.ts';

export interface ShellDocumentOptions {
  /** The shell's build output (its `index.html`). */
  root: string;
  /** The API origin the shell talks to (also the runtime configuration). */
  apiUrl: string;
  /** How long a document waits for the registry (ms); then the last known one is used. */
  registryTimeoutMs?: number;
  /** How long a document waits for the landing remote's manifest (ms); then it gets no script hints. */
  manifestTimeoutMs?: number;
  /** The shell's Node build, asked for each document (development reloads it); null: documents render in the browser. */
  renderer?: () => ShellRenderer | null;
  /** The store's public origin (canonical and Open Graph URLs), e.g. `https://prata925.com.br`. */
  storeOrigin?: string;
  /** Where this host reaches the API, when not at its public origin (e.g. inside a cluster). */
  apiFetchOrigin?: string;
  /** Time budget of a page's remote (its Node build and data), ms; past it the remote renders in the browser. Default 300. */
  ssrBudgetMs?: number;
  /** Logs what the host could not do (a failed server render). */
  log?: (message: string, error: unknown) => void;
  /** The render cache and the documents' caching headers (null or absent: every page rendered per request). */
  cache?: DocumentCacheOptions | null;
  /** How long the stable registry is used before it is asked again (ms; release events ask at once). Default 1000. */
  registryTtlMs?: number;
  /** The host reports one error per type, remote and version in this window (ms; see {@link ShellDocument.report}). Default 60000. */
  reportWindowMs?: number;
  /** Signs the client ids the host gives while a canary runs (`CLIENT_ID_SECRET`, boot-registry.ts); absent or null: plain ids. */
  clientIds?: ClientIdSigner | null;
  /** The proxies in front of the host (`TRUST_PROXY`), for the shopper's address a signed id carries. */
  trustProxy?: TrustProxy;
}

/** {@link ShellDocumentOptions.reportWindowMs}'s default, ms. */
export const HOST_REPORT_WINDOW_MS = 60_000;

/** A page's status when the route's is not the answer: 404, or a function asking (called only when the page is not cached). */
export type PageStatus = 404 | (() => Promise<404 | undefined>);

/** Answers the shell's document per request; see the module doc. */
export class ShellDocument {
  private readonly apiUrl: string;
  private readonly options: ShellDocumentOptions;
  /** The render cache (null: every document rendered per request). */
  readonly cache: RenderCache | null;
  private readonly cacheOptions: DocumentCacheOptions | null;
  private readonly registry: BootRegistry;
  private readonly browser: BrowserDocument;
  private readonly renders: PageRenders;
  private follower: RealtimeFollower | null = null;
  /** The error kinds (type, remote, version) reported in the current window. */
  private readonly reported: LRUCache<string, true>;
  /** {@link ShellDocument.routePage}'s answers, per registry. */
  private routes = new WeakMap<RemoteRegistry, Map<string, Promise<ServerRoute>>>();
  private routesOf: ShellRenderer | null = null;

  constructor(options: ShellDocumentOptions) {
    this.options = options;
    this.apiUrl = options.apiUrl.replace(/\/$/, '');
    this.cacheOptions = options.cache ?? null;
    this.cache = options.cache ? new RenderCache(options.cache) : null;
    this.reported = new LRUCache({ max: 1000, ttl: options.reportWindowMs ?? HOST_REPORT_WINDOW_MS });
    this.registry = new BootRegistry({
      fetchOrigin: () => this.fetchOrigin(),
      registryTimeoutMs: options.registryTimeoutMs,
      registryTtlMs: options.registryTtlMs,
      signer: options.clientIds,
      trustProxy: options.trustProxy,
    });
    this.browser = new BrowserDocument({ root: options.root, apiUrl: this.apiUrl, manifestTimeoutMs: options.manifestTimeoutMs });
    this.renders = new PageRenders({
      apiUrl: this.apiUrl,
      apiFetchOrigin: options.apiFetchOrigin,
      storeOrigin: options.storeOrigin,
      ssrBudgetMs: options.ssrBudgetMs,
      log: options.log,
      cache: this.cache,
      cacheOptions: this.cacheOptions,
      report: (report) => this.report(report),
    });
  }

  /**
   * Follows the service's events (cache-invalidation.ts) to purge cached documents and forget the
   * registry when a release changes; without a cache, nothing to do. Resolves once it hears the
   * events (or after `timeoutMs`, while it keeps trying): pages cached before that first
   * connection would be purged by it.
   */
  async start(timeoutMs = 5000): Promise<void> {
    if (!this.cache || this.follower) return;
    this.follower = new RealtimeFollower({
      apiOrigin: this.fetchOrigin(),
      onEvent: (event) => {
        if (event.channel === 'releases') this.registry.invalidate();
        this.purge(purgeTagsOf(event));
      },
      onGap: () => {
        this.registry.invalidate();
        this.purge(['*']);
      },
      log: (message) => this.options.log?.(message, null),
    });
    this.follower.start();
    await Promise.race([this.follower.subscribed, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
  }

  /** Stops following events. */
  close(): void {
    this.follower?.close();
    this.follower = null;
  }

  /** Drops the documents carrying `tags` here, and at the CDN when it has a purge hook. */
  purge(tags: readonly string[]): void {
    if (!this.cache || tags.length === 0) return;
    this.cache.purge(tags);
    const url = this.cacheOptions?.purgeUrl;
    if (url) {
      void fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tags }), signal: AbortSignal.timeout(5000) })
        .then((response) => {
          if (!response.ok) throw new Error(`the CDN purge hook answered ${response.status}`);
        })
        .catch((error: unknown) => this.options.log?.('could not purge the CDN', error));
    }
  }

  /** The client id and registry of one document request, resolved once per request (see boot-registry.ts `BootRegistry.boot`). */
  boot(raw: IncomingMessage): Promise<ShellBoot> {
    return this.registry.boot(raw);
  }

  /**
   * Sends an error report to the service (`POST /api/errors`, as the browser does), fire and
   * forget: a failed report is only logged. At most one per error type, remote and version in
   * each {@link ShellDocumentOptions.reportWindowMs} window: every shopper's render reaches the
   * service from this host's one address, whose budget of reports (30 a minute) anybody asking for
   * made-up paths that fail to render would otherwise spend, silencing the real failures (security
   * review 2026-11-29 #15). The others of the window are only logged.
   */
  report(report: ErrorReport): void {
    const kind = `${report.errorType}|${report.remote ?? ''}|${report.version ?? ''}`;
    if (this.reported.has(kind)) return void this.options.log?.(`error not reported again this window: ${report.errorMessage}`, null);
    this.reported.set(kind, true);
    void fetch(`${this.fetchOrigin()}/api/errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
      signal: AbortSignal.timeout(2000),
    }).catch((error: unknown) => this.options.log?.('could not report an error to the API', error));
  }

  private fetchOrigin(): string {
    return (this.options.apiFetchOrigin ?? this.apiUrl).replace(/\/$/, '');
  }

  /**
   * Answers a document request for `url` (path and query): the server-rendered page when it can
   * (from the render cache when it holds it, see the module doc), else the page the browser
   * renders. `csp.nonce`: the response's CSP nonce for React's inline scripts of a page rendered
   * now; `csp.allowScripts`: replaces the response's CSP with one allowing these hash sources
   * instead (a cached page). `status`: 404 for a page whose subject the API does not have (a
   * product page of an unknown, draft or archived product), else the route's status.
   */
  async send(raw: IncomingMessage, url: string, reply: FastifyReply, csp: DocumentCsp = {}, status?: PageStatus): Promise<FastifyReply> {
    const boot = await this.boot(raw);
    if (boot.newClient && boot.clientId) void reply.header('set-cookie', clientCookie(boot.clientId));
    const renderer = this.options.renderer?.() ?? null;
    if (renderer && boot.registry) return this.sendRendered(raw, url, reply, renderer, boot, boot.registry, csp, status);
    void reply.header('cache-control', 'no-cache');
    const pathname = url.split('?')[0]!;
    const code = typeof status === 'function' ? await status() : status;
    if (code) void reply.code(code);
    return reply.type('text/html; charset=utf-8').send(await this.browser.render(boot, pathname));
  }

  /**
   * Whether a remote of the registry owns the page at `url` (its path matches one of their
   * routes): such a path is a page whatever the request's `Accept`.
   */
  async owns(raw: IncomingMessage, url: string): Promise<boolean> {
    const { registry } = await this.boot(raw);
    return registry !== null && landingRemote(registry, url.split('?')[0]!) !== undefined;
  }

  /**
   * The shell's answer for a page's status or redirect (ServerShellModule `routePage`), kept per
   * registry, host name and path: it depends on nothing else, and matching the routes of every
   * remote is a large part of what a cached page costs.
   */
  private routePage(renderer: ShellRenderer, url: string, hostname: string, storeOrigin: string, registry: RemoteRegistry): Promise<ServerRoute> {
    if (this.routesOf !== renderer) {
      this.routes = new WeakMap();
      this.routesOf = renderer;
    }
    let routes = this.routes.get(registry);
    if (!routes) this.routes.set(registry, (routes = new Map()));
    const key = `${hostname} ${url.split('?')[0]}`;
    let route = routes.get(key);
    if (!route) {
      route = renderer.module.routePage({ url, hostname, storeOrigin, registry });
      route.catch(() => routes.delete(key));
      routes.set(key, route);
      if (routes.size > 2000) routes.delete(routes.keys().next().value!);
    }
    return route;
  }

  /** The server-rendered page, from the cache or rendered now (see the module doc). */
  private async sendRendered(
    raw: IncomingMessage,
    url: string,
    reply: FastifyReply,
    renderer: ShellRenderer,
    boot: ShellBoot,
    registry: RemoteRegistry,
    csp: DocumentCsp,
    status: PageStatus | undefined,
  ): Promise<FastifyReply> {
    const hostname = (raw.headers.host ?? '').replace(/:\d+$/, '');
    const storeOrigin = this.options.storeOrigin ?? `http://${raw.headers.host ?? '127.0.0.1'}`;
    const route = await this.routePage(renderer, url, hostname, storeOrigin, registry);
    if (route.kind === 'redirect') return reply.redirect(route.location, 302);
    const cache = this.cache;
    if (!cache || (raw.method !== 'GET' && raw.method !== 'HEAD')) {
      const code = (typeof status === 'function' ? await status() : status) ?? route.status;
      return this.renders.stream(raw, url, reply, renderer, registry, csp, code, null, 'bypass');
    }
    // A status still to be asked (a product page: is the product shown?) is known to a cached page:
    // an event about the product purges it, so its status cannot be older than it.
    let found = cache.get(documentKey(url, registry, route.status));
    if (found.state === 'miss' && typeof status === 'function') found = cache.get(documentKey(url, registry, 404));
    const finalStatus = found.state !== 'miss' ? found.entry.status : ((typeof status === 'function' ? await status() : status) ?? route.status);
    const key = documentKey(url, registry, finalStatus);
    if (found.state !== 'miss') {
      if (found.state === 'stale') this.renders.renderInBackground(key, url, hostname, storeOrigin, renderer, registry, finalStatus);
      return sendCachedDocument(raw, reply, found.entry, boot, csp, found.state === 'fresh' ? 'hit' : 'stale', cache, this.cacheOptions!);
    }
    // Another request is rendering this page: share its result rather than render it twice, but
    // wait no longer than this page's own render may take: a render that never ends (a remote or
    // the API that accepts and never answers) must not hold every later shopper of the page.
    if (cache.rendering(key)) {
      const wait = this.followerWaitMs();
      let timer: NodeJS.Timeout | undefined;
      const entry = await Promise.race([
        cache.once(key, () => Promise.resolve(null)).catch(() => null),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), wait);
        }),
      ]).finally(() => clearTimeout(timer));
      if (entry) return sendCachedDocument(raw, reply, entry, boot, csp, 'hit', cache, this.cacheOptions!);
    }
    return this.renders.stream(raw, url, reply, renderer, registry, csp, finalStatus, { key, hostname, storeOrigin }, 'miss');
  }

  /**
   * How long a document waits for another request's render of the same page before it renders
   * its own, ms: the background budget (the longest a render of the page may wait for its
   * remote) plus a second for the shell's own part.
   */
  private followerWaitMs(): number {
    return (this.cacheOptions?.backgroundBudgetMs ?? DEFAULT_DOCUMENT_CACHE.backgroundBudgetMs) + 1000;
  }

  /**
   * Renders `paths` into the cache, one after the other, for the stable registry (the store's
   * popular pages at start: "running" then means warm, and the first shoppers get the fast
   * page). @returns the paths that could not be cached.
   */
  async warm(paths: readonly string[]): Promise<string[]> {
    const renderer = this.options.renderer?.() ?? null;
    const stable = await this.registry.stableRegistry();
    if (!this.cache || !renderer || !stable) return [...paths];
    const storeOrigin = this.options.storeOrigin ?? this.apiUrl;
    const hostname = new URL(storeOrigin).hostname;
    const failed: string[] = [];
    for (const url of paths) {
      const route = await renderer.module.routePage({ url, hostname, storeOrigin, registry: stable.registry });
      if (route.kind === 'redirect') continue;
      const entry = await this.renders.renderInBackground(documentKey(url, stable.registry, route.status), url, hostname, storeOrigin, renderer, stable.registry, route.status);
      if (!entry) failed.push(url);
    }
    return failed;
  }
}
