/**
 * Shell root, the same on the server and in the browser: providers (query client, the
 * composition, toasts, the 'Relatar um problema' dialog), the shell's error boundary and its routes (every path: the layout around
 * the owning remote's outlet). The router is outside: `BrowserRouter` in the browser
 * (bootstrap.tsx), react-router's `StaticRouter` on the server (server/render-page.tsx).
 *
 * After the first render (in the browser only) it restores the session from the refresh cookie
 * and reads the cart and favourites from local storage: a server-rendered page is the same for
 * every visitor, so the browser's first render, which hydrates it, is too.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Route, Routes } from '@prata/shared-ui/router';
import { PageErrorBoundary } from '@prata/shared-ui';
import { Toaster, restoreSession, restoreStoredState, startCartSync, toast } from '@prata/shared-ui/state';
import { Layout } from './layout.tsx';
import { CompositionProvider, type Composition } from '../features/remotes/composition.tsx';
import { RemoteOutlet } from '../features/remotes/remote-outlet.tsx';
import { NewVersionNotice } from '../features/remotes/new-version-notice.tsx';
import { PreviewBanner } from '../features/remotes/preview-banner.tsx';
import { ReportProblemHost } from '../features/feedback/report-problem-host.tsx';

export interface AppProps {
  queryClient: QueryClient;
  /** Stable for the page's life (one object). */
  composition: Composition;
}

/** Default query options of the shell's query client (server and browser alike). */
export const QUERY_DEFAULTS = { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } as const;

export function App({ queryClient, composition }: AppProps) {
  useEffect(() => {
    void restoreStoredState();
    // A signed-in shopper's cart is merged with the server's and saved there (cart reminders, other devices).
    const stopCartSync = startCartSync();
    // First session check: the refresh cookie restores the session across reloads.
    void restoreSession().then((outcome) => {
      if (outcome === 'profile_missing') {
        toast.error('Conta não encontrada', {
          description: 'Para continuar, crie uma nova conta ou faça login com uma conta registrada.',
          duration: 6000,
        });
      }
    });
    return stopCartSync;
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <CompositionProvider value={composition}>
        <PreviewBanner registry={composition.registry} />
        <PageErrorBoundary source="shell">
          <Routes>
            <Route element={<Layout />}>
              <Route path="*" element={<RemoteOutlet />} />
            </Route>
          </Routes>
        </PageErrorBoundary>
        <Toaster />
        <ReportProblemHost />
        {composition.registryError ? null : <NewVersionNotice />}
      </CompositionProvider>
    </QueryClientProvider>
  );
}
