/**
 * The remote sources of the shell's CSP `script-src` (and styles, fonts, images, connections) under
 * `npm start`: the operator's allow-list `RELEASE_ORIGINS` (space- or comma-separated http(s)
 * origins, or origins with a path prefix such as `http://minio.localhost:9000/prata-releases/`),
 * else the remotes' own origins (`REMOTE_*_URL`): the same list the API accepts releases from
 * (services/api/src/config-values.ts `parseReleaseOrigins`; both read it with
 * `@prata/contracts/release-origins`). It is fixed at start, never read from the remote registry,
 * so publishing a release on a new origin cannot widen the policy. The production host reads the
 * same variable (host-settings.ts), with the API's value.
 */
import { parseReleaseOriginList } from '@prata/contracts/release-origins';

/**
 * The allow-list for `env`, given the remotes' URLs: origins, and origins with a path prefix
 * ending in `/` (kept as CSP source expressions: a source ending in `/` admits every path under it).
 * @throws Error naming a value that is not an http(s) origin or an origin with a path prefix.
 */
export function allowedRemoteOrigins(env: NodeJS.ProcessEnv, remoteUrls: readonly string[]): string[] {
  return parseReleaseOriginList(env.RELEASE_ORIGINS, remoteUrls);
}
