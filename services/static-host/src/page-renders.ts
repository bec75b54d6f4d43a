/**
 * Server renders of a page with the shell's Node build (shell-renderer.ts): streamed to the
 * browser that asked, and kept in the render cache when the shell calls the page cacheable
 * (document-cache.ts). A page whose slot fell back to the browser is not kept: it is rendered
 * again in the background with a longer budget and that render is kept. Popular pages are
 * rendered at start the same way (ShellDocument `warm`). Each render is one trace (render-trace.ts):
 * its API calls carry it, and a document rendered for a browser names it in `traceresponse`.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { ErrorReport, RemoteRegistry } from '@prata/contracts';
import type { ServerPageRequest } from '@prata/contracts/server-rendering';
import { cachedDocumentOf, DEFAULT_DOCUMENT_CACHE, type CacheState, type DocumentCacheOptions, type DocumentCsp } from './document-cache.ts';
import type { CachedDocument, RenderCache } from './render-cache.ts';
import { renderTraceFor, withRenderTrace } from './render-trace.ts';
import { documentBody, streamDocument, type ShellRenderer } from './shell-renderer.ts';

/** Default time budget of a page's remote on the server, ms. */
export const DEFAULT_SSR_BUDGET_MS = 300;

/** A background render that did not give a cacheable page is not tried again for this long (ms). */
export const BACKGROUND_RETRY_MS = 60_000;

export interface PageRendersOptions {
  /** The API origin the shell talks to (no trailing slash). */
  apiUrl: string;
  /** Where this host reaches the API, when not at its public origin (e.g. inside a cluster). */
  apiFetchOrigin?: string | undefined;
  /** The store's public origin; absent: the request's `Host`. */
  storeOrigin?: string | undefined;
  /** Time budget of a page's remote (its Node build and data), ms; past it the remote renders in the browser. Default 300. */
  ssrBudgetMs?: number | undefined;
  /** Logs what the host could not do (a failed server render). */
  log?: ((message: string, error: unknown) => void) | undefined;
  /** The render cache (null: every page rendered per request) and its settings. */
  cache: RenderCache | null;
  cacheOptions: DocumentCacheOptions | null;
  /** Sends a render's error report to the service. */
  report: (report: ErrorReport) => void;
}

/** Where a page rendered now is kept: its cache key, and the host name and origin it was rendered for. */
export interface CachingTarget {
  key: string;
  hostname: string;
  storeOrigin: string;
}

/** Renders pages on the server, for a browser and for the cache; see the module doc. */
export class PageRenders {
  private readonly options: PageRendersOptions;
  /** Keys whose background render ran recently (a render that keeps falling back is not retried in a loop). */
  private readonly retried = new Map<string, number>();

  constructor(options: PageRendersOptions) {
    this.options = options;
  }

  /** The request of a page render, for `registry`, with `renderer`'s release origins. */
  private pageRequest(renderer: ShellRenderer, url: string, hostname: string, storeOrigin: string, registry: RemoteRegistry, budgetMs: number, nonce: string | undefined): ServerPageRequest & { registry: RemoteRegistry } {
    return {
      url,
      hostname,
      storeOrigin,
      apiUrl: this.options.apiUrl,
      ...(this.options.apiFetchOrigin ? { apiFetchOrigin: this.options.apiFetchOrigin } : {}),
      registry,
      budgetMs,
      releaseOrigins: renderer.releaseOrigins,
      ...(nonce ? { nonce } : {}),
      report: (report) => this.options.report(report),
    };
  }

