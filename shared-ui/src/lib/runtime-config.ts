/**
 * Runtime configuration of the running store (the API origin). The shell loads it from
 * `/runtime-config.json` before mounting anything and stores it here; because shared-ui is a
 * federation singleton, every remote reads the same value.
 */
import { runtimeConfigSchema, type RuntimeConfig } from '@prata/contracts';

let current: RuntimeConfig | undefined;

/** Stores the runtime configuration (called once by the shell). */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = runtimeConfigSchema.parse(config);
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
