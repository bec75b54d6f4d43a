/**
 * Server rendering of one page of the composed store, called by the shell's host
 * (services/static-host) for every document request:
 *
 * 1. the path's owner from the registry; the host's subdomain rule (admin.md 2) as a redirect;
 * 2. within the page's time budget (`budgetMs`): the owner's Node build (server-remotes.ts), then
 *    its `prefetch` of the page's data into a fresh query client, and the chrome's own data
 *    (the footer's social links);
 * 3. React's streaming renderer over the same tree the browser hydrates (app/app.tsx in
 *    react-router's `StaticRouter`): the chrome, and the remote's slot with its page, or, when
 *    the route renders in the browser, the remote has no usable Node build, or step 2 failed or
 *    overran the budget, the slot's placeholder, which React renders in the browser;
 * 4. the page's head (the remote's `head`, else a default), its status (404 for paths nobody
 *    owns), what the document links for the remote (with the hashes its release recorded of its
 *    style sheets, which the host inlines them against: server-remotes.ts `styleIntegrityOf`),
 *    and, once the stream ended, the query client's dehydrated state.
 *
 * A render that throws outside a slot rejects (the host then sends the browser-rendered
 * document); errors inside a slot become that slot rendered in the browser and are reported
 * (`ssr_render_failure`, with the remote and its version) through `report`.
 */
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { SOCIAL_LINKS_CONTENT_KEY } from '@prata/contracts/content';
import type { RenderedPage } from '@prata/contracts/platform';
import type { DocumentCacheVerdict, RemoteDocumentAssets, ServerPageRender, ServerPageRequest, ServerRedirect, ServerRoute } from '@prata/contracts/server-rendering';
import { maskPathTokens } from '@prata/contracts/system-errors';
import { getStoreContactQueryOptions, routeLayout, routeRendering, type PageContext, type RemoteModule } from '@prata/shared-ui';
import { setRuntimeConfig } from '@prata/shared-ui/state';
import { App, QUERY_DEFAULTS } from '../app/app.tsx';
import { getSocialLinksQueryOptions } from '../features/chrome/api/get-social-links.ts';
import { subdomainRedirect } from '../features/navigation/subdomain-redirect.ts';
import { CLIENT_SLOT_DIGEST, ClientSlot, SLOT_DIGEST_PREFIX } from '../features/remotes/client-slot.ts';
import { settledPromise, type Composition, type RemoteModuleSource } from '../features/remotes/composition.tsx';
import { ownerOf } from '../features/remotes/remote-outlet.tsx';
import { DEFAULT_HEAD, headTags, storePageUrl } from './page-head.ts';
import { pageStyles, serverRemote, type ServerRemote } from './server-remotes.ts';

export type PageRequest = ServerPageRequest;
export type PageRender = ServerPageRender;
export type Redirect = ServerRedirect;

/** A promise that rejects with a ClientSlot after `ms`. */
function deadline(ms: number): { promise: Promise<never>; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ClientSlot(`o render no servidor passou do limite de ${ms} ms`)), ms);
  });
  promise.catch(() => undefined);
  return { promise, cancel: () => clearTimeout(timer) };
}

/** The remote modules of one server render: only the page's owner, as loaded for it. */
function pageModules(owner: string | null, module: RemoteModule | null, slot: RenderedPage['slot'], reason: string): RemoteModuleSource {
  return {
    module: (name) => settledPromise(name === owner && module && slot === 'server' ? { value: module } : { reason: new ClientSlot(name === owner ? reason : 'not the page\'s remote') }),
    settled: (name) => settledPromise({ value: name === owner ? module : null }),
    loaded: (name) => (name === owner ? module : null),
    subscribe: () => () => undefined,
  };
}

let configured: string | undefined;

/** Surrogate keys of the chrome every page shows: the footer's social links and the store's settings (contact, offers). */
export const CHROME_CACHE_TAGS = [`content:${SOCIAL_LINKS_CONTENT_KEY}`, 'settings'] as const;

/**
 * Whether a finished document may be cached, and under which surrogate keys (ServerPageRender
 * `cache`): not when something fell back or failed (`uncacheable`), nor when a query of the page
 * ended in error or was still loading (the page would show an error or a spinner to every
 * shopper the cache serves); else the chrome's keys, `remote:<owner>` and the server-rendered remote's
 * own `cacheTags`.
 */
