/**
 * Deployments: each remote as the registry (`GET /api/remotes`: name, version,
 * manifest URL) and its loaded `mf-manifest.json` report it (build name and version from
 * `metaData.buildInfo`, build time from the manifest's Last-Modified), and the initial weight its
 * `build-info.json` next to the manifest records (null when absent). A manifest that
 * does not answer is reported as unreachable, not hidden.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { appWeightSchema, remoteRegistrySchema, type AppWeight, type RemoteEntry } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export interface Deployment {
  name: RemoteEntry['name'];
  registryVersion: string;
  manifestUrl: string;
  reachable: boolean;
  buildName: string | null;
  buildVersion: string | null;
  /** ISO instant of the manifest's Last-Modified, if sent. */
  builtAt: string | null;
  /** Initial JS and CSS of the live build, bytes gzip (its build-info.json), if recorded. */
  weight: AppWeight | null;
}

/** The weight the build-info.json next to `manifestUrl` records; null when it has none or does not answer. */
async function buildWeight(manifestUrl: string, signal?: AbortSignal): Promise<AppWeight | null> {
  try {
    const response = await fetch(new URL('build-info.json', manifestUrl), { cache: 'no-store', ...(signal ? { signal } : {}) });
    if (!response.ok) return null;
    return appWeightSchema.safeParse(((await response.json()) as { weight?: unknown }).weight).data ?? null;
  } catch {
    return null;
  }
}

interface ManifestMeta {
  metaData?: { buildInfo?: { buildVersion?: string; buildName?: string } };
}

async function inspect(entry: RemoteEntry, signal?: AbortSignal): Promise<Deployment> {
  const base = { name: entry.name, registryVersion: entry.version, manifestUrl: entry.manifestUrl };
  try {
    const [response, weight] = await Promise.all([fetch(entry.manifestUrl, { cache: 'no-store', ...(signal ? { signal } : {}) }), buildWeight(entry.manifestUrl, signal)]);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const manifest = (await response.json()) as ManifestMeta;
    const modified = response.headers.get('last-modified');
    return {
      ...base,
      reachable: true,
      buildName: manifest.metaData?.buildInfo?.buildName ?? null,
      buildVersion: manifest.metaData?.buildInfo?.buildVersion ?? null,
      builtAt: modified ? new Date(modified).toISOString() : null,
      weight,
    };
  } catch {
    return { ...base, reachable: false, buildName: null, buildVersion: null, builtAt: null, weight: null };
  }
}

export async function getDeployments(signal?: AbortSignal): Promise<Deployment[]> {
  const registry = await apiRequest('/api/remotes', remoteRegistrySchema, signal ? { signal } : {});
  return Promise.all(registry.map((entry) => inspect(entry, signal)));
}

export function useDeployments() {
  return useQuery(queryOptions({ queryKey: ['developer', 'deployments'], queryFn: ({ signal }) => getDeployments(signal), staleTime: 60_000 }));
}
