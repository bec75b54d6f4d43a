/**
 * The RemoteModule contract: what a federated remote's exposed `./App` module exports (its
 * default export), and the one place that says how the shell reads it.
 *
 * Which remote owns a path is the remote registry's job (`GET /api/remotes`); which chrome a
 * path gets is the owning remote's job (this contract). The shell hard-codes neither.
 * `contractVersion` changes only for a change old shells cannot read; anything else is added as
 * an optional field.
 */
import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from '@prata/shared-ui/router';
import type { QueryClient } from '@tanstack/react-query';
import { REMOTE_MODULE_CONTRACT_VERSION, ROUTE_LAYOUTS, type RemoteRoute, type RouteLayout, type RouteRendering } from '@prata/contracts/remote-module';

// The versioned parts of the contract (major, route metadata, required singletons) live in
// @prata/contracts (remote-module.ts), shared with the service and the release command.
export { REMOTE_MODULE_CONTRACT_VERSION, ROUTE_LAYOUTS, type RemoteRoute, type RouteLayout, type RouteRendering };

/** What a remote's `prefetch` and `head` are given for one page. */
export interface PageContext {
  /** The page's URL (the store's public origin, the path and query asked for). */
  url: URL;
  /** The page's query client: `prefetch` fills it, `head` reads it. */
  queryClient: QueryClient;
}

/**
 * A page's head. The shell's host writes it as `<title>`, `<meta
 * name="description">`, `<link rel="canonical">`, Open Graph and Twitter card tags and
 * `<script type="application/ld+json">` blocks.
 */
export interface PageHead {
  /** Full document title, e.g. `Nossa Coleção | Prata 925`. */
  title: string;
  /** One or two sentences, shown by search engines and link previews. */
  description: string;
  /** The page's canonical path and query (e.g. `/produtos?categoria=aneis`); the requested path when absent. */
  canonicalPath?: string;
  /** Open Graph type: `website` (default) or `product`. */
  type?: 'website' | 'product';
  /** Absolute URL of the preview image (raster: link previews do not show SVG). */
  image?: { url: string; alt: string; width?: number; height?: number };
  /** Open Graph product price (`product:price:amount`, BRL cents) and availability. */
  product?: { priceCents: number; available: boolean };
  /** schema.org objects, each written as one JSON-LD block. */
  jsonLd?: readonly Record<string, unknown>[];
  /** `noindex` for pages search engines should not list (sign-in, password reset). */
  robots?: 'noindex';
  /**
   * The named chunks (their `webpackChunkName`) whose style sheets the page's markup needs besides
   * `./App`'s own: the shell's host inlines only those (their files come from the remote's
   * manifest, `metaData.chunkStyles`). Absent: every style sheet of the remote.
   */
  styleChunks?: readonly string[];
}

export interface RemoteModule {
  /**
   * The version of this contract the remote was built against. The shell accepts
   * `REMOTE_MODULE_CONTRACT_VERSION` (1) and refuses anything else with a clear error (the remote
   * then shows the "unavailable" fallback).
   */
  contractVersion: typeof REMOTE_MODULE_CONTRACT_VERSION;
  /** The React component rendering the remote's own routes (absolute paths). */
  App: ComponentType;
  /**
   * Route patterns (react-router syntax, ranked the way the router ranks them) with the chrome
   * each wants: `store` (the store's header, footer and back button around the page) or `panel`
   * (a bare full-screen frame: the remote draws its own panel layout, admin.md 2). A path no
   * pattern matches gets `store`. A route may also say where it renders (`render: 'server' |
   * 'client'`; the browser when absent).
   */
  routes: readonly RemoteRoute[];
  /**
   * Fills the query client with the data the page at `url` shows, with the same query options the
   * page's hooks use. The shell's host calls it before it server-renders the page and hands the
   * data to the browser (TanStack Query dehydrate/hydrate), within the page's time budget; its
   * failures leave the queries empty (the page then loads them in the browser).
   */
  prefetch?: (context: PageContext) => Promise<void>;
  /** The page's title, description, canonical path, Open Graph image and JSON-LD, from what `prefetch` loaded. */
  head?: (context: PageContext) => PageHead | null;
  /**
   * The surrogate keys of the server-rendered page at `context.url`, read after its data loaded:
   * `product:<id>` for every product it shows, `catalogue` when it lists products (a new or
   * edited product can join the list), `content:<section key>` for a content section. The shell's
   * host caches the document under these keys and purges it when an event names one of them;
   * the pages of a remote without `cacheTags` are purged by its own releases and otherwise kept
   * only for the cache's time to live.
   */
  cacheTags?: (context: PageContext) => readonly string[];
}

