/** Page chrome around every route: header, back button (not on home), main, footer. */
import { Outlet, useLocation } from 'react-router-dom';
import { BackButton } from '../features/chrome/back-button.tsx';
import { Footer } from '../features/chrome/footer.tsx';
import { Header } from '../features/chrome/header.tsx';
import styles from '../features/chrome/chrome.module.css';

export function Layout() {
  const { pathname } = useLocation();
  return (
    <div className={styles.page}>
      <Header />
      <main id="conteudo" className={styles.main}>
        {pathname !== '/' ? <BackButton /> : null}
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
