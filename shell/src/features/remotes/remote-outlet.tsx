/**
 * Routes the current location to the remote that owns it (registry `routes`, react-router
 * patterns ranked by react-router itself) and mounts that remote's App (from its RemoteModule)
 * inside an error boundary and a suspense boundary. No owner -> the not-found page.
 */
import { Suspense, use } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router-dom';
import type { RemoteRegistry } from '@prata/contracts';
import { NotFoundPage, Spinner } from '@prata/shared-ui';
import { remoteModule, retryRemote, useRemoteAttempt } from './remote-modules.ts';
import { RemoteErrorBoundary, RemoteUnavailable } from './remote-error-boundary.tsx';
import styles from './remotes.module.css';

/** Which remote owns `pathname`, or null. */
export function ownerOf(registry: RemoteRegistry, pathname: string): string | null {
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
  return last ? (owners.get(last.route) ?? null) : null;
}

function RemoteApp({ name, attempt }: { name: string; attempt: number }) {
  // Already loaded by the layout in most cases: `use` then returns it without suspending.
  const { App } = use(remoteModule(name, attempt));
  return <App />;
}

function RemoteMount({ name }: { name: string }) {
  const attempt = useRemoteAttempt(name);
  return (
    <RemoteErrorBoundary key={attempt} remote={name} onRetry={() => retryRemote(name)}>
      <Suspense
        fallback={
          <div className={styles.loading}>
            <Spinner />
          </div>
        }
      >
        <RemoteApp name={name} attempt={attempt} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

export function RemoteOutlet({ registry, registryError }: { registry: RemoteRegistry; registryError: Error | null }) {
  const { pathname } = useLocation();
  if (registryError) return <RemoteUnavailable onRetry={() => window.location.reload()} />;
  const owner = ownerOf(registry, pathname);
  if (!owner) return <NotFoundPage />;
  return <RemoteMount key={owner} name={owner} />;
}
