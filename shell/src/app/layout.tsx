/** Page chrome around every route: header, back button (not on home), main, footer. */
import { Outlet, useLocation } from 'react-router-dom';
import { NavigationTransition } from '@prata/shared-ui';
import { BackButton } from '../features/chrome/back-button.tsx';
import { Footer } from '../features/chrome/footer.tsx';
import { Header } from '../features/chrome/header.tsx';
import { SearchBar } from '../features/navigation/search-bar.tsx';
import styles from '../features/chrome/chrome.module.css';

export function Layout() {
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
    </div>
  );
}
