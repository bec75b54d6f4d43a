/**
 * Remote registry client: fetches `GET /api/remotes` and registers each remote's manifest with
 * the Module Federation runtime. No remote URL is compiled into the shell.
 */
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteRegistrySchema, type RemoteRegistry } from '@prata/contracts';
import { apiRequest } from '@prata/shared-ui';

/**
 * The registry as the service publishes it: `inlined` (the copy the shell's host put into the
 * page, issue 15) when given, else `GET /api/remotes?client=<prata_client cookie>`.
 * @throws ApiRequestError; ZodError when `inlined` is not a registry.
 */
export async function fetchRemoteRegistry(inlined?: unknown): Promise<RemoteRegistry> {
  if (inlined !== undefined && inlined !== null) return remoteRegistrySchema.parse(inlined);
  const client = /(?:^|;\s*)prata_client=([^;]+)/.exec(document.cookie)?.[1];
  return apiRequest('/api/remotes', remoteRegistrySchema, { query: { client } });
}

/** Registers (or re-points) every remote: `name` -> its `mf-manifest.json`. */
export function registerRegistry(registry: RemoteRegistry): void {
  registerRemotes(
    registry.map((remote) => ({ name: remote.name, entry: remote.manifestUrl, version: remote.version })),
    { force: true },
  );
}
