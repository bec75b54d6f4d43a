/**
 * Remote registry client: fetches `GET /api/remotes` and registers each remote's manifest with
 * the Module Federation runtime. No remote URL is compiled into the shell.
 */
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteRegistrySchema, type RemoteRegistry } from '@prata/contracts';
import { apiRequest } from '@prata/shared-ui';

/** The registry as the service publishes it. @throws ApiRequestError. */
export function fetchRemoteRegistry(): Promise<RemoteRegistry> {
  return apiRequest('/api/remotes', remoteRegistrySchema);
}

/** Registers (or re-points) every remote: `name` -> its `mf-manifest.json`. */
export function registerRegistry(registry: RemoteRegistry): void {
  registerRemotes(
    registry.map((remote) => ({ name: remote.name, entry: remote.manifestUrl, version: remote.version })),
    { force: true },
  );
}
