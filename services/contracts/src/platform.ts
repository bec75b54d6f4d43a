/**
 * Platform contracts: health, errors, the remote registry and the runtime configuration.
 *
 * The remote registry is how the shell learns at runtime where each federated remote lives
 * (issue 2: no remote URL is compiled into the shell).
 */
import { z } from 'zod';

/** Names of the federated remotes; each is also its Module Federation container name. */
export const REMOTE_NAMES = ['storefront', 'checkout', 'admin', 'devtools'] as const;
export const remoteNameSchema = z.enum(REMOTE_NAMES);
export type RemoteName = z.infer<typeof remoteNameSchema>;

/**
 * One registry entry: where a remote's `mf-manifest.json` is, which build it is, and which
 * route patterns (react-router syntax, absolute) it owns. The shell routes a path to the remote
 * whose pattern ranks best; the remote's own router renders the page.
 */
export const remoteEntrySchema = z.object({
  name: remoteNameSchema,
  manifestUrl: z.url(),
  version: z.string().min(1),
  routes: z.array(z.string().startsWith('/')).min(1),
  /**
   * While a canary of this remote runs and the registry was asked with `?client=`: the token the
   * browser sends back with its error reports, so the canary guard counts them (issue 21).
   */
  reportToken: z.string().max(300).optional(),
});
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;

export const remoteRegistrySchema = z.array(remoteEntrySchema);

export type RemoteRegistry = z.infer<typeof remoteRegistrySchema>;

/** `GET /api/health`: 200 when the database answers, 503 otherwise. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  uptimeMs: z.number().int().nonnegative(),
});
export type Health = z.infer<typeof healthSchema>;

/**
 * Every 4xx/5xx body. `message` is pt-BR text fit for the UI; `issues` lists field errors
 * as `{ path, message }` for validation failures (400). 5xx bodies never carry details.
 */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * `GET /runtime-config.json`, served by each app's host from its environment, so builds carry
 * no environment-specific URL.
 */
export const runtimeConfigSchema = z.object({
  apiUrl: z.url(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
