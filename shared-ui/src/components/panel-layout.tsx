/**
 * The full-screen layout of the admin and developer panels (admin.md 2 "Admin layout"):
 * a sidebar with the area's sections, a top bar with a breadcrumb, optional global search and
 * notification slots, 'Ver Loja' (to /) and the sign-out button showing the user's e-mail and
 * role label ('Administrador' / 'Desenvolvedor'), and the page in `main#conteudo` inside its own
 * error boundary (a tab's render error stays in that tab). No store
 * header, footer or back button: the shell frames panel routes bare (RemoteModule `layout: 'panel'`).
 *
 * Below 960 px the sidebar moves into a left `Sheet` opened by 'Abrir menu' (focus trapped,
 * Escape closes, a chosen link closes it). Sign-out: `usePanelSignOut` (to /; 'Erro ao sair').
 * `PanelScreen` is the bare centred screen of the panels' login, checking and denied pages.
 */
import { LogOut, Menu, Store, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from '@prata/shared-ui/router';
import { usePanelSignOut } from '../lib/use-panel-sign-out.ts';
import { TransitionNavLink, useSessionStore } from '@prata/shared-ui/state';
import { Button, buttonClassName } from './button.tsx';
import { PanelRouteErrorBoundary } from './page-error-boundary.tsx';
import { Sheet } from './dialog.tsx';
import { Breadcrumb, type BreadcrumbItem } from './navigation.tsx';
import styles from './panel-layout.module.css';

export interface PanelSection {
  path: string;
  label: string;
  icon: LucideIcon;
}

export interface PanelLayoutProps {
  /** Area name shown above the menu, e.g. 'Painel Administrativo'. */
  title: string;
  icon: LucideIcon;
  /** Accessible name of the section menu, e.g. 'Painel administrativo'. */
  navLabel: string;
  sections: readonly PanelSection[];
  breadcrumb: readonly BreadcrumbItem[];
  /** 'Administrador' or 'Desenvolvedor' under the e-mail on the sign-out button. */
  roleLabel: string;
  /** Query keys of server data dropped on sign-out. */
  signOutQueryKeys: readonly (readonly unknown[])[];
  /** `data-testid` of the sign-out button. */
  signOutTestId: string;
  /** Global search (top bar). */
  search?: ReactNode;
  /** Notification bell (top bar, before 'Ver Loja'). */
  notifications?: ReactNode;
  children: ReactNode;
}

function SectionMenu({ label, sections, onNavigate }: { label: string; sections: readonly PanelSection[]; onNavigate?: () => void }) {
  const root = sections[0]?.path;
  return (
    <nav aria-label={label}>
      <ul className={styles.menu}>
        {sections.map(({ path, label: text, icon: Icon }) => (
          <li key={path}>
            <TransitionNavLink
              to={path}
              end={path === root}
              onClick={onNavigate}
              className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
            >
              <Icon size={18} aria-hidden="true" />
              {text}
            </TransitionNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function PanelLayout({ title, icon: Icon, navLabel, sections, breadcrumb, roleLabel, signOutQueryKeys, signOutTestId, search, notifications, children }: PanelLayoutProps) {
  const email = useSessionStore((state) => state.user?.email ?? '');
  const { leave, leaving } = usePanelSignOut(signOutQueryKeys);
  const [menuOpen, setMenuOpen] = useState(false);
  const brand = (
    <>
      <Icon size={18} aria-hidden="true" /> {title}
    </>
  );

  return (
    <div className={styles.panel} data-testid="panel-layout">
      <aside className={styles.sidebar}>
        <p className={styles.brand}>{brand}</p>
        <SectionMenu label={navLabel} sections={sections} />
      </aside>
      <Sheet open={menuOpen} onOpenChange={setMenuOpen} side="left" title={title} closeLabel="Fechar menu" id="panel-menu">
        <SectionMenu label={navLabel} sections={sections} onNavigate={() => setMenuOpen(false)} />
      </Sheet>
      <div className={styles.column}>
        <header className={styles.topbar}>
          <Button variant="ghost" size="icon" className={styles.menuButton} onClick={() => setMenuOpen(true)} aria-label="Abrir menu" aria-expanded={menuOpen} aria-controls="panel-menu">
            <Menu size={20} aria-hidden="true" />
          </Button>
          <Breadcrumb items={breadcrumb} className={styles.breadcrumb} />
          {search ? <div className={styles.search}>{search}</div> : null}
          <div className={styles.actions}>
            {notifications}
            <Link to="/" className={buttonClassName('outline', 'sm')}>
              <Store size={16} aria-hidden="true" /> Ver Loja
            </Link>
            <Button variant="outline" size="sm" className={styles.signOut} onClick={() => void leave()} disabled={leaving} data-testid={signOutTestId}>
              <span className={styles.who}>
                <span className={styles.email}>{email}</span>
                <span className={styles.role}>{roleLabel}</span>
              </span>
              <span className={styles.signOutLabel}>
                <LogOut size={16} aria-hidden="true" /> {leaving ? 'Saindo...' : 'Sair'}
              </span>
            </Button>
          </div>
        </header>
        <main id="conteudo" className={styles.main} tabIndex={-1}>
          <PanelRouteErrorBoundary source={navLabel} homePath={sections[0]?.path ?? '/'}>
            {children}
          </PanelRouteErrorBoundary>
        </main>
      </div>
    </div>
  );
}

/** A bare, centred panel screen (login, access check, access denied) holding `main#conteudo`. */
export function PanelScreen({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <main id="conteudo" className={styles.screen} tabIndex={-1} data-testid={testId}>
      {children}
    </main>
  );
}