  /**
   * Streams a page rendered now (see shell-renderer.ts); when `caching`, keeps it in the cache
   * once it ended if the shell says it may be, else renders it again in the background with a
   * longer budget (a slot that fell back is not what the next shopper should get).
   */
  stream(
    raw: IncomingMessage,
    url: string,
    reply: FastifyReply,
    renderer: ShellRenderer,
    registry: RemoteRegistry,
    csp: DocumentCsp,
    status: number,
    caching: CachingTarget | null,
    state: CacheState,
  ): FastifyReply {
    const body = documentBody(raw.headers['accept-encoding'], caching !== null);
    const trace = renderTraceFor(raw.headers.traceparent);
    void reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('vary', 'accept-encoding')
      .header('cache-control', 'no-cache')
      .header('x-render-cache', state)
      .header('traceresponse', trace.traceresponse);
    if (body.encoding) void reply.header('content-encoding', body.encoding);
    const closed = new Promise<void>((resolve) => raw.once('close', () => resolve()));
    const hostname = caching?.hostname ?? (raw.headers.host ?? '').replace(/:\d+$/, '');
    const storeOrigin = caching?.storeOrigin ?? this.options.storeOrigin ?? `http://${raw.headers.host ?? '127.0.0.1'}`;
    const budgetMs = this.options.ssrBudgetMs ?? DEFAULT_SSR_BUDGET_MS;
    const cache = this.options.cache;
    const ticket = cache?.ticket() ?? 0;
    const streamed = withRenderTrace(trace.traceId, () =>
      streamDocument({
        renderer,
        body,
        closed,
        request: this.pageRequest(renderer, url, hostname, storeOrigin, registry, budgetMs, csp.nonce?.()),
        onRenderError: (error) => this.options.log?.(`the shell could not render ${url}; the browser renders it`, error),
      }),
    );
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
          const entry = cachedDocumentOf(caching.key, status, body.captured(), result, registry);
          return cache.set(entry, ticket) ? entry : null;
        })
        .catch(() => null)
        .then(() => {
          if (retry) void this.renderInBackground(caching.key, url, caching.hostname, caching.storeOrigin, renderer, registry, status);
        });
    }
    return reply.send(body.stream);
  }

  /**
   * Renders `url` into the cache with no browser waiting (a stale entry's revalidation, a render
   * that fell back, a warm-up), with the longer background budget; one at a time per key, and a
   * key whose render did not give a cacheable page is not tried again for a minute.
   * @returns the entry stored, or null.
   */
  renderInBackground(key: string, url: string, hostname: string, storeOrigin: string, renderer: ShellRenderer, registry: RemoteRegistry, status: number): Promise<CachedDocument | null> {
    const cache = this.options.cache;
    if (!cache) return Promise.resolve(null);
    if (cache.rendering(key)) return cache.once(key, () => Promise.resolve(null));
    const lastFailure = this.retried.get(key);
    if (lastFailure !== undefined && Date.now() - lastFailure < BACKGROUND_RETRY_MS) return Promise.resolve(null);
    const ticket = cache.ticket();
    return cache
      .once(key, async () => {
        const body = documentBody(undefined, true);
        body.stream.resume();
        const budgetMs = this.options.cacheOptions?.backgroundBudgetMs ?? DEFAULT_DOCUMENT_CACHE.backgroundBudgetMs;
        const result = await withRenderTrace(renderTraceFor(undefined).traceId, () =>
          streamDocument({
            renderer,
            body,
            closed: new Promise<void>(() => undefined),
            request: this.pageRequest(renderer, url, hostname, storeOrigin, registry, budgetMs, undefined),
            onRenderError: (error) => this.options.log?.(`the shell could not render ${url} in the background`, error),
          }),
        );
        if (!result.verdict.cacheable) {
          this.retried.set(key, Date.now());
          if (this.retried.size > 1000) this.retried.delete(this.retried.keys().next().value!);
          this.options.log?.(`${url} rendered in the background is not cacheable either: ${result.verdict.reason}`, null);
          return null;
        }
        this.retried.delete(key);
        const entry = cachedDocumentOf(key, status, body.captured(), result, registry);
        return cache.set(entry, ticket) ? entry : null;
      })
      .catch((error: unknown) => {
        this.options.log?.(`the background render of ${url} failed`, error);
        return null;
      });
  }
}
