/**
 * The admin area's layout (admin.md 2 "Admin layout"): the shared-ui panel layout with
 * the sections of `navigation.ts`, a breadcrumb, the global search, the notification bell's place,
 * 'Ver Loja' and the sign-out button ('Desenvolvedor' or 'Administrador' under the e-mail).
 */
import { LayoutDashboard, Shield } from 'lucide-react';
import { Outlet, useLocation } from '@prata/shared-ui/router';
import { PanelLayout, useSessionStore } from '@prata/shared-ui';
import { NotificationBell } from '../features/notifications/components/notification-bell.tsx';
import { GlobalSearch } from '../features/search/components/global-search.tsx';
import { useLiveAdminData } from '../lib/live-updates.ts';
import { SIDEBAR_SECTIONS, sectionLabel } from './navigation.ts';

/** Server data the panel drops on sign-out. */
const PANEL_QUERY_KEYS = [['admin'], ['me']] as const;

const SECTIONS = SIDEBAR_SECTIONS.map((section) => ({ ...section, icon: section.icon ?? LayoutDashboard }));

export function AdminLayout() {
  const isDeveloper = useSessionStore((state) => state.isDeveloper);
  const { pathname } = useLocation();
  useLiveAdminData();
  return (
    <PanelLayout
      title="Painel Administrativo"
      icon={Shield}
      navLabel="Painel administrativo"
      sections={SECTIONS}
      breadcrumb={[{ label: 'Painel', to: '/admin' }, { label: sectionLabel(pathname) ?? 'Página não encontrada' }]}
      roleLabel={isDeveloper ? 'Desenvolvedor' : 'Administrador'}
      signOutQueryKeys={PANEL_QUERY_KEYS}
      signOutTestId="admin-sign-out"
      search={<GlobalSearch />}
      notifications={<NotificationBell />}
    >
      <Outlet />
    </PanelLayout>
  );
}
