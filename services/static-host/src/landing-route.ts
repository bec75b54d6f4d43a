/**
 * Which remote owns a page: the registry's route patterns (react-router syntax) matched against a
 * path, the most specific one winning. The host uses it to pick the landing route's remote (its
 * resource hints) and to tell a page from a missing file.
 */
import type { RemoteRegistry } from '@prata/contracts';

/**
 * Whether `pattern` (react-router syntax: static segments, `:param`, trailing `*`) matches
 * `pathname`, and how specific it is (static segments count most), or -1 when it does not match.
 */
export function routeScore(pattern: string, pathname: string): number {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  let score = 0;
  for (const [i, segment] of want.entries()) {
    if (segment === '*') return score;
    if (i >= have.length) return -1;
    if (segment.startsWith(':')) score += 2;
    else if (segment.toLowerCase() === have[i]!.toLowerCase()) score += 10;
    else return -1;
  }
  return want.length === have.length ? score + 1 : -1;
}

/** The registry entry whose routes match `pathname` best, or undefined (the not-found page). */
export function landingRemote(registry: RemoteRegistry, pathname: string): RemoteRegistry[number] | undefined {
  let best: { remote: RemoteRegistry[number]; score: number } | undefined;
  for (const remote of registry) {
    for (const pattern of remote.routes) {
      const score = routeScore(pattern, pathname);
      if (score >= 0 && (!best || score > best.score)) best = { remote, score };
    }
  }
  return best?.remote;
}
