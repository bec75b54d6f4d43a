/**
 * Layout of the developer area (admin.md 2: under /developer the sidebar has only Dashboard):
 * the sidebar, 'Ver Loja' and the sign-out button with the user's e-mail and 'Desenvolvedor'.
 * Sign-out goes to /; failure 'Erro ao sair' / 'Erro interno do sistema'.
 */
import { LayoutDashboard, LogOut, Store, Terminal } from 'lucide-react';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { Button, useSessionStore, usePanelSignOut } from '@prata/shared-ui';
import styles from './developer-layout.module.css';

/** Server data the panel drops on sign-out. */
const PANEL_QUERY_KEYS = [['developer']] as const;

export function DeveloperLayout() {
  const email = useSessionStore((state) => state.user?.email ?? '');
  const navigate = useNavigate();
  const { leave, leaving } = usePanelSignOut(PANEL_QUERY_KEYS);

  return (
    <div className={styles.layout}>
      <aside className={styles.sidebar}>
        <p className={styles.brand}>
          <Terminal size={18} aria-hidden="true" /> Área do Desenvolvedor
        </p>
        <nav aria-label="Área do desenvolvedor">
          <ul className={styles.menu}>
            <li>
              <NavLink to="/developer" end className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}>
                <LayoutDashboard size={18} aria-hidden="true" /> Dashboard
              </NavLink>
            </li>
          </ul>
        </nav>
      </aside>
      <div className={styles.content}>
        <div className={styles.topbar}>
          <Button variant="outline" size="sm" onClick={() => void navigate('/')}>
            <Store size={16} aria-hidden="true" /> Ver Loja
          </Button>
          <Button variant="outline" size="sm" className={styles.signOut} onClick={() => void leave()} disabled={leaving} data-testid="developer-sign-out">
            <span className={styles.who}>
              <span className={styles.email}>{email}</span>
              <span className={styles.role}>Desenvolvedor</span>
            </span>
            <span className={styles.signOutLabel}>
              <LogOut size={16} aria-hidden="true" /> {leaving ? 'Saindo...' : 'Sair'}
            </span>
          </Button>
        </div>
        <div className={styles.page}>
          <Outlet />
        </div>
      </div>
    </div>
  );
}
