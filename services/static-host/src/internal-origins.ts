/**
 * Public origins reached by another origin from inside this process. In a container, the URLs the
 * store hands browsers (the API's `http://localhost:3000`, a remote's `http://localhost:3001`)
 * name the container itself; the shell's host still has to fetch the registry, the manifests and
 * the remotes' Node builds at those URLs, because the registry and the manifests carry them. Every
 * `fetch` of the process (the host's own, and those of the shell's Node build and its federation
 * runtime) goes through undici's global dispatcher, so one interceptor there sends a request for a
 * mapped origin to its internal twin, path and headers unchanged (the `Host` header becomes the
 * internal origin's, which the nginx units ignore).
 */
import { Agent, setGlobalDispatcher, type Dispatcher } from 'undici';

/**
 * A dispatcher that sends requests for each key of `origins` (`http://localhost:3001`) to its
 * value (`http://storefront:8080`), and every other request where it was going.
 */
export function internalOriginsDispatcher(origins: ReadonlyMap<string, string>): Dispatcher {
  return new Agent().compose((dispatch) => (options, handler) => {
    const origin = options.origin === undefined ? undefined : URL.parse(String(options.origin))?.origin;
    const internal = origin === undefined ? undefined : origins.get(origin);
    return dispatch(internal ? { ...options, origin: internal } : options, handler);
  });
}

/** Routes every `fetch` of this process through {@link internalOriginsDispatcher} (nothing to do for an empty map). */
export function routeOriginsInternally(origins: ReadonlyMap<string, string>): void {
  if (origins.size > 0) setGlobalDispatcher(internalOriginsDispatcher(origins));
}