export function cacheVerdict(
  uncacheable: string | null,
  queryClient: QueryClient,
  module: RemoteModule | null,
  context: PageContext,
  owner: string | null,
): DocumentCacheVerdict {
  if (uncacheable) return { cacheable: false, reason: uncacheable };
  // A query the page asked for that failed or is still loading; queries left idle on purpose
  // (disabled, or the browser's own: a shopper's reservations) are loaded in the browser anyway.
  const unsettled = queryClient
    .getQueryCache()
    .getAll()
    .find((query) => query.state.status === 'error' || query.state.fetchStatus === 'fetching');
  if (unsettled) return { cacheable: false, reason: `query ${JSON.stringify(unsettled.queryKey)} is ${unsettled.state.status === 'error' ? 'in error' : 'still loading'}` };
  const tags = new Set<string>([...CHROME_CACHE_TAGS, ...(owner ? [`remote:${owner}`] : [])]);
  try {
    for (const tag of module?.cacheTags?.(context) ?? []) tags.add(tag);
  } catch (error) {
    return { cacheable: false, reason: `cacheTags failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  return { cacheable: true, tags: [...tags] };
}

/** The status of the page at `request.url`, or the subdomain rule's redirect (admin.md 2). */
export function routePage(request: Pick<PageRequest, 'url' | 'hostname' | 'storeOrigin' | 'registry'>): ServerRoute {
  const url = storePageUrl(request.url, request.storeOrigin);
  const redirect = subdomainRedirect(request.hostname, url.pathname);
  if (redirect) return { kind: 'redirect', location: redirect };
  return { kind: 'page', status: ownerOf(request.registry, url.pathname) ? 200 : 404 };
}

/** Renders one page (see the module doc); a redirect for the subdomain rule. */
export async function renderPage(request: PageRequest): Promise<PageRender | Redirect> {
  const url = storePageUrl(request.url, request.storeOrigin);
  const route = routePage(request);
  if (route.kind === 'redirect') return route;
  const configKey = `${request.apiUrl}\0${request.apiFetchOrigin ?? ''}`;
  if (configured !== configKey) {
    setRuntimeConfig({ apiUrl: request.apiUrl }, request.apiFetchOrigin);
    configured = configKey;
  }

  const { registry, budgetMs } = request;
  const startedAt = performance.now();
  const owner = ownerOf(registry, url.pathname);
  const entry = owner ? registry.find((remote) => remote.name === owner) : undefined;
  const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
  const chromeData = Promise.all([queryClient.prefetchQuery(getSocialLinksQueryOptions()), queryClient.prefetchQuery(getStoreContactQueryOptions())]);

  let module: RemoteModule | null = null;
  let remoteAssets: RemoteDocumentAssets = { scripts: [], styles: [], singletons: [] };
  let loaded: ServerRemote | null = null;
  let slot: RenderedPage['slot'] = 'client';
  let reason = 'rendered in the browser';
  /** Why this document must not be cached (a fallback or an error), or null. */
  let uncacheable: string | null = null;
  const report = (kind: string, error: unknown) => {
    uncacheable ??= `${kind}: ${error instanceof Error ? error.message : String(error)}`;
    if (!entry) return;
    const failure = error instanceof Error ? error : new Error(String(error));
    request.report({
      errorType: 'ssr_render_failure',
      // A tracking link's token stays out of the report (the service redacts `pageUrl` itself).
      errorMessage: `${kind} de "${entry.name}" em ${maskPathTokens(url.pathname)}: ${failure.message}`.slice(0, 2000),
      ...(failure.stack ? { errorStack: failure.stack } : {}),
      pageUrl: `${url.origin}${maskPathTokens(url.pathname)}`,
      remote: entry.name,
      version: entry.version,
      manifestUrl: entry.manifestUrl,
    });
  };

  if (entry) {
    const budget = deadline(budgetMs);
    try {
      const remote = await Promise.race([serverRemote(entry, budgetMs, request.releaseOrigins), budget.promise]);
      remoteAssets = remote.assets;
      loaded = remote;
      module = remote.module;
      reason = remote.reason ?? reason;
      if (remote.faulty) report('O render no servidor foi recusado', new Error(reason));
      if (module && routeRendering(module, url.pathname) === 'server') {
        await Promise.race([module.prefetch?.({ url, queryClient }), budget.promise]);
        slot = 'server';
      }
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
      report('O render no servidor falhou', error);
    } finally {
      budget.cancel();
    }
  }
  // The chrome's data shares the budget; what is not there by then loads in the browser.
  const remaining = deadline(Math.max(0, budgetMs - (performance.now() - startedAt)));
  await Promise.race([chromeData, remaining.promise]).catch(() => undefined);
  remaining.cancel();

  const page: RenderedPage = {
    pathname: url.pathname,
    remote: (owner as RenderedPage['remote']) ?? null,
    version: entry?.version ?? null,
    layout: module ? routeLayout(module, url.pathname) : 'store',
    slot,
  };
  const composition: Composition = { registry, registryError: null, modules: pageModules(owner, module, slot, reason), page };
  let head = DEFAULT_HEAD;
  if (module?.head && slot === 'server') {
    try {
      head = module.head({ url, queryClient }) ?? DEFAULT_HEAD;
    } catch (error) {
      report('O cabeçalho da página falhou', error);
    }
    // Only the sheets this page renders with (the remote's others load with their pages).
    if (loaded) remoteAssets = { ...remoteAssets, styles: pageStyles(loaded, head.styleChunks) };
  }

  return await new Promise<PageRender>((resolve, reject) => {
    // A slot still suspended after the budget is left to the browser.
    const abort = setTimeout(() => {
      uncacheable ??= `the stream passed the budget of ${budgetMs} ms`;
      stream.abort(new ClientSlot(`o render no servidor passou do limite de ${budgetMs} ms`));
    }, budgetMs);
    const stream = renderToPipeableStream(
      <StaticRouter location={`${url.pathname}${url.search}`}>
        <App queryClient={queryClient} composition={composition} />
      </StaticRouter>,
      {
        ...(request.nonce ? { nonce: request.nonce } : {}),
        // A slot that is ready is written in place, whatever its size: React would otherwise
        // outline a large one (> 12.8 kB) and move it into place with a script after the first
        // paint, shifting the footer (layout shift) and waiting for that script.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          resolve({
            kind: 'page',
            status: route.status,
            head: headTags(head, url),
            page,
            remoteAssets,
            pipe: (destination) => stream.pipe(destination),
            abort: () => stream.abort(new ClientSlot('the browser went away')),
            state: () => dehydrate(queryClient),
            cache: () => cacheVerdict(uncacheable, queryClient, slot === 'server' ? module : null, { url, queryClient }, owner),
          });
        },
        onShellError(error) {
          clearTimeout(abort);
          reject(error);
        },
        onAllReady() {
          clearTimeout(abort);
        },
        onError(error) {
          if (error instanceof ClientSlot) return CLIENT_SLOT_DIGEST;
          report('O render no servidor falhou', error);
          return `${SLOT_DIGEST_PREFIX}ssr-error`;
        },
      },
    );
  });
}
