/** Shell root: providers (query client, toasts) and the router. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { RemoteRegistry } from '@prata/contracts';
import { Toaster, useSessionStore } from '@prata/shared-ui';
import { Layout } from './layout.tsx';
import { RemoteOutlet } from '../features/remotes/remote-outlet.tsx';
import { RouteErrorScreen } from './route-error.tsx';

export function App({ registry, registryError }: { registry: RemoteRegistry; registryError: Error | null }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } }),
  );
  const [router] = useState(() =>
    createBrowserRouter([
      {
        element: <Layout />,
        errorElement: <RouteErrorScreen />,
        children: [{ path: '*', element: <RemoteOutlet registry={registry} registryError={registryError} /> }],
      },
    ]),
  );
  useEffect(() => {
    // Accounts arrive with the service's auth module; until then every visitor is anonymous.
    useSessionStore.getState().setSession({ user: null, isAdmin: false, isDeveloper: false });
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
}
