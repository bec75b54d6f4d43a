/**
 * The shell's host, built one way for every place it runs: `npm start` / `npm run dev`
 * (launch.ts), the production container and `npm run preview:production` (host-server.ts). It is
 * a static host (static-host.ts) for the shell's build that also serves the page documents,
 * server-rendered with the shell's Node build (shell-document.ts, shell-renderer.ts), and:
 *
 * - its Content-Security-Policy: the release allow-list (`RELEASE_ORIGINS`, else the remotes'
 *   own origins: release-origins.ts), fixed at start, and the acquirer's origins derived from the
 *   API's own payment settings (acquirer-csp.ts), so the policy and the checkout cannot disagree,
 *   and the store's tags' (GA4, the Meta Pixel: analytics-csp.ts; loaded only after consent);
 * - `robots.txt` and `sitemap.xml` with the store's public origin (seo.ts);
 * - `GET /healthz`: 503 with the problems until every remote of the registry answers in the
 *   browser and on the server ({@link ShellHost.waitUntilReady}, readiness.ts), 200 from then on;
 * - a page's remote time budget (`ssrBudgetMs`, past it the remote renders in the browser);
 * - the render cache (render-cache.ts), unless `cache` is null: once the store is ready, the host
 *   follows the service's events to purge it and renders the popular pages ahead (seo.ts).
 *
 * The API is reached at `internalApiUrl` when the host is not on the browsers' network (a
 * container), else at the public `apiUrl`.
 */
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { TrustProxy } from '@prata/contracts/address-key';
import { ClientIdSigner } from '@prata/contracts/client-id';
import { acquirerCspSources } from './acquirer-csp.ts';
import { ANALYTICS_CSP_SOURCES } from './analytics-csp.ts';
import { waitForRemotes } from './readiness.ts';
import { allowedRemoteOrigins } from './release-origins.ts';
import { popularPaths, productPagePathOf } from './seo.ts';
import { DEFAULT_DOCUMENT_CACHE, type DocumentCacheOptions } from './document-cache.ts';
import { DEFAULT_SSR_BUDGET_MS } from './page-renders.ts';
import { ShellDocument } from './shell-document.ts';
import { loadShellRenderer, type ShellRenderer } from './shell-renderer.ts';
import { startStaticHost } from './static-host.ts';

export interface ShellHostOptions {
  /** The shell's build output (`shell/dist`, or `shell/dist-dev` in development); created when missing. */
  root: string;
  port: number;
  /** Address to listen on (default 127.0.0.1; `0.0.0.0` in a container). */
  host?: string;
  /** The API's public origin (runtime configuration, boot data, CSP `connect-src`), e.g. `https://api.loja.com.br`. */
  apiUrl: string;
  /** Where this host reaches the API when not at `apiUrl` (e.g. `http://api-proxy:8080` inside a cluster). */
  internalApiUrl?: string;
  /** The store's public origin (canonical, Open Graph and sitemap URLs), e.g. `https://prata925.com.br`. */
  storeOrigin: string;
  /**
   * The settings the CSP is derived from, read as the API reads them: `RELEASE_ORIGINS` (the
   * release allow-list, space- or comma-separated origins), `PAYMENT_PROVIDER` and
   * `MERCADOPAGO_SDK_URL` / `MERCADOPAGO_API_URL` / `MERCADOPAGO_FIELDS_ORIGIN`.
   */
  cspEnv: NodeJS.ProcessEnv;
  /** The remotes' bootstrap URLs: the allow-list when `RELEASE_ORIGINS` is not set. */
  remoteUrls: readonly string[];
  /** A page's remote time budget on the server, ms (default {@link DEFAULT_SSR_BUDGET_MS}). */
  ssrBudgetMs?: number;
  /** More CSP sources (development: the shell's dev server and the hot-reload sockets). */
  extraSources?: string[];
  /** Send Strict-Transport-Security: browsers reach the store over https. */
  hsts?: boolean;
  /**
   * A development build: its files and its Node build change while the host runs, so each request
   * looks for them again. Otherwise the Node build, once loaded, is kept.
   */
  development?: boolean;
  /** The render cache and the documents' caching headers ({@link documentCacheOf}); null or absent: none. */
  cache?: DocumentCacheOptions | null;
  /** Where the host reports what it could not do (a build that does not load, a failed render); `error` null: none. */
  log?: (message: string, error: unknown) => void;
  /**
   * `CLIENT_ID_SECRET`, shared with the API: the host signs the client ids it gives while a canary
   * runs with the shopper's address (boot-registry.ts), so the API counts shoppers, not the host.
   * Absent or null: plain ids, which the API counts under the host's own address.
   */
  clientIdSecret?: string | null;
  /** The proxies in front of the host (`TRUST_PROXY`): a hop count, or their addresses/CIDRs; absent: none. */
  trustProxy?: TrustProxy;
}

