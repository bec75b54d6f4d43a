/**
 * Runtime configuration of the running store (the API origin). The shell loads it from
 * `/runtime-config.json` before mounting anything and stores it here; because shared-ui is a
 * federation singleton, every remote reads the same value.
 *
 * On the server the shell's host also gives the origin it reaches the API at
 * (`fetchOrigin`, e.g. a service name inside a cluster): requests go there, while every URL
 * written into the page (images, links) keeps the public origin the browser uses.
 */
import { runtimeConfigSchema, type RuntimeConfig } from '@prata/contracts/platform';

let current: RuntimeConfig | undefined;
let fetchOrigin: string | undefined;

/**
 * Stores the runtime configuration (called once by the shell). `serverFetchOrigin`: the API origin
 * the server-side renderer sends its requests to (default: the public one).
 */
export function setRuntimeConfig(config: RuntimeConfig, serverFetchOrigin?: string): void {
  current = runtimeConfigSchema.parse(config);
  fetchOrigin = serverFetchOrigin?.replace(/\/$/, '');
}

/** URL a request for an API path is sent to: the server's fetch origin when set, else {@link apiUrl}. */
export function apiFetchUrl(path: string): string {
  return fetchOrigin ? `${fetchOrigin}${path}` : apiUrl(path);
}

/** The runtime configuration. @throws Error when the shell has not loaded it yet. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('runtime configuration not loaded (the shell loads /runtime-config.json first)');
  return current;
}

/** Absolute URL of an API path, e.g. `apiUrl('/api/products')`. */
export function apiUrl(path: string): string {
  return `${getRuntimeConfig().apiUrl.replace(/\/$/, '')}${path}`;
}

/** Loads `/runtime-config.json` from the page's own origin. @throws on network/shape errors. */
export async function loadRuntimeConfig(url = '/runtime-config.json'): Promise<RuntimeConfig> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`runtime configuration unavailable (HTTP ${response.status})`);
  const config = runtimeConfigSchema.parse(await response.json());
  setRuntimeConfig(config);
  return config;
}
