/**
 * The RemoteModule contract: what a federated remote's exposed `./App` module exports (its
 * default export), and the one place that says how the shell reads it.
 *
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
 * - `contractVersion`: the version of this contract the remote was built against. The shell
 *   accepts `REMOTE_MODULE_CONTRACT_VERSION` (1) and refuses anything else with a clear error
 *   (the remote then shows the "unavailable" fallback). Raise it only for a change old shells
 *   cannot read; add optional fields otherwise.
 * - `App`: the React component rendering the remote's own routes (absolute paths).
 * - `routes`: route patterns (react-router syntax, ranked the way the router ranks them) with the
 *   chrome each wants: `store` (the store's header, footer and back button around the page) or
 *   `panel` (a bare full-screen frame: the remote draws its own panel layout, admin.md 2). A path
 *   no pattern matches gets `store`.
 *
 * Which remote owns a path is the remote registry's job (`GET /api/remotes`); which chrome a
 * path gets is the owning remote's job (this contract). The shell hard-codes neither.
 */
import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { REMOTE_MODULE_CONTRACT_VERSION, ROUTE_LAYOUTS, type RemoteRoute, type RouteLayout } from '@prata/contracts';

// The versioned parts of the contract (major, route metadata, required singletons) live in
// @prata/contracts (remote-module.ts), shared with the service and the release command.
export { REMOTE_MODULE_CONTRACT_VERSION, ROUTE_LAYOUTS, type RemoteRoute, type RouteLayout };

export interface RemoteModule {
  contractVersion: typeof REMOTE_MODULE_CONTRACT_VERSION;
  App: ComponentType;
  routes: readonly RemoteRoute[];
}

/**
 * Identity helper that type-checks a remote's module at build time. It returns the module's own
 * (literal) type, not `RemoteModule`, so that the declarations a remote publishes with its build
 * describe what it really exports and the shell's check of them (shell/scripts/check-remote-types.ts,
 * issue 14) compares that shape with the shell's contract.
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
  return module as RemoteModule;
}

/** The layout `module` asks for at `pathname` (its best-ranked route), `store` when none matches. */
export function routeLayout(module: Pick<RemoteModule, 'routes'>, pathname: string): RouteLayout {
  const layouts = new Map<RouteObject, RouteLayout>();
  const routes = module.routes.map(({ path, layout }) => {
    const route: RouteObject = { path };
    layouts.set(route, layout);
    return route;
  });
  const best = matchRoutes(routes, pathname)?.at(-1);
  return best ? (layouts.get(best.route) ?? 'store') : 'store';
}
