/** Shell root: providers (query client, toasts) and the router. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { RemoteRegistry } from '@prata/contracts';
import { Toaster, restoreSession, toast } from '@prata/shared-ui';
import { Layout } from './layout.tsx';
import { RemoteOutlet } from '../features/remotes/remote-outlet.tsx';
import { NewVersionNotice } from '../features/remotes/new-version-notice.tsx';
import { PreviewBanner } from '../features/remotes/preview-banner.tsx';
import { RouteErrorScreen } from './route-error.tsx';

export function App({ registry, registryError }: { registry: RemoteRegistry; registryError: Error | null }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } }),
  );
  const [router] = useState(() =>
    createBrowserRouter([
      {
        element: <Layout registry={registry} registryError={registryError} />,
        errorElement: <RouteErrorScreen />,
        children: [{ path: '*', element: <RemoteOutlet registry={registry} registryError={registryError} /> }],
      },
    ]),
  );
  useEffect(() => {
    // First session check: the refresh cookie restores the session across reloads.
    void restoreSession().then((outcome) => {
      if (outcome === 'profile_missing') {
        toast.error('Conta não encontrada', {
          description: 'Para continuar, crie uma nova conta ou faça login com uma conta registrada.',
          duration: 6000,
        });
      }
    });
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <PreviewBanner registry={registry} />
      <RouterProvider router={router} />
      <Toaster />
      {registryError ? null : <NewVersionNotice router={router} />}
    </QueryClientProvider>
  );
}
