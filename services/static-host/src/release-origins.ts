/**
 * The remote origins of the shell's CSP `script-src` (and styles, fonts, images, connections) under
 * `npm start`: the operator's allow-list `RELEASE_ORIGINS` (space- or
 * comma-separated http(s) origins), else the remotes' own origins (`REMOTE_*_URL`): the same list
 * the API accepts releases from (services/api/src/config.ts `parseReleaseOrigins`). It is fixed at
 * start, never read from the remote registry, so publishing a release on a new origin cannot widen
 * the policy. The production host reads the same variable (host-settings.ts), with the API's value.
 */

/**
 * The allowed origins for `env`, given the remotes' URLs.
 * @throws Error naming a value that is not an http(s) URL.
 */
export function allowedRemoteOrigins(env: NodeJS.ProcessEnv, remoteUrls: readonly string[]): string[] {
  const listed = env.RELEASE_ORIGINS ? env.RELEASE_ORIGINS.split(/[\s,]+/).filter(Boolean) : remoteUrls;
  return [
    ...new Set(
      listed.map((item) => {
        const url = URL.parse(item);
        if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error(`RELEASE_ORIGINS: "${item}" is not an http(s) origin`);
        return url.origin;
      }),
    ),
  ];
}
