/**
 * The release allow-list `RELEASE_ORIGINS`, read the same way by the API (which releases it
 * accepts), the shell's host (its CSP, the style sheets it inlines) and the shell's Node build (the
 * remotes' Node builds it runs). An item is an http(s) origin (`https://vitrine.loja.com.br`: any
 * URL on it) or an origin with a path prefix (`http://minio.localhost:9000/prata-releases/`: only
 * URLs under that path, e.g. one bucket of an object store that also holds uploads). A prefix is
 * kept ending in `/`, which is also how a CSP Level 3 source expression says "every path under it".
 */

/**
 * One item of `RELEASE_ORIGINS` in its normal form: the origin alone when the item has no path
 * (`https://cdn.example/` -> `https://cdn.example`), else the origin and the path ending in `/`
 * (`https://cdn.example/remotes` -> `https://cdn.example/remotes/`). The path is the URL parser's
 * (dot segments resolved, unsafe characters percent-encoded).
 * @throws Error (`RELEASE_ORIGINS: "<item>" is not ...`) when the item is not an http(s) URL, or
 *   carries a user, a query or a fragment, or a path a CSP source cannot hold (`;`, `,`).
 */
export function releaseOriginItem(item: string): string {
  const url = URL.parse(item);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error(`RELEASE_ORIGINS: "${item}" is not an http(s) origin`);
  if (url.username || url.password || url.search || url.hash || item.includes('?') || item.includes('#') || /[;,]/.test(url.pathname)) {
    throw new Error(`RELEASE_ORIGINS: "${item}" is not an http(s) origin or an origin with a path prefix (no user, query, fragment, ";" or ",")`);
  }
  if (url.pathname === '/') return url.origin;
  return `${url.origin}${url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`}`;
}

/**
 * The allow-list for a `RELEASE_ORIGINS` value (space- or comma-separated items, each normalised by
 * {@link releaseOriginItem}, duplicates dropped), or, when it is unset or empty, the origins of
 * `defaultUrls` (the remotes' own URLs, reduced to their origins).
 * @throws Error naming the first item that is not valid.
 */
export function parseReleaseOriginList(value: string | undefined, defaultUrls: readonly string[]): string[] {
  if (!value) {
    return [
      ...new Set(
        defaultUrls.map((item) => {
          const url = URL.parse(item);
          if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error(`RELEASE_ORIGINS: "${item}" is not an http(s) origin`);
          return url.origin;
        }),
      ),
    ];
  }
  return [...new Set(value.split(/[\s,]+/).filter(Boolean).map(releaseOriginItem))];
}

/** Percent-encoded `/`, `\` and `.`: a server may decode them into a path that leaves the prefix. */
const ENCODED_SEPARATOR = /%(2f|5c|2e)/i;

/**
 * Whether `url` is an http(s) URL the allow-list `allowed` (normal items, see
 * {@link releaseOriginItem}) admits: on an item's origin, and, for an item with a path prefix,
 * with a parsed path under that prefix (compared after URL parsing, so `/prata-releases-x/` and
 * `/prata-releases/../prata-images/` are not under `/prata-releases/`) and no percent-encoded
 * `/`, `\` or `.` in it.
 */
export function onReleaseOrigins(url: string, allowed: readonly string[]): boolean {
  const parsed = URL.parse(url);
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return false;
  return allowed.some((item) => {
    const prefix = URL.parse(item);
    if (!prefix || prefix.origin !== parsed.origin) return false;
    if (prefix.pathname === '/') return true;
    const path = prefix.pathname.endsWith('/') ? prefix.pathname : `${prefix.pathname}/`;
    return parsed.pathname.startsWith(path) && !ENCODED_SEPARATOR.test(parsed.pathname);
  });
}
