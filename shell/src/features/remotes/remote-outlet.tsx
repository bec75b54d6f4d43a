/**
 * Routes the current location to the remote that owns it (registry `routes`, react-router
 * patterns ranked by react-router itself) and mounts that remote's App (from its RemoteModule)
 * inside an error boundary and a suspense boundary. No owner -> the not-found page.
 *
 * The suspense boundary is the remote's slot: on the server it streams the remote's
 * page, or, when the remote must render in the browser (its module is refused there, see
 * composition.tsx), the spinner, and React then renders that slot in the browser; in the browser a
 * server-rendered slot keeps its markup until the remote's code has loaded, then hydrates.
 */
import { Suspense, use, useEffect, type ReactNode } from 'react';
import { matchRoutes, useLocation, type RouteObject } from '@prata/shared-ui/router';
import type { RemoteRegistry } from '@prata/contracts/platform';
import { NotFoundPage, Spinner } from '@prata/shared-ui';
import { useComposition } from './composition.tsx';
import { becomeInteractive } from './early-clicks.ts';
import { retryRemote, useRemoteAttempt } from './remote-modules.ts';
import { RemoteErrorBoundary, RemoteUnavailable } from './remote-error-boundary.tsx';
import styles from './remotes.module.css';

/** Which remote owns `pathname`, or null. */
export function ownerOf(registry: RemoteRegistry, pathname: string): string | null {
  return routeOwner(registry, pathname)?.name ?? null;
}

type RouteOwner = { name: string; route: string } | null;

/**
 * Answers already given per registry (a registry is one object, never changed, for every question
 * of a render and of the renders after it while it holds): matching compiles every pattern's
 * regular expression anew, and a server render asks five times for the same path (about a fifth of
 * a catalogue page's render). At most {@link OWNER_MEMO_SIZE} paths per registry are kept.
 */
const answered = new WeakMap<RemoteRegistry, Map<string, RouteOwner>>();
export const OWNER_MEMO_SIZE = 256;

/** The remote that owns `pathname` and the registry route pattern it matched (e.g. `/produtos/*`), or null. */
export function routeOwner(registry: RemoteRegistry, pathname: string): RouteOwner {
  let known = answered.get(registry);
  if (!known) answered.set(registry, (known = new Map()));
  const memo = known.get(pathname);
  if (memo !== undefined) return memo;
  const owner = matchOwner(registry, pathname);
  if (known.size >= OWNER_MEMO_SIZE) known.clear();
  known.set(pathname, owner);
  return owner;
}

function matchOwner(registry: RemoteRegistry, pathname: string): RouteOwner {
  const owners = new Map<RouteObject, string>();
  const routes = registry.flatMap((remote) =>
    remote.routes.map((path) => {
      const route: RouteObject = { path };
      owners.set(route, remote.name);
      return route;
    }),
  );
  const matches = matchRoutes(routes, pathname);
  const last = matches?.at(-1);
  const name = last ? owners.get(last.route) : undefined;
  return last && name ? { name, route: last.route.path ?? pathname } : null;
}

/**
 * Marks the document once the remote's page has rendered or hydrated in the browser
 * (`<html data-remote-ready="<name>">`, which tests and the benchmarks wait for) and makes the page
 * interactive (the clicks held until then are replayed: early-clicks.ts).
 */
function RemoteReady({ name }: { name: string }) {
  useEffect(() => {
    document.documentElement.dataset.remoteReady = name;
    becomeInteractive();
    return () => {
      if (document.documentElement.dataset.remoteReady === name) delete document.documentElement.dataset.remoteReady;
    };
  }, [name]);
  return null;
}

function RemoteApp({ name, attempt }: { name: string; attempt: number }) {
  const { modules } = useComposition();
  // Already loaded by the layout in most cases: `use` then returns it without suspending.
  const { App } = use(modules.module(name, attempt));
  return (
    <>
      <App />
      <RemoteReady name={name} />
    </>
  );
}

function RemoteMount({ name }: { name: string }) {
  const attempt = useRemoteAttempt(name);
  return (
    <RemoteErrorBoundary key={attempt} remote={name} onRetry={() => retryRemote(name)}>
      <Suspense
        fallback={
          <div className={styles.loading}>
            {/* Shown, not only announced: a phone waiting seconds for a panel's code sees that it is coming. */}
            <Spinner showLabel />
          </div>
        }
      >
        <RemoteApp name={name} attempt={attempt} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/** A page without a remote to wait for is interactive once it has rendered. */
function NoRemote({ children }: { children: ReactNode }) {
  useEffect(() => becomeInteractive(), []);
  return children;
}

export function RemoteOutlet() {
  const { registry, registryError } = useComposition();
  const { pathname } = useLocation();
  if (registryError) {
    return (
      <NoRemote>
        <RemoteUnavailable onRetry={() => window.location.reload()} />
      </NoRemote>
    );
  }
  const owner = ownerOf(registry, pathname);
  if (!owner) {
    return (
      <NoRemote>
        <NotFoundPage />
      </NoRemote>
    );
  }
  return <RemoteMount key={owner} name={owner} />;
}
