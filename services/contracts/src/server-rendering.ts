/**
 * The contract between the shell's Node build and the shell's host (server rendering):
 * the host (services/static-host) loads `shell/dist/server/server.js`, a {@link ShellServerModule},
 * and asks it for each document; it links the files `document-assets.json` names
 * ({@link DocumentAssets}, written by the shell's browser build). Types only: both sides are ours.
 */
import type { Writable } from 'node:stream';
import type { RemoteRegistry, RenderedPage } from './platform.ts';
import type { ErrorReport } from './system-errors.ts';

/**
 * The shell's own files a server-rendered document links (URLs under the shell's public path,
 * e.g. `/main.1a2b3c4d.js`): `scripts` run deferred to hydrate the page; `preloads` are the chunks they load at once
 * (the start-up chunk and the shared singletons the shell provides); `styles` are the style
 * sheets of the chrome's first paint.
 */
export interface DocumentAssets {
  scripts: string[];
  preloads: string[];
  styles: string[];
  /**
   * Per singleton the shell provides: its files and the singletons it takes itself. The host adds
   * those of the singletons a page's remote takes (its manifest's `shared`) and not yet listed.
   */
  singletons: Record<string, { js: string[]; css: string[]; takes: string[] }>;
}

/** One document request, as the host hands it to the shell. */
export interface ServerPageRequest {
  /** Path and query asked for, e.g. `/produtos?search=anel`. */
  url: string;
  /** Host name the browser asked for (the subdomain rule, admin.md 2). */
  hostname: string;
  /** The store's public origin, e.g. `https://prata925.com.br` (canonical and Open Graph URLs). */
  storeOrigin: string;
  /** The API's public origin (written into the page). */
  apiUrl: string;
  /** Where the host's process reaches the API (requests go there); the public origin when absent. */
  apiFetchOrigin?: string;
  /** The registry of this request (the browser's canary bucket). */
  registry: RemoteRegistry;
  /** Time budget of the remote's slot, its Node build and data included (ms). */
  budgetMs: number;
  /**
   * The origins a remote's Node build may be loaded from (the host's `RELEASE_ORIGINS`, fixed at
   * its start): a build elsewhere, or one whose hash the registry did not record, is not run
   * (shell server/server-remotes.ts).
   */
  releaseOrigins: readonly string[];
  /** The CSP nonce of the response: React's inline scripts (streamed Suspense boundaries) carry it. */
  nonce?: string;
  /** Sends an error report to the service (`POST /api/errors`). */
  report(report: ErrorReport): void;
}

/** The files of the page's remote the document links (absolute URLs). */
export interface RemoteDocumentAssets {
  /** `remoteEntry.js` and the `./App` module's first scripts (preloaded). */
  scripts: string[];
  /** Style sheets of `./App` and its lazy routes (the server-rendered markup needs them). */
  styles: string[];
  /** The singletons it takes from the shell (its manifest's `shared`). */
  singletons: string[];
  /**
   * The SRI hash (`sha384-<base64>`) its release recorded of each style sheet, keyed by absolute URL
   * (each recorded name resolved as `styles` are): the host inlines a sheet only when the bytes it
   * read match, and neither inlines nor links one without a hash here or whose bytes differ.
   * Absent for the operator's bootstrap entry that records none (configuration, not a release):
   * its sheets are inlined as read. Empty for a release recorded before sheets were hashed.
   */
  styleIntegrity?: Record<string, string>;
}

/** A rendered page: its head, status and what it rendered at once; its body as a stream. */
export interface ServerPageRender {
  kind: 'page';
  /** 200, or 404 for a path no remote owns. */
  status: number;
  /** The `<head>` tags of the page (title, description, canonical, Open Graph, JSON-LD), as HTML. */
  head: string;
  /** What was rendered, for the browser's first render (boot data `page`). */
  page: RenderedPage;
  remoteAssets: RemoteDocumentAssets;
  /** Streams the markup of `#root` into `destination` (ended by the renderer). */
  pipe(destination: Writable): void;
  /** Stops the stream (the browser went away); what is pending is left to the browser. */
  abort(): void;
  /** The query client's dehydrated state (TanStack Query), complete once the stream has ended. */
  state(): unknown;
  /**
   * Whether the finished document may be kept by the host's render cache (and shared caches),
   * asked once the stream has ended. Cacheable: every slot rendered as its route asks (on the
   * server with its data, or in the browser by design), with the surrogate keys of what the page
   * shows (`product:<id>`, `catalogue`, `content:<key>`, `settings`, `remote:<name>`) so an
   * event can purge exactly the documents it changed. Not cacheable: a slot that should have
   * rendered on the server fell back to the browser (budget passed, remote or data failed), so
   * the next shopper must not be handed that fallback.
   */
  cache?(): DocumentCacheVerdict;
}

