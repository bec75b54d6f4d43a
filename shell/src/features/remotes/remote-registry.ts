/**
 * Remote registry client: reads the registry (`GET /api/remotes`, or the copy the shell's host
 * inlined into the page) and registers each remote's manifest with the Module Federation runtime,
 * with the shell's retry plugin (remote-retry-plugin.ts) and its entry scripts in CORS mode
 * (cors-scripts-plugin.ts). No remote URL is compiled into the shell.
 *
 * Failure safety: every registry the shell receives is kept in localStorage
 * (`REGISTRY_CACHE_KEY`); when the service cannot be reached at start, the shell composes the
 * store from that last registry instead of showing nothing, and reports the outage
 * (`registry_unreachable`) for when the service is back.
 */
import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteRegistrySchema, type RemoteRegistry } from '@prata/contracts/platform';
import { apiRequest, reportError, restoreSession } from '@prata/shared-ui/state';
import { clientId } from './client-id.ts';
import { endPreview, previewInEffect, requestedPreview } from './remote-preview.ts';
import { corsScriptsPlugin } from './cors-scripts-plugin.ts';
import { remoteRetryPlugin } from './remote-retry-plugin.ts';

/** localStorage key of the last registry the shell received. */
export const REGISTRY_CACHE_KEY = 'prata:remote-registry';

/** Stores `registry` as the last one seen (storage full or disabled: silently not kept). */
export function rememberRegistry(registry: RemoteRegistry, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(REGISTRY_CACHE_KEY, JSON.stringify({ savedAt: new Date().toISOString(), registry }));
  } catch {
    // Private mode or a full quota: the shell works without the cache.
  }
}

/** The last registry seen, or null when none (or not a valid registry). */
export function rememberedRegistry(storage: Storage | undefined = globalThis.localStorage): RemoteRegistry | null {
  try {
    const saved = JSON.parse(storage?.getItem(REGISTRY_CACHE_KEY) ?? 'null') as { registry?: unknown } | null;
    const parsed = remoteRegistrySchema.safeParse(saved?.registry);
    return parsed.success && parsed.data.length > 0 ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The registry to compose the store from: `inlined` when the shell's host put one in the page,
 * else `GET /api/remotes?client=<this browser's id>` (client-id.ts: sticky canaries; with a staff
 * preview, remote-preview.ts, after restoring the staff session); either is remembered, except
 * a registry showing a preview. When the request fails, the remembered registry.
 * @throws ApiRequestError when the request fails and no registry was ever remembered; ZodError
 * when `inlined` is not a registry.
 */
export async function fetchRemoteRegistry(inlined?: unknown): Promise<RemoteRegistry> {
  const preview = requestedPreview();
  // The host's inlined copy is the shopper's registry: a staff preview asks the service itself.
  if (inlined !== undefined && inlined !== null && !preview) {
    const registry = remoteRegistrySchema.parse(inlined);
    rememberRegistry(registry);
    return registry;
  }
  try {
    // A staff preview needs the staff session (refresh cookie) before the registry is asked for.
    if (preview) await restoreSession();
    const registry = await apiRequest('/api/remotes', remoteRegistrySchema, {
      query: { client: clientId(), ...(preview ? { preview: `${preview.remote}@${preview.version}` } : {}) },
    });
    if (preview && !previewInEffect(registry, preview)) endPreview();
    if (!previewInEffect(registry, preview)) rememberRegistry(registry);
    return registry;
  } catch (error) {
    const remembered = rememberedRegistry();
    if (!remembered) throw error;
    console.warn('[shell] the remote registry could not be fetched; using the last one seen', error);
    reportError({ errorType: 'registry_unreachable', errorMessage: `GET /api/remotes falhou; usando o último registro salvo: ${error instanceof Error ? error.message : String(error)}` });
    return remembered;
  }
}

let pluginsRegistered = false;

/** Registers (or re-points) every remote: `name` -> its `mf-manifest.json`. */
export function registerRegistry(registry: RemoteRegistry): void {
  if (!pluginsRegistered) {
    registerPlugins([remoteRetryPlugin(), corsScriptsPlugin()]);
    pluginsRegistered = true;
  }
  registerRemotes(
    registry.map((remote) => ({ name: remote.name, entry: remote.manifestUrl, version: remote.version })),
    { force: true },
  );
}