export interface ShellHost {
  /** e.g. `http://127.0.0.1:8080`. */
  url: string;
  /** The shell's Node build as it is now (reloaded after a rebuild); null: pages render in the browser. */
  renderer(): ShellRenderer | null;
  /**
   * Waits (asking every 250 ms) until the API's registry can be read and every remote in it
   * answers in the browser and loads on the server; `GET /healthz` answers 200 from then on.
   * @returns the problems left when `timeoutMs` ran out or `stopped()` became true (empty: ready).
   */
  waitUntilReady(timeoutMs: number, stopped?: () => boolean): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * The render cache for the environment: none in development (pages are rebuilt under the same
 * versions) or with `RENDER_CACHE=off`; else the default one, purging a CDN too when
 * `CDN_PURGE_URL` names its purge hook.
 */
export function documentCacheOf(env: { RENDER_CACHE?: string | undefined; CDN_PURGE_URL?: string | undefined }, development = false): DocumentCacheOptions | null {
  if (development || env.RENDER_CACHE === 'off') return null;
  return { ...DEFAULT_DOCUMENT_CACHE, ...(env.CDN_PURGE_URL ? { purgeUrl: env.CDN_PURGE_URL } : {}) };
}

/**
 * The shell's Node build in `root`; null when it is not built or cannot be loaded (`log` says
 * why). In development it is loaded again when it was rebuilt (written on every change);
 * otherwise, once loaded, it is kept (a production build does not change while the host runs).
 */
function shellRendererOf(root: string, development: boolean, releaseOrigins: readonly string[], log: (message: string, error: unknown) => void): () => ShellRenderer | null {
  let loaded: { mtimeMs: number; renderer: ShellRenderer | null } | undefined;
  return () => {
    if (!development && loaded?.renderer) return loaded.renderer;
    let mtimeMs: number;
    try {
      mtimeMs = Math.max(statSync(path.join(root, 'server', 'server.js')).mtimeMs, statSync(path.join(root, 'document-assets.json')).mtimeMs);
    } catch {
      return null;
    }
    if (loaded?.mtimeMs !== mtimeMs) {
      try {
        loaded = { mtimeMs, renderer: loadShellRenderer(root, releaseOrigins, loaded !== undefined) };
      } catch (error) {
        log("the shell's server build could not be loaded; pages render in the browser", error);
        loaded = { mtimeMs, renderer: null };
      }
    }
    return loaded.renderer;
  };
}

/**
 * Starts the shell's host (see the module doc) on `options.port`.
 * @throws Error when the port is taken, or when `RELEASE_ORIGINS` or an acquirer URL of
 *   `cspEnv` is not an http(s) URL (the message names the variable).
 */
export async function startShellHost(options: ShellHostOptions): Promise<ShellHost> {
  const log = options.log ?? ((message: string, error: unknown) => console.error(`[shell host] ${message}`, ...(error === null || error === undefined ? [] : [error])));
  const apiUrl = options.apiUrl.replace(/\/$/, '');
  const apiOrigin = (options.internalApiUrl || apiUrl).replace(/\/$/, '');
  const storeOrigin = options.storeOrigin.replace(/\/$/, '');
  // Fixed at start, never read from the registry: a release on a new origin cannot widen the policy.
  const remoteOrigins = allowedRemoteOrigins(options.cspEnv, options.remoteUrls);
  const acquirer = acquirerCspSources(options.cspEnv);
  const renderer = shellRendererOf(options.root, options.development ?? false, remoteOrigins, log);
  let readiness: { ready: boolean; problems: string[] } = { ready: false, problems: ['starting'] };

  const document = new ShellDocument({
    root: options.root,
    apiUrl,
    renderer,
    storeOrigin,
    ...(options.internalApiUrl ? { apiFetchOrigin: options.internalApiUrl } : {}),
    ssrBudgetMs: options.ssrBudgetMs ?? DEFAULT_SSR_BUDGET_MS,
    log,
    cache: options.cache ?? null,
    clientIds: options.clientIdSecret ? new ClientIdSigner(options.clientIdSecret) : null,
    ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
  });
  let warmed = false;

  mkdirSync(options.root, { recursive: true });
  const host = await startStaticHost({
    name: 'shell',
    root: options.root,
    port: options.port,
    ...(options.host ? { host: options.host } : {}),
    spa: true,
    changingFiles: options.development ?? false,
    runtimeConfig: { apiUrl },
    csp: { apiUrl, remoteOrigins: async () => remoteOrigins, acquirer, extraSources: options.extraSources ?? [], tags: ANALYTICS_CSP_SOURCES },
    document,
    seo: { storeOrigin, apiOrigin, productPath: productPagePathOf },
    ...(options.hsts ? { hsts: true } : {}),
    readiness: () => readiness,
  });

  return {
    url: host.url,
    renderer,
    async waitUntilReady(timeoutMs, stopped = () => false) {
      const problems = await waitForRemotes(apiOrigin, renderer, timeoutMs, stopped);
      if (document.cache && problems.length === 0 && !stopped() && !warmed) {
        // "Ready" means warm: the popular pages are in the render cache before the first shopper.
        warmed = true;
        // Pages cached before the event socket's first connection would be purged by it.
        await document.start();
        const cold = await document.warm(await popularPaths({ apiOrigin, productPath: productPagePathOf }));
        if (cold.length > 0) log(`these pages could not be rendered ahead (they render on the first visit): ${cold.join(', ')}`, null);
      }
      // Once ready, the host stays ready: a remote that goes away later shows its fallback, it
      // does not take the whole store out of its load balancer.
      if (!readiness.ready) readiness = { ready: problems.length === 0, problems };
      return problems;
    },
    close: async () => {
      document.close();
      await host.close();
    },
  };
}
