/**
 * The shell's HTML document, rendered for each page request.
 *
 * Server rendering (issue 20): when the shell's Node build is there and the registry is known,
 * the page is rendered by the shell on this host and streamed (shell-renderer.ts): its status
 * (404 for paths nobody owns) or the subdomain redirect first, then the document. Otherwise (no
 * Node build, the API did not answer) the browser renders it from the built `index.html`, as
 * follows (issue 15: no waterfall before the first product card). Into `index.html` it puts:
 *
 * - the boot data, `<script type="application/json" id="prata-boot">{ apiUrl, registry }</script>`:
 *   the runtime configuration and the active remote registry, so the shell starts without
 *   asking `/runtime-config.json` and `/api/remotes` (JSON, never executed: the CSP needs no
 *   exception). The registry is asked of the API for every document (`GET /api/remotes?client=`,
 *   short timeout) so a registry change takes effect on the next page load; when the API does
 *   not answer in time the last registry it gave is used, and without one the shell fetches it;
 * - `preconnect` to the API and the landing route's remote origin;
 * - `preload` of the landing route's remote: its `mf-manifest.json` (as the federation runtime
 *   fetches it), `remoteEntry.js` and the exposed module's first scripts and styles, so they
 *   download alongside the shell's own JavaScript; only when that remote's manifest answers for
 *   this document (a failed script preload would make the shell's retry of the remote fail);
 * - `preload` of the landing route's first API call (e.g. `/` -> `/api/products/featured`).
 *
 * Render cache (render-cache.ts): a finished server-rendered page the shell calls cacheable is
 * kept, keyed by its path and query and the remote versions it composed, and served as bytes
 * (compressed once, `ETag`, `304`) with `Cache-Control: public, max-age=0, s-maxage, stale-while-
 * revalidate` and its surrogate keys (`Surrogate-Key`, `Cache-Tag`) so a CDN in front may keep
 * it too; the service's events purge it (cache-invalidation.ts), here and through the CDN's
 * purge hook. Its inline scripts are allowed by CSP hashes, so its bytes never change per
 * response. A page whose slot fell back to the browser is not kept: it is rendered again in the
 * background with a longer budget and that render is kept. Popular pages are rendered at start
 * (`warm`).
 *
 * Registry and cookie: without a canary every shopper composes the same registry, which the
 * host asks of the API at most every few seconds (and again after a release event), and no
 * cookie is set. While a canary runs, each browser needs its own bucket: it gets a first-party
 * client id, the `prata_client` cookie (random, a year, `SameSite=Lax`), passed to the API as
 * `?client=`, and a `private` document with its own registry (`Vary: Cookie`).
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply } from 'fastify';
import { CLIENT_ID_PATTERN, REGISTRY_CANARIES_HEADER, remoteRegistrySchema, type ErrorReport, type RemoteRegistry } from '@prata/contracts';
import type { ServerPageRequest, ServerRoute } from '@prata/contracts/server-rendering';
import { purgeTagsOf, RealtimeFollower } from './cache-invalidation.ts';
import { prepareDocument, RenderCache, type CachedDocument, type RenderCacheOptions } from './render-cache.ts';
import { documentBody, negotiateEncoding, scriptJson, streamDocument, type ShellRenderer, type StreamedDocument } from './shell-renderer.ts';

export const CLIENT_COOKIE = 'prata_client';
const CLIENT_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * API calls a landing route makes first, by exact path: preloaded with the document. Each must
 * be public (no `Authorization`), fetched by the page with `credentials: 'include'`.
 */
export const LANDING_API_PRELOADS: Readonly<Record<string, readonly string[]>> = {
  '/': ['/api/products/featured'],
};

export interface ShellDocumentOptions {
  /** The shell's build output (its `index.html`). */
  root: string;
  /** The API origin the shell talks to (also the runtime configuration). */
  apiUrl: string;
  /** How long a document waits for the registry (ms); then the last known one is used. */
  registryTimeoutMs?: number;
  /** How long a document waits for the landing remote's manifest (ms); then it gets no script hints. */
  manifestTimeoutMs?: number;
  /** The shell's Node build (issue 20), asked for each document (development reloads it); null: documents render in the browser. */
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
}