/**
 * ```ts
 * export default defineRemoteModule({
 *   contractVersion: 1,
 *   App: AdminApp,
 *   routes: [
 *     { path: '/admin/*', layout: 'panel' },
 *     { path: '/painel-admin', layout: 'panel' },
 *   ],
 * });
 * ```
 *
 * Identity helper that type-checks a remote's module at build time. It returns the module's own
 * (literal) type, not `RemoteModule`, so that the declarations a remote publishes with its build
 * describe what it really exports and the shell's check of them (shell/scripts/check-remote-types.ts)
 * compares that shape with the shell's contract.
 */
export function defineRemoteModule<const Module extends RemoteModule>(module: Module): Module {
  return module;
}

/**
 * Checks what a remote's `./App` exposed (its default export) at run time.
 * @throws Error naming the remote and what is wrong (missing default, other contract version,
 * no App component, a route without an absolute path or a known layout).
 */
export function parseRemoteModule(exposed: unknown, remote: string): RemoteModule {
  const module = (exposed as { default?: unknown } | null)?.default as Partial<RemoteModule> | undefined;
  if (!module || typeof module !== 'object') throw new Error(`remote "${remote}" exposes no RemoteModule as the default export of ./App`);
  if (module.contractVersion !== REMOTE_MODULE_CONTRACT_VERSION) {
    throw new Error(`remote "${remote}" uses RemoteModule contract ${String(module.contractVersion)}; this shell reads ${REMOTE_MODULE_CONTRACT_VERSION}`);
  }
  if (typeof module.App !== 'function' && typeof module.App !== 'object') throw new Error(`remote "${remote}" exposes no App component`);
  if (!Array.isArray(module.routes) || !module.routes.every((route) => typeof route?.path === 'string' && route.path.startsWith('/') && (ROUTE_LAYOUTS as readonly string[]).includes(route.layout))) {
    throw new Error(`remote "${remote}" declares invalid routes`);
  }
  if (
    (module.prefetch !== undefined && typeof module.prefetch !== 'function') ||
    (module.head !== undefined && typeof module.head !== 'function') ||
    (module.cacheTags !== undefined && typeof module.cacheTags !== 'function')
  ) {
    throw new Error(`remote "${remote}" declares a prefetch, head or cacheTags that is not a function`);
  }
  return module as RemoteModule;
}

/** The route of `module` that ranks best for `pathname` (react-router's ranking), or undefined. */
function bestRoute(module: Pick<RemoteModule, 'routes'>, pathname: string): RemoteRoute | undefined {
  const owners = new Map<RouteObject, RemoteRoute>();
  const routes = module.routes.map((remoteRoute) => {
    const route: RouteObject = { path: remoteRoute.path };
    owners.set(route, remoteRoute);
    return route;
  });
  const best = matchRoutes(routes, pathname)?.at(-1);
  return best ? owners.get(best.route) : undefined;
}

/** The layout `module` asks for at `pathname` (its best-ranked route), `store` when none matches. */
export function routeLayout(module: Pick<RemoteModule, 'routes'>, pathname: string): RouteLayout {
  return bestRoute(module, pathname)?.layout ?? 'store';
}

/** Where `module` renders the page at `pathname` (its best-ranked route), `client` when it does not say. */
export function routeRendering(module: Pick<RemoteModule, 'routes'>, pathname: string): RouteRendering {
  return bestRoute(module, pathname)?.render ?? 'client';
}
