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
 * It also gives each browser a first-party client id, the `prata_client` cookie (random, a year,
 * `SameSite=Lax`), passed to the API as `?client=` (canary bucketing of releases).
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply } from 'fastify';
import { CLIENT_ID_PATTERN, remoteRegistrySchema, type ErrorReport, type RemoteRegistry } from '@prata/contracts';
import { documentBody, streamDocument, type ShellRenderer } from './shell-renderer.ts';

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
}

/** Default time budget of a page's remote on the server (issue 20), ms. */
export const DEFAULT_SSR_BUDGET_MS = 300;

/** What a document request resolved: the browser's client id and the registry (null: unknown). */
export interface ShellBoot {
  clientId: string;
  /** True when the browser sent no valid `prata_client` cookie: the answer sets one. */
  newClient: boolean;
  registry: RemoteRegistry | null;
}

interface ManifestHints {
  scripts: string[];
  styles: string[];
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON safe inside a `<script>` element: no `</script>`, no HTML comment openers. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

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

/** Renders the shell's document per request; see the module doc. */
export class ShellDocument {
  private lastRegistry: RemoteRegistry | null = null;
  private readonly boots = new WeakMap<IncomingMessage, Promise<ShellBoot>>();
  private readonly manifests = new Map<string, Promise<ManifestHints | null>>();
  private readonly apiUrl: string;
  private readonly options: ShellDocumentOptions;

  constructor(options: ShellDocumentOptions) {
    this.options = options;
    this.apiUrl = options.apiUrl.replace(/\/$/, '');
  }

  /**
   * The client id and registry of one document request, asked of the API once per request (the
   * CSP and the document share it). Never rejects: an API that fails or is slow gives the last
   * registry it answered (null before the first answer).
   */
  boot(raw: IncomingMessage): Promise<ShellBoot> {
    let boot = this.boots.get(raw);
    if (!boot) {
      const sent = parseCookie(raw.headers.cookie ?? '')[CLIENT_COOKIE];
      const valid = sent !== undefined && CLIENT_ID_PATTERN.test(sent);
      const clientId = valid ? sent : randomUUID();
      boot = this.fetchRegistry(clientId).then((registry) => ({ clientId, newClient: !valid, registry }));
      this.boots.set(raw, boot);
    }
    return boot;
  }

  private async fetchRegistry(clientId: string): Promise<RemoteRegistry | null> {
    try {
      const url = `${this.apiUrl}/api/remotes?client=${encodeURIComponent(clientId)}`;
      const response = await fetch(url, { signal: AbortSignal.timeout(this.options.registryTimeoutMs ?? 1500) });
      if (!response.ok) throw new Error(`GET /api/remotes answered ${response.status}`);
      this.lastRegistry = remoteRegistrySchema.parse(await response.json());
    } catch {
      // Keep the last registry: the document still renders, the shell retries on its own.
    }
    return this.lastRegistry;
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
   * Answers a document request for `url` (path and query): the server-rendered page when it can,
   * else the page the browser renders; `no-cache`, and the client cookie when new. `nonce`: the
   * response's CSP nonce for React's inline scripts. `status`: 404 for a page whose subject the
   * API does not have (a product page of an unknown, draft or archived product, issue 22), else
   * the route's status.
   */
  async send(raw: IncomingMessage, url: string, reply: FastifyReply, nonce?: string, status?: 404): Promise<FastifyReply> {
    const boot = await this.boot(raw);
    if (boot.newClient) {
      const cookie = { name: CLIENT_COOKIE, value: boot.clientId, path: '/', maxAge: CLIENT_COOKIE_MAX_AGE_S, sameSite: 'lax' } as const;
      void reply.header('set-cookie', stringifySetCookie(cookie));
    }
    void reply.header('cache-control', 'no-cache');
    const renderer = this.options.renderer?.() ?? null;
    if (renderer && boot.registry) return this.sendRendered(raw, url, reply, renderer, boot.registry, nonce, status);
    const pathname = url.split('?')[0]!;
    if (status) void reply.code(status);
    return reply.type('text/html; charset=utf-8').send(await this.render(boot, pathname));
  }

  /** The server-rendered page (issue 20, see shell-renderer.ts). */
  private async sendRendered(
    raw: IncomingMessage,
    url: string,
    reply: FastifyReply,
    renderer: ShellRenderer,
    registry: RemoteRegistry,
    nonce: string | undefined,
    status: 404 | undefined,
  ): Promise<FastifyReply> {
    const hostname = (raw.headers.host ?? '').replace(/:\d+$/, '');
    const storeOrigin = this.options.storeOrigin ?? `http://${raw.headers.host ?? '127.0.0.1'}`;
    const route = await renderer.module.routePage({ url, hostname, storeOrigin, registry });
    if (route.kind === 'redirect') return reply.redirect(route.location, 302);
    const body = documentBody(raw.headers['accept-encoding']);
    void reply.code(status ?? route.status).type('text/html; charset=utf-8').header('vary', 'accept-encoding');
    if (body.encoding) void reply.header('content-encoding', body.encoding);
    const closed = new Promise<void>((resolve) => raw.once('close', () => resolve()));
    void streamDocument({
      renderer,
      body,
      closed,
      request: {
        url,
        hostname,
        storeOrigin,
        apiUrl: this.apiUrl,
        ...(this.options.apiFetchOrigin ? { apiFetchOrigin: this.options.apiFetchOrigin } : {}),
        registry,
        budgetMs: this.options.ssrBudgetMs ?? DEFAULT_SSR_BUDGET_MS,
        ...(nonce ? { nonce } : {}),
        report: (report) => this.report(report),
      },
      onRenderError: (error) => this.options.log?.(`the shell could not render ${url}; the browser renders it`, error),
    }).catch((error: unknown) => {
      this.options.log?.(`the document of ${url} failed while streaming`, error);
      body.stream.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply.send(body.stream);
  }
}
