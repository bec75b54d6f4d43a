/**
 * The admin area's layout (admin.md 2 "Admin layout"): sidebar with the ten sections, a
 * breadcrumb, 'Ver Loja' (to /) and the sign-out button showing the user's e-mail and
 * 'Desenvolvedor' or 'Administrador'. Sign-out goes to /; failure 'Erro ao sair' /
 * 'Erro interno do sistema'.
 */
import {
  Activity,
  BarChart3,
  ClipboardCheck,
  FileText,
  LayoutDashboard,
  LogOut,
  Package,
  Share2,
  Shield,
  Store,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Breadcrumb, Button, TransitionNavLink, useSessionStore, usePanelSignOut } from '@prata/shared-ui';
import { NotificationBell } from '../features/notifications/components/notification-bell.tsx';
import { SIDEBAR_SECTIONS, sectionLabel } from './navigation.ts';
import styles from './admin-layout.module.css';

const ICONS: Record<string, LucideIcon> = {
  '/admin': LayoutDashboard,
  '/admin/products': Package,
  '/admin/sales': BarChart3,
  '/admin/users': Users,
  '/admin/content': FileText,
  '/admin/social': Share2,
  '/admin/security': Shield,
  '/admin/profile': UserRound,
  '/admin/logs': Activity,
  '/admin/qa': ClipboardCheck,
};

/** Server data the panel drops on sign-out. */
const PANEL_QUERY_KEYS = [['admin'], ['me']] as const;

export function AdminLayout() {
  const email = useSessionStore((state) => state.user?.email ?? '');
  const isDeveloper = useSessionStore((state) => state.isDeveloper);
  const { pathname } = useLocation();
  const current = sectionLabel(pathname);
  const navigate = useNavigate();
  const { leave, leaving } = usePanelSignOut(PANEL_QUERY_KEYS);

  return (
    <div className={styles.layout}>
      <aside className={styles.sidebar}>
        <p className={styles.brand}>
          <Shield size={18} aria-hidden="true" /> Painel Administrativo
        </p>
        <nav aria-label="Painel administrativo">
          <ul className={styles.menu}>
            {SIDEBAR_SECTIONS.map(({ path, label }) => {
              const Icon = ICONS[path] ?? LayoutDashboard;
              return (
                <li key={path}>
                  <TransitionNavLink to={path} end={path === '/admin'} className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}>
                    <Icon size={18} aria-hidden="true" />
                    {label}
                  </TransitionNavLink>
                </li>
              );
            })}
          </ul>
        </nav>
      </aside>
      <div className={styles.content}>
        <div className={styles.topbar}>
          <Breadcrumb items={[{ label: 'Painel', to: '/admin' }, { label: current ?? 'Página não encontrada' }]} />
          <div className={styles.actions}>
            <NotificationBell />
            <Button variant="outline" size="sm" onClick={() => void navigate('/')}>
              <Store size={16} aria-hidden="true" /> Ver Loja
            </Button>
            <Button variant="outline" size="sm" className={styles.signOut} onClick={() => void leave()} disabled={leaving} data-testid="admin-sign-out">
              <span className={styles.who}>
                <span className={styles.email}>{email}</span>
                <span className={styles.role}>{isDeveloper ? 'Desenvolvedor' : 'Administrador'}</span>
              </span>
              <span className={styles.signOutLabel}>
                <LogOut size={16} aria-hidden="true" /> {leaving ? 'Saindo...' : 'Sair'}
              </span>
            </Button>
          </div>
        </div>
        <div className={styles.page}>
          <Outlet />
        </div>
      </div>
    </div>
  );
}
