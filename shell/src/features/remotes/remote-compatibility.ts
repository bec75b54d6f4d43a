/**
 * Skew safety at load time: a remote whose build requires
 * shared singleton versions this shell does not provide is refused (the caller reports it and the
 * remote's mount shows the in-chrome fallback) instead of crashing at run time. The contract major
 * is checked by shared-ui `parseRemoteModule`; this adds the singletons.
 *
 * - What the remote requires: `shared[]` singletons with their `requiredVersion` in its
 *   `mf-manifest.json`, as the federation runtime fetched and cached it (`snapshotHandler.manifestCache`).
 * - What the shell provides: the versions of the shared modules the shell registered
 *   (`options.shared[name]`, entries `from` the shell).
 * The comparison is @prata/contracts `remoteCompatibilityProblems` with the runtime's semver `satisfy`.
 */
import { getInstance, satisfy } from '@module-federation/enhanced/runtime';
import { REMOTE_MODULE_CONTRACT_VERSION, remoteCompatibilityProblems } from '@prata/contracts/remote-module';

/** The parts of a federation instance read here. */
export interface FederationView {
  options: { name: string; shared: Record<string, { version: string; from: string }[]> };
  snapshotHandler: { manifestCache: Map<string, unknown> };
}

/** Singleton -> version the shell provides. */
export function hostProvisions(instance: FederationView): Record<string, string> {
  const provides: Record<string, string> = {};
  for (const [name, entries] of Object.entries(instance.options.shared)) {
    const own = entries.find((entry) => entry.from === instance.options.name) ?? entries[0];
    if (own?.version) provides[name] = own.version;
  }
  return provides;
}

/** Singleton -> version range a remote's manifest requires. */
export function manifestRequirements(manifest: unknown): Record<string, string> {
  const shared = (manifest as { shared?: { name?: string; singleton?: boolean; requiredVersion?: string }[] } | null)?.shared ?? [];
  return Object.fromEntries(shared.filter((entry) => entry.name && entry.singleton && entry.requiredVersion).map((entry) => [entry.name!, entry.requiredVersion!]));
}

/**
 * Why the remote whose manifest is at `manifestUrl` cannot run in this shell (pt-BR sentences;
 * empty when it fits or when its manifest is not known to the runtime).
 */
export function singletonProblems(manifestUrl: string | undefined, instance: FederationView | null = getInstance() as unknown as FederationView | null): string[] {
  const manifest = manifestUrl ? instance?.snapshotHandler.manifestCache.get(manifestUrl) : undefined;
  if (!instance || !manifest) return [];
  return remoteCompatibilityProblems(
    { contractVersion: REMOTE_MODULE_CONTRACT_VERSION, requires: manifestRequirements(manifest) },
    { contractVersion: REMOTE_MODULE_CONTRACT_VERSION, provides: hostProvisions(instance) },
    (version, range) => satisfy(version, range),
  );
}

/** The build version a manifest announces (`metaData.buildInfo.buildVersion`), or undefined. */
export function manifestBuildVersion(manifest: unknown): string | undefined {
  const version = (manifest as { metaData?: { buildInfo?: { buildVersion?: unknown } } } | null)?.metaData?.buildInfo?.buildVersion;
  return typeof version === 'string' && version ? version : undefined;
}

/**
 * One version per page view: the version the page was composed with (the registry entry the
 * host pinned in the boot data, which its server render used) against the version of the build
 * the browser received from `manifestUrl` (its manifest, as the runtime fetched it). Null when
 * they agree or either is unknown; a bootstrap entry (no release active) names no build version.
 * A release's manifest must announce its version (the API's release verifier refuses another),
 * so a difference means the files at the manifest URL changed after the page was composed.
 */
export function versionSkew(
  pinned: { version: string | undefined; manifestUrl: string | undefined; bootstrap: boolean },
  instance: FederationView | null = getInstance() as unknown as FederationView | null,
): { pinned: string; received: string } | null {
  if (pinned.bootstrap || !pinned.version || !pinned.manifestUrl) return null;
  const received = manifestBuildVersion(instance?.snapshotHandler.manifestCache.get(pinned.manifestUrl));
  return received && received !== pinned.version ? { pinned: pinned.version, received } : null;
}
