/**
 * The RemoteModule contract between the shell and a federated remote (what keeps an
 * old shell and a new remote, or the reverse, from breaking each other), in the parts both sides and the release command read:
 *
 * - `REMOTE_MODULE_CONTRACT_VERSION`: the contract major. A remote's exposed `./App` declares the
 *   version it was built against (shared-ui `defineRemoteModule`); a shell reads only its own
 *   major, so raise it only for a change old shells cannot read (add optional fields otherwise).
 * - Route metadata: `{ path, layout }` per route the remote renders (`store` chrome or bare `panel`).
 * - Required shared singletons: a remote's build requires a version range of each federation
 *   singleton (its `mf-manifest.json` `shared[].requiredVersion`); the shell provides one version
 *   of each. {@link remoteCompatibilityProblems} says why a remote build does not fit a shell; the
 *   shell refuses such a remote at load time (fallback + error report), `npm run release` refuses
 *   to publish it.
 * - `build-info.json` ({@link appBuildInfoSchema}): what every app build records about itself.
 *
 * The React side (the `App` component, `defineRemoteModule`, `parseRemoteModule`) lives in
 * shared-ui/src/lib/remote-module.ts; this package stays free of React.
 */
import { z } from 'zod';

/** The contract major this build of the shared code reads and writes. */
export const REMOTE_MODULE_CONTRACT_VERSION = 1;

/** Chrome of a route: the store's header and footer, or a bare full-screen panel frame. */
export const ROUTE_LAYOUTS = ['store', 'panel'] as const;
export type RouteLayout = (typeof ROUTE_LAYOUTS)[number];

/**
 * Where a route's page is rendered: `server`, streamed by the shell's host and hydrated
 * in the browser (public pages: their HTML is what crawlers and link previews read), or `client`,
 * rendered in the browser only (pages behind sign-in or made of the browser's own storage: cart,
 * checkout, panels). A route without it is rendered in the browser.
 */
export const ROUTE_RENDERING = ['server', 'client'] as const;
export type RouteRendering = (typeof ROUTE_RENDERING)[number];

/** One route a remote renders: absolute react-router pattern, the chrome it wants and where it renders. */
export const remoteRouteSchema = z.object({ path: z.string().startsWith('/'), layout: z.enum(ROUTE_LAYOUTS), render: z.enum(ROUTE_RENDERING).optional() });
export type RemoteRoute = z.infer<typeof remoteRouteSchema>;

/**
 * `build-info.json` of an app build (shared-ui/build/build-version.ts): `version` is
 * `<package version>-<content hash>`; `shared` maps each federation singleton to the version range
 * a remote requires, or to the exact version the shell provides.
 */
export const appBuildInfoSchema = z.object({
  name: z.string(),
  kind: z.enum(['host', 'remote']),
  version: z.string(),
  packageVersion: z.string(),
  contentHash: z.string(),
  builtAt: z.string(),
  contractVersion: z.number().int().positive(),
  shared: z.record(z.string(), z.string()),
  /**
   * Each contract module (`@prata/contracts/<module>`) -> the content version the build was made
   * with: a remote whose version of a module differs from the shell's loads its own copy of it.
   */
  contracts: z.record(z.string(), z.string()).optional(),
});
export type AppBuildInfo = z.infer<typeof appBuildInfoSchema>;

/** What a remote build needs from the shell. */
export interface RemoteRequirements {
  contractVersion: number;
  /** Singleton -> required version range, e.g. `{ react: '^19.3.1' }`. */
  requires: Record<string, string>;
}

/** What a shell offers. */
export interface HostProvisions {
  contractVersion: number;
  /** Singleton -> provided version, e.g. `{ react: '19.3.1' }`. */
  provides: Record<string, string>;
}

/**
 * Why `remote` cannot run in `host`, one pt-BR sentence per problem (empty when it fits): another
 * contract major, a required singleton the shell does not provide, or a provided version outside
 * the required range. `satisfies(version, range)` is a semver check (npm `semver.satisfies`, the
 * federation runtime's `satisfy`).
 */
export function remoteCompatibilityProblems(remote: RemoteRequirements, host: HostProvisions, satisfies: (version: string, range: string) => boolean): string[] {
  const problems: string[] = [];
  if (remote.contractVersion !== host.contractVersion) {
    problems.push(`o remote usa o contrato RemoteModule ${remote.contractVersion}, e o shell lê o ${host.contractVersion}`);
  }
  for (const [name, range] of Object.entries(remote.requires).sort(([a], [b]) => a.localeCompare(b))) {
    const provided = host.provides[name];
    if (provided === undefined) problems.push(`o shell não fornece ${name} (o remote pede ${range})`);
    else if (!satisfies(provided, range)) problems.push(`o remote pede ${name} ${range}, e o shell fornece ${provided}`);
  }
  return problems;
}
