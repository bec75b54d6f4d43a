/**
 * Subdomain rule (admin.md 2), applied once at start-up before the router reads the location:
 * first host label `admin` and a path not starting with /admin -> /admin; `dev` or `developer`
 * and a path not starting with /developer -> /developer; otherwise normal store routing.
 */

/** The path to go to for this host and path, or null for normal routing. */
export function subdomainRedirect(hostname: string, pathname: string): string | null {
  const label = hostname.split('.')[0]?.toLowerCase() ?? '';
  if (label === 'admin' && !pathname.startsWith('/admin')) return '/admin';
  if ((label === 'dev' || label === 'developer') && !pathname.startsWith('/developer')) return '/developer';
  return null;
}

/**
 * Applies the rule to the current page: replaces the history entry (no reload, no extra entry)
 * so the router starts on the target path. Returns the target, or null when nothing changed.
 */
export function applySubdomainRule(
  location: Pick<Location, 'hostname' | 'pathname'>,
  history: Pick<History, 'replaceState'>,
): string | null {
  const target = subdomainRedirect(location.hostname, location.pathname);
  if (target) history.replaceState(null, '', target);
  return target;
}