/** The page is elsewhere (the subdomain rule): answer with a redirect. */
/** See {@link ServerPageRender.cache}. */
export type DocumentCacheVerdict = { cacheable: true; tags: string[] } | { cacheable: false; reason: string };

export interface ServerRedirect {
  kind: 'redirect';
  location: string;
}

/** Where a request goes, known at once (before the page renders): its status, or a redirect. */
export type ServerRoute = { kind: 'page'; status: number } | ServerRedirect;

/** What `shell/dist/server/server.js` exports. */
export interface ShellServerModule {
  /**
   * A script the host puts, with the response's CSP nonce, at the top of every server-rendered
   * document (before the page's markup): the shell's early-click holding (shell
   * features/remotes/early-clicks.ts).
   */
  inlineScript: string;
  /** The status of the page at `url` (404 when no remote owns it), or the subdomain rule's redirect; renders nothing. */
  routePage(request: Pick<ServerPageRequest, 'url' | 'hostname' | 'storeOrigin' | 'registry'>): Promise<ServerRoute>;
  /** Renders one page; rejects when the shell itself cannot render (the host then finishes the document for the browser to render). */
  renderPage(request: ServerPageRequest): Promise<ServerPageRender | ServerRedirect>;
  /** Loads every remote's Node build (from `releaseOrigins` only, see {@link ServerPageRequest.releaseOrigins}); resolves to those that failed or were refused, and why. */
  preloadRemotes(registry: RemoteRegistry, timeoutMs: number, releaseOrigins: readonly string[]): Promise<{ remote: string; error: string }[]>;
}

/** `names` and every singleton they take, transitively (per {@link DocumentAssets} `singletons`), in a stable order. */
export function singletonClosure(singletons: DocumentAssets['singletons'], names: Iterable<string>): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const next of singletons[name]?.takes ?? []) visit(next);
  };
  for (const name of names) visit(name);
  return [...seen];
}

/**
 * The trace of a server render (W3C Trace Context): the host runs each page render inside an
 * AsyncLocalStorage whose store is `{ traceId }` (32 lowercase hex digits) and puts that storage on
 * `globalThis` under `Symbol.for(RENDER_TRACE_KEY)`, so every API call the render makes (the
 * shared API client, whichever copy of it a remote's Node build bundles) sends a `traceparent`
 * of that one trace: the document, its data calls and their SQL are one trace.
 */
export const RENDER_TRACE_KEY = 'prata.render-trace';

/** What the host puts on `globalThis` under `Symbol.for(RENDER_TRACE_KEY)` (an AsyncLocalStorage). */
export interface RenderTraceStorage {
  getStore(): { traceId: string } | undefined;
}

/** The trace id of the server render running now, or undefined (in a browser, or outside a render). */
export function currentRenderTraceId(): string | undefined {
  const storage = (globalThis as Record<symbol, RenderTraceStorage | undefined>)[Symbol.for(RENDER_TRACE_KEY)];
  return storage?.getStore()?.traceId;
}

/**
 * The trace id of a W3C `traceparent` or `traceresponse` header value
 * (`00-<32 hex trace id>-<16 hex span id>-<2 hex flags>`), or undefined when it is not one
 * (an all-zero id is invalid, per the Trace Context recommendation).
 */
export function traceIdOfHeader(value: string | null | undefined): string | undefined {
  const match = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/.exec(value?.trim() ?? '');
  if (!match || /^0+$/.test(match[1]!) || /^0+$/.test(match[2]!)) return undefined;
  return match[1];
}
