/**
 * Routes the current location to the remote that owns it (registry `routes`, react-router
 * patterns ranked by react-router itself) and mounts that remote's App inside an error boundary
 * and a suspense boundary. No owner -> the not-found page.
 */
import { lazy, Suspense, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router-dom';
import type { RemoteRegistry } from '@prata/contracts';
import { NotFoundPage, Spinner } from '@prata/shared-ui';
import { loadRemoteApp } from './load-remote-app.ts';
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

const lazyApps = new Map<string, LazyExoticComponent<ComponentType>>();

function lazyApp(name: string, attempt: number): LazyExoticComponent<ComponentType> {
  const key = `${name}#${attempt}`;
  let app = lazyApps.get(key);
  if (!app) {
    app = lazy(() => loadRemoteApp(name));
    lazyApps.set(key, app);
  }
  return app;
}

function RemoteMount({ name }: { name: string }) {
  const [attempt, setAttempt] = useState(0);
  const App = useMemo(() => lazyApp(name, attempt), [name, attempt]);
  return (
    <RemoteErrorBoundary remote={name} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense
        fallback={
          <div className={styles.loading}>
            <Spinner />
          </div>
        }
      >
        {/* App comes from a module-level cache keyed by remote and attempt: its identity is
            stable across renders, so React keeps the remote's state. */}
        {/* eslint-disable-next-line react-hooks/static-components */}
        <App />
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