/** A page's status when the route's is not the answer: 404, or a function asking (called only when the page is not cached). */
export type PageStatus = 404 | (() => Promise<404 | undefined>);

/** See {@link ShellDocumentOptions.registryTtlMs}. */
export const DEFAULT_REGISTRY_TTL_MS = 1000;

/** A background render that did not give a cacheable page is not tried again for this long (ms). */
export const BACKGROUND_RETRY_MS = 60_000;

/** The CSP of one document response (static-host.ts sets the header). */
export interface DocumentCsp {
  /** This response's nonce, made (and put in the header) when first asked: React's inline scripts of a page rendered now carry it. */
  nonce?(): string;
  /** Allows these hash sources instead of the nonce (a cached page's inline scripts). */
  allowScripts?(hashes: readonly string[]): void;
}

/** Default time budget of a page's remote on the server (issue 20), ms. */
export const DEFAULT_SSR_BUDGET_MS = 300;

interface ManifestHints {
  scripts: string[];
  styles: string[];
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Whether `pattern` (react-router syntax: static segments, `:param`, trailing `*`) matches
 * `pathname`, and how specific it is (static segments count most), or -1 when it does not match.
 */
export function routeScore(pattern: string, pathname: string): number {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  let score = 0;
  for (const [i, segment] of want.entries()) {
    if (segment === '*') return score;
    if (i >= have.length) return -1;
    if (segment.startsWith(':')) score += 2;
    else if (segment.toLowerCase() === have[i]!.toLowerCase()) score += 10;
    else return -1;
  }
  return want.length === have.length ? score + 1 : -1;
}

/** The registry entry whose routes match `pathname` best, or undefined (the not-found page). */
export function landingRemote(registry: RemoteRegistry, pathname: string): RemoteRegistry[number] | undefined {
  let best: { remote: RemoteRegistry[number]; score: number } | undefined;
  for (const remote of registry) {
    for (const pattern of remote.routes) {
      const score = routeScore(pattern, pathname);
      if (score >= 0 && (!best || score > best.score)) best = { remote, score };
    }
  }
  return best?.remote;
}

/**
 * What one document request resolved: the registry to compose the page from, and whether every
 * shopper gets that same registry now (no canary runs: the document can be shared, cached and
 * sent without a cookie) or this browser needs its own (a canary's bucket, with report tokens).
 */
export interface ShellBoot {
  /** The browser's client id: from its `prata_client` cookie, or new when a canary needs one; null when none is needed. */
  clientId: string | null;
  /** True when the answer must set the `prata_client` cookie (a canary runs and the browser had none). */
  newClient: boolean;
  /** The registry (null: the API never answered). */
  registry: RemoteRegistry | null;
  /** True when every shopper gets this registry now (no canary). */
  shared: boolean;
}

/** The stable registry as this host last heard it. */
interface StableRegistry {
  registry: RemoteRegistry;
  /** Remotes running a canary (the API's `prata-canaries` header). */
  canaries: string[];
  fetchedAt: number;
}

/** Cache settings of the host's documents. */
export interface DocumentCacheOptions extends RenderCacheOptions {
  /** `s-maxage` of public documents for shared caches (CDN), s. */
  sharedMaxAgeS: number;
  /** `stale-while-revalidate` of public documents for shared caches, s. */
  staleWhileRevalidateS: number;
  /** Budget of a background render (a revalidation, or the retry of a render that fell back), ms. */
  backgroundBudgetMs: number;
  /** A CDN's purge hook: `POST { "tags": [...] }` when an event purges documents (Fastly-style surrogate keys). */
  purgeUrl?: string;
}

/** Default document cache: 10 s fresh, then 10 minutes served stale while one render replaces it; 64 MiB. */
export const DEFAULT_DOCUMENT_CACHE: DocumentCacheOptions = {
  ttlMs: 10_000,
  staleMs: 600_000,
  maxBytes: 64 * 1024 * 1024,
  sharedMaxAgeS: 60,
  staleWhileRevalidateS: 600,
  backgroundBudgetMs: 5000,
};

/** How a cached document is served (`X-Render-Cache`). */
type CacheState = 'hit' | 'stale' | 'miss' | 'bypass';

/** The query string of `url` with its parameters in a fixed order (one cache entry per set of parameters). */
function normalizedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  params.sort();
  const query = params.toString();
  return query ? `${url.slice(0, at)}?${query}` : url.slice(0, at);
}

