/**
 * The chrome around every route, chosen per route by the remote that owns it (RemoteModule
 * contract, shared-ui): `store` is the store's header, back button (not on home), main and
 * footer; `panel` is a bare full-screen frame in which the remote draws its own panel layout
 * (admin and developer areas, admin.md 2). Paths nobody owns, a missing registry and a remote that
 * cannot be loaded get the store chrome (with the not-found page or the fallback inside).
 *
 * No flash of the wrong chrome: the layout waits (React `use`) for the owning remote's module
 * before it renders. On a navigation (a transition in react-router) React keeps the current page
 * on screen meanwhile; on the first load a blank frame with a spinner holds the place. A page the
 * server rendered needs no wait: its chrome is the one the server chose, until the
 * remote's module has loaded in the browser.
 */
import { Suspense, use, useSyncExternalStore } from 'react';
import { Outlet, useLocation } from '@prata/shared-ui/router';
import { Spinner, routeLayout, type RouteLayout } from '@prata/shared-ui';
import { NavigationTransition } from '@prata/shared-ui/state';
import { BackButton } from '../features/chrome/back-button.tsx';
import { Footer } from '../features/chrome/footer.tsx';
import { ConsentBanner } from '../features/consent/consent-banner.tsx';
import { Header } from '../features/chrome/header.tsx';
import { SearchBar } from '../features/navigation/search-bar.tsx';
import { useScrollToTopOnNavigation } from '../features/navigation/scroll-to-top.ts';
import { useComposition } from '../features/remotes/composition.tsx';
import { ownerOf } from '../features/remotes/remote-outlet.tsx';
import { useRemoteAttempt } from '../features/remotes/remote-modules.ts';
import { forgetClientId } from '../features/remotes/client-id.ts';
import styles from '../features/chrome/chrome.module.css';

function useRouteLayout(): RouteLayout {
  const { registry, registryError, modules, page } = useComposition();
  const { pathname } = useLocation();
  const owner = registryError ? null : ownerOf(registry, pathname);
  const attempt = useRemoteAttempt(owner ?? '');
  const loaded = useSyncExternalStore(
    modules.subscribe,
    () => (owner ? modules.loaded(owner, attempt) : null),
    () => (owner ? modules.loaded(owner, attempt) : null),
  );
  if (!owner) return 'store';
  if (loaded !== undefined) return loaded ? routeLayout(loaded, pathname) : 'store';
  if (page && page.pathname === pathname && page.remote === owner) return page.layout;
  const module = use(modules.settled(owner, attempt));
  return module ? routeLayout(module, pathname) : 'store';
}

function StoreFrame() {
  const { pathname } = useLocation();
  return (
    <div className={styles.page}>
      <a href="#conteudo" className="p9-skip-link">
        Pular para o conteúdo
      </a>
      <NavigationTransition />
      <Header renderSearch={(close) => <SearchBar onDone={close} />} />
      <main id="conteudo" className={styles.main} tabIndex={-1}>
        {pathname !== '/' ? <BackButton /> : null}
        <Outlet />
      </main>
      <Footer />
      {/* The canary's client id is stored only with analytics consent (client-id.ts). */}
      <ConsentBanner onChoice={(choice) => !choice.analytics && forgetClientId()} />
    </div>
  );
}

/** The panel remote renders its own landmarks (`main#conteudo` included). */
function PanelFrame() {
  return (
    <div className={styles.panelFrame} data-testid="panel-frame">
      <a href="#conteudo" className="p9-skip-link">
        Pular para o conteúdo
      </a>
      <NavigationTransition />
      <Outlet />
    </div>
  );
}

function Frame() {
  useScrollToTopOnNavigation();
  return useRouteLayout() === 'panel' ? <PanelFrame /> : <StoreFrame />;
}

export function Layout() {
  return (
    <Suspense
      fallback={
        <div className={styles.pendingFrame} data-testid="pending-frame">
          <Spinner />
        </div>
      }
    >
      <Frame />
    </Suspense>
  );
}