const versionDigests = new WeakMap<RemoteRegistry, string>();

/** The cache key of a document: its path and query, the versions it composes and its status. */
export function documentKey(url: string, registry: RemoteRegistry, status: number): string {
  let digest = versionDigests.get(registry);
  if (!digest) {
    const versions = registry.map((entry) => `${entry.name}@${entry.version}@${entry.manifestUrl}`).join(',');
    digest = createHash('sha1').update(versions).digest('base64url');
    versionDigests.set(registry, digest);
  }
  return `${status} ${normalizedUrl(url)} ${digest}`;
}

/** The registry as every shopper may see it: without per-client report tokens. */
const withoutTokens = (registry: RemoteRegistry): RemoteRegistry => registry.map(({ reportToken: _token, ...entry }) => entry);

/** Renders the shell's document per request; see the module doc. */
export class ShellDocument {
  private stable: StableRegistry | null = null;
  /** The stable registry must be asked again before it is used (a release event was heard). */
  private stableInvalid = true;
  private stableFetch: Promise<StableRegistry | null> | null = null;
  private lastRegistry: RemoteRegistry | null = null;
  private readonly boots = new WeakMap<IncomingMessage, Promise<ShellBoot>>();
  private readonly manifests = new Map<string, Promise<ManifestHints | null>>();
  private readonly apiUrl: string;
  private readonly options: ShellDocumentOptions;
  /** The render cache (null: every document rendered per request). */
  readonly cache: RenderCache | null;
  private readonly cacheOptions: DocumentCacheOptions | null;
  private follower: RealtimeFollower | null = null;
  /** {@link ShellDocument.routePage}'s answers, per registry. */
  private routes = new WeakMap<RemoteRegistry, Map<string, Promise<ServerRoute>>>();
  private routesOf: ShellRenderer | null = null;
  /** Keys whose background render ran recently (a render that keeps falling back is not retried in a loop). */
  private readonly retried = new Map<string, number>();

  constructor(options: ShellDocumentOptions) {
    this.options = options;
    this.apiUrl = options.apiUrl.replace(/\/$/, '');
    this.cacheOptions = options.cache ?? null;
    this.cache = options.cache ? new RenderCache(options.cache) : null;
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
        if (event.channel === 'releases') this.stableInvalid = true;
        this.purge(purgeTagsOf(event));
      },
      onGap: () => {
        this.stableInvalid = true;
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

  /**
   * The client id and registry of one document request, resolved once per request (the CSP and
   * the document share it). Never rejects: an API that fails or is slow gives the last registry
   * it answered (null before the first answer). Without a canary, every shopper shares the
   * stable registry, asked of the API at most every `registryTtlMs` (and again after a release
   * event); with one, each browser's own (`?client=`, as the shell in the browser asks it).
   */
  boot(raw: IncomingMessage): Promise<ShellBoot> {
    let boot = this.boots.get(raw);
    if (!boot) {
      boot = this.resolveBoot(raw);
      this.boots.set(raw, boot);
    }
    return boot;
  }

  private async resolveBoot(raw: IncomingMessage): Promise<ShellBoot> {
    const stable = await this.stableRegistry();
    // Each browser needs a registry of its own only while a canary runs (or the API never answered: none to share).
    if (!stable || stable.canaries.length === 0) return { clientId: null, newClient: false, registry: stable?.registry ?? this.lastRegistry, shared: true };
    const sent = parseCookie(raw.headers.cookie ?? '')[CLIENT_COOKIE];
    const valid = sent !== undefined && CLIENT_ID_PATTERN.test(sent);
    const clientId = valid ? sent : randomUUID();
    const registry = await this.fetchRegistry(clientId);
    return { clientId, newClient: !valid, registry, shared: false };
  }

  /** The stable registry: the last one while it is fresh, else asked again (concurrent requests share the answer). */
  private async stableRegistry(): Promise<StableRegistry | null> {
    const ttl = this.options.registryTtlMs ?? DEFAULT_REGISTRY_TTL_MS;
    const fresh = this.stable && !this.stableInvalid && Date.now() - this.stable.fetchedAt < ttl;
    if (fresh) return this.stable;
    this.stableFetch ??= this.fetchStable().finally(() => {
      this.stableFetch = null;
    });
    // A registry only past its time is used while it is asked again; an invalidated one is
    // waited for (so is every one with no time to live: asked for each document).
    if (this.stable && !this.stableInvalid && ttl > 0) return this.stable;
    return this.stableFetch;
  }

  private async fetchStable(): Promise<StableRegistry | null> {
    this.stableInvalid = false;
    try {
      const response = await fetch(`${this.fetchOrigin()}/api/remotes`, { signal: AbortSignal.timeout(this.options.registryTimeoutMs ?? 1500) });
      if (!response.ok) throw new Error(`GET /api/remotes answered ${response.status}`);
      const registry = remoteRegistrySchema.parse(await response.json());
      const canaries = (response.headers.get(REGISTRY_CANARIES_HEADER) ?? '').split(',').filter(Boolean);
      this.stable = { registry, canaries, fetchedAt: Date.now() };
      this.lastRegistry = registry;
    } catch {
      // Keep the last registry: the document still renders, the shell retries on its own.
    }
    return this.stable;
  }

  /**
   * `clientId`'s own registry (a canary runs). When the API does not answer, the last stable
   * registry, never another browser's (security review 2026-11-29 #13: its canary bucket and
   * report tokens are that browser's alone).
   */
  private async fetchRegistry(clientId: string): Promise<RemoteRegistry | null> {
    try {
      const url = `${this.fetchOrigin()}/api/remotes?client=${encodeURIComponent(clientId)}`;
      const response = await fetch(url, { signal: AbortSignal.timeout(this.options.registryTimeoutMs ?? 1500) });
      if (!response.ok) throw new Error(`GET /api/remotes answered ${response.status}`);
      return remoteRegistrySchema.parse(await response.json());
    } catch {
      // The document still renders with the stable registry; the shell retries on its own.
      return this.lastRegistry && withoutTokens(this.lastRegistry);
    }
  }

  /**
   * The scripts and styles a remote's exposed `./App` needs first, from its manifest, asked for
   * each document (concurrent documents share one request): a script preload that fails poisons
   * the page's later loads of that script (the shell's retry would fail too), so the hints only
   * name files of a remote that answers now. Null when it does not answer in time.
   */
  private manifestHints(remote: RemoteRegistry[number]): Promise<ManifestHints | null> {
    const key = `${remote.manifestUrl}#${remote.version}`;
    const pending = this.manifests.get(key);
    if (pending) return pending;
    const hints = (async (): Promise<ManifestHints | null> => {
      try {
        const response = await fetch(remote.manifestUrl, { signal: AbortSignal.timeout(this.options.manifestTimeoutMs ?? 500) });
        if (!response.ok) return null;
        const manifest = (await response.json()) as {
          metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
          exposes?: { path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
        };
        const publicPath = manifest.metaData?.publicPath;
        const base = publicPath && publicPath !== 'auto' ? new URL(publicPath, remote.manifestUrl).href : new URL('.', remote.manifestUrl).href;
        const resolve = (file: string) => new URL(file, base).href;
        const entry = manifest.metaData?.remoteEntry;
        const app = manifest.exposes?.find((expose) => expose.path === './App');
        return {
          scripts: [
            ...(entry?.name ? [resolve(path.posix.join(entry.path ?? '', entry.name))] : []),
            ...(app?.assets?.js?.sync ?? []).map(resolve),
          ],
          styles: (app?.assets?.css?.sync ?? []).map(resolve),
        };
      } catch {
        return null;
      }
    })();
    this.manifests.set(key, hints);
    void hints.finally(() => this.manifests.delete(key));
    return hints;
  }

  /** The document for `pathname` with the boot data and resource hints (see the module doc). */
  async render(boot: ShellBoot, pathname: string): Promise<string> {
    const template = await readFile(path.join(this.options.root, 'index.html'), 'utf8');
    const { registry } = boot;
    const remote = registry ? landingRemote(registry, pathname) : undefined;
    const hints = remote ? await this.manifestHints(remote) : null;
    // Only origins this page surely uses: unused preconnects cost the browser sockets.
    const origin = remote ? new URL(remote.manifestUrl).origin : null;
    const links = [
      `<link rel="preconnect" href="${escapeAttr(this.apiUrl)}">`,
      // Remote scripts load without CORS, their manifests with: one connection of each kind.
      ...(origin ? [`<link rel="preconnect" href="${escapeAttr(origin)}">`, `<link rel="preconnect" href="${escapeAttr(origin)}" crossorigin>`] : []),
      ...(LANDING_API_PRELOADS[pathname] ?? []).map((api) => `<link rel="preload" as="fetch" href="${escapeAttr(this.apiUrl + api)}" crossorigin="use-credentials">`),
      ...(remote && hints ? [`<link rel="preload" as="fetch" href="${escapeAttr(remote.manifestUrl)}" crossorigin>`] : []),
      ...(hints?.scripts ?? []).map((url) => `<link rel="preload" as="script" href="${escapeAttr(url)}">`),
      ...(hints?.styles ?? []).map((url) => `<link rel="preload" as="style" href="${escapeAttr(url)}">`),
    ];
    const data = `<script type="application/json" id="prata-boot">${scriptJson({ apiUrl: this.apiUrl, registry })}</script>`;
    return template.replace(/<head>|<head\s[^>]*>/i, (head) => `${head}${links.join('')}${data}`);
  }


  /**
   * Sends an error report to the service (`POST /api/errors`, as the browser does), fire and
   * forget: a failed report is only logged.
   */
  report(report: ErrorReport): void {
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
    if (boot.newClient && boot.clientId) {
      const cookie = { name: CLIENT_COOKIE, value: boot.clientId, path: '/', maxAge: CLIENT_COOKIE_MAX_AGE_S, sameSite: 'lax' } as const;
      void reply.header('set-cookie', stringifySetCookie(cookie));
    }
    const renderer = this.options.renderer?.() ?? null;
    if (renderer && boot.registry) return this.sendRendered(raw, url, reply, renderer, boot, boot.registry, csp, status);
    void reply.header('cache-control', 'no-cache');
    const pathname = url.split('?')[0]!;
    const code = typeof status === 'function' ? await status() : status;
    if (code) void reply.code(code);
    return reply.type('text/html; charset=utf-8').send(await this.render(boot, pathname));
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

  /** The request of a page render, for `registry`, with `renderer`'s release origins. */
  private pageRequest(renderer: ShellRenderer, url: string, hostname: string, storeOrigin: string, registry: RemoteRegistry, budgetMs: number, nonce: string | undefined): ServerPageRequest & { registry: RemoteRegistry } {
    return {
      url,
      hostname,
      storeOrigin,
      apiUrl: this.apiUrl,
      ...(this.options.apiFetchOrigin ? { apiFetchOrigin: this.options.apiFetchOrigin } : {}),
      registry,
      budgetMs,
      releaseOrigins: renderer.releaseOrigins,
      ...(nonce ? { nonce } : {}),
      report: (report) => this.report(report),
    };
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
      return this.stream(raw, url, reply, renderer, registry, csp, code, null, 'bypass');
    }
    // A status still to be asked (a product page: is the product shown?) is known to a cached page:
    // an event about the product purges it, so its status cannot be older than it.
    let found = cache.get(documentKey(url, registry, route.status));
    if (found.state === 'miss' && typeof status === 'function') found = cache.get(documentKey(url, registry, 404));
    const finalStatus = found.state !== 'miss' ? found.entry.status : ((typeof status === 'function' ? await status() : status) ?? route.status);
    const key = documentKey(url, registry, finalStatus);
    if (found.state !== 'miss') {
      if (found.state === 'stale') this.renderInBackground(key, url, hostname, storeOrigin, renderer, registry, finalStatus);
      return this.sendCached(raw, reply, found.entry, boot, csp, found.state === 'fresh' ? 'hit' : 'stale');
    }
    // Another request is rendering this page: share its result rather than render it twice.
    if (cache.rendering(key)) {
      const entry = await cache.once(key, () => Promise.resolve(null)).catch(() => null);
      if (entry) return this.sendCached(raw, reply, entry, boot, csp, 'hit');
    }
    return this.stream(raw, url, reply, renderer, registry, csp, finalStatus, { key, hostname, storeOrigin }, 'miss');
  }

  /**
   * Streams a page rendered now (see shell-renderer.ts); when `caching`, keeps it in the cache
   * once it ended if the shell says it may be, else renders it again in the background with a
   * longer budget (a slot that fell back is not what the next shopper should get).
   */
  private stream(
    raw: IncomingMessage,
    url: string,
    reply: FastifyReply,
    renderer: ShellRenderer,
    registry: RemoteRegistry,
    csp: DocumentCsp,
    status: number,
    caching: { key: string; hostname: string; storeOrigin: string } | null,
    state: CacheState,
  ): FastifyReply {
    const body = documentBody(raw.headers['accept-encoding'], caching !== null);
    void reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('vary', 'accept-encoding')
      .header('cache-control', 'no-cache')
      .header('x-render-cache', state);
    if (body.encoding) void reply.header('content-encoding', body.encoding);
    const closed = new Promise<void>((resolve) => raw.once('close', () => resolve()));
    const hostname = caching?.hostname ?? (raw.headers.host ?? '').replace(/:\d+$/, '');
    const storeOrigin = caching?.storeOrigin ?? this.options.storeOrigin ?? `http://${raw.headers.host ?? '127.0.0.1'}`;
    const budgetMs = this.options.ssrBudgetMs ?? DEFAULT_SSR_BUDGET_MS;
    const cache = this.cache;
    const ticket = cache?.ticket() ?? 0;
    const streamed = streamDocument({
      renderer,
      body,
      closed,
      request: this.pageRequest(renderer, url, hostname, storeOrigin, registry, budgetMs, csp.nonce?.()),
      onRenderError: (error) => this.options.log?.(`the shell could not render ${url}; the browser renders it`, error),
    });
    streamed.catch((error: unknown) => {
      this.options.log?.(`the document of ${url} failed while streaming`, error);
      body.stream.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    if (caching && cache) {
      // Requests for the same page meanwhile wait for this render (RenderCache.once) instead of rendering it too.
      let retry = false;
      void cache
        .once(caching.key, async () => {
          const result = await streamed;
          if (!result.verdict.cacheable) {
            this.options.log?.(`${url} was not kept in the render cache (${result.verdict.reason}); rendering it again in the background`, null);
            retry = true;
            return null;
          }
          const entry = this.prepare(caching.key, status, body.captured(), result, registry);
          return cache.set(entry, ticket) ? entry : null;
        })
        .catch(() => null)
        .then(() => {
          if (retry) void this.renderInBackground(caching.key, url, caching.hostname, caching.storeOrigin, renderer, registry, status);
        });
    }
    return reply.send(body.stream);
  }

  /** A finished render as a cache entry, with the boot data every shopper may see. */
  private prepare(key: string, status: number, html: string, result: StreamedDocument, registry: RemoteRegistry): CachedDocument {
    const verdict = result.verdict as { cacheable: true; tags: string[] };
    // The registry this render used may carry one browser's report tokens (a canary): keep the shared form.
    const shared = scriptJson({ ...(JSON.parse(result.bootJson) as object), registry: withoutTokens(registry) });
    return prepareDocument(key, { status, html: html.replace(result.bootJson, () => shared), bootJson: shared, tags: verdict.tags, publicPage: result.page?.slot === 'server' }, Date.now());
  }

  /**
   * Renders `url` into the cache with no browser waiting (a stale entry's revalidation, a render
   * that fell back, a warm-up), with the longer background budget; one at a time per key, and a
   * key whose render did not give a cacheable page is not tried again for a minute.
   * @returns the entry stored, or null.
   */
  renderInBackground(key: string, url: string, hostname: string, storeOrigin: string, renderer: ShellRenderer, registry: RemoteRegistry, status: number): Promise<CachedDocument | null> {
    const cache = this.cache;
    if (!cache) return Promise.resolve(null);
    if (cache.rendering(key)) return cache.once(key, () => Promise.resolve(null));
    const lastFailure = this.retried.get(key);
    if (lastFailure !== undefined && Date.now() - lastFailure < BACKGROUND_RETRY_MS) return Promise.resolve(null);
    const ticket = cache.ticket();
    return cache
      .once(key, async () => {
        const body = documentBody(undefined, true);
        body.stream.resume();
        const budgetMs = this.cacheOptions?.backgroundBudgetMs ?? DEFAULT_DOCUMENT_CACHE.backgroundBudgetMs;
        const result = await streamDocument({
          renderer,
          body,
          closed: new Promise<void>(() => undefined),
          request: this.pageRequest(renderer, url, hostname, storeOrigin, registry, budgetMs, undefined),
          onRenderError: (error) => this.options.log?.(`the shell could not render ${url} in the background`, error),
        });
        if (!result.verdict.cacheable) {
          this.retried.set(key, Date.now());
          if (this.retried.size > 1000) this.retried.delete(this.retried.keys().next().value!);
          this.options.log?.(`${url} rendered in the background is not cacheable either: ${result.verdict.reason}`, null);
          return null;
        }
        this.retried.delete(key);
        const entry = this.prepare(key, status, body.captured(), result, registry);
        return cache.set(entry, ticket) ? entry : null;
      })
      .catch((error: unknown) => {
        this.options.log?.(`the background render of ${url} failed`, error);
        return null;
      });
  }

  /**
   * Renders `paths` into the cache, one after the other, for the stable registry (the store's
   * popular pages at start: "running" then means warm, and the first shoppers get the fast
   * page). @returns the paths that could not be cached.
   */
  async warm(paths: readonly string[]): Promise<string[]> {
    const renderer = this.options.renderer?.() ?? null;
    const stable = await this.stableRegistry();
    if (!this.cache || !renderer || !stable) return [...paths];
    const storeOrigin = this.options.storeOrigin ?? this.apiUrl;
    const hostname = new URL(storeOrigin).hostname;
    const failed: string[] = [];
    for (const url of paths) {
      const route = await renderer.module.routePage({ url, hostname, storeOrigin, registry: stable.registry });
      if (route.kind === 'redirect') continue;
      const entry = await this.renderInBackground(documentKey(url, stable.registry, route.status), url, hostname, storeOrigin, renderer, stable.registry, route.status);
      if (!entry) failed.push(url);
    }
    return failed;
  }

  /** Sends a cached document (see the module doc). */
  private sendCached(raw: IncomingMessage, reply: FastifyReply, entry: CachedDocument, boot: ShellBoot, csp: DocumentCsp, state: CacheState): FastifyReply | Promise<FastifyReply> {
    csp.allowScripts?.(entry.scriptHashes);
    void reply.code(entry.status).type('text/html; charset=utf-8').header('x-render-cache', state);
    if (!boot.shared) {
      // A canary runs: this browser's own registry (its bucket, its report tokens), compressed for it alone.
      void reply.header('cache-control', 'private, no-cache').header('vary', 'cookie, accept-encoding');
      const body = documentBody(raw.headers['accept-encoding']);
      if (body.encoding) void reply.header('content-encoding', body.encoding);
      const bootJson = scriptJson({ ...(JSON.parse(entry.bootJson) as object), registry: boot.registry });
      body.write(`${entry.parts[0]}${bootJson}${entry.parts[1]}`);
      body.stream.end();
      return reply.send(body.stream);
    }
    void reply.header('vary', 'accept-encoding').header('etag', entry.etag);
    if (entry.publicPage) {
      // Server-rendered public pages: any cache may keep them, purged by their surrogate keys.
      const tags = [...entry.tags].join(' ');
      void reply
        .header('cache-control', `public, max-age=0, s-maxage=${this.cacheOptions!.sharedMaxAgeS}, stale-while-revalidate=${this.cacheOptions!.staleWhileRevalidateS}`)
        .header('surrogate-key', tags)
        .header('cache-tag', tags.replace(/ /g, ','));
    } else {
      // Pages rendered in the browser by design: behind a sign-in (cart, checkout, panels).
      void reply.header('cache-control', 'private, no-store');
    }
    if (raw.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    const encoding = negotiateEncoding(raw.headers['accept-encoding']);
    if (encoding) void reply.header('content-encoding', encoding);
    if (!encoding) return reply.header('content-length', entry.identity.length).send(entry.identity);
    return this.cache!.encoded(entry, encoding).then((bytes) => reply.header('content-length', bytes.length).send(bytes));
  }
}
