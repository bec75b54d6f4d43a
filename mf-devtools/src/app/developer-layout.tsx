/**
 * Layout of the developer area (admin.md 2: under /developer the sidebar has only Dashboard): the
 * shared-ui panel layout, full-screen like the admin panel, with 'Ver Loja' and the sign-out
 * button showing the user's e-mail and 'Desenvolvedor'.
 */
import { LayoutDashboard, Terminal } from 'lucide-react';
import { Outlet } from '@prata/shared-ui/router';
import { PanelLayout } from '@prata/shared-ui';

/** Server data the panel drops on sign-out. */
const PANEL_QUERY_KEYS = [['developer']] as const;

const SECTIONS = [{ path: '/developer', label: 'Dashboard', icon: LayoutDashboard }] as const;

export function DeveloperLayout() {
  return (
    <PanelLayout
      title="Área do Desenvolvedor"
      icon={Terminal}
      navLabel="Área do desenvolvedor"
      sections={SECTIONS}
      breadcrumb={[{ label: 'Desenvolvedor', to: '/developer' }, { label: 'Dashboard' }]}
      roleLabel="Desenvolvedor"
      signOutQueryKeys={PANEL_QUERY_KEYS}
      signOutTestId="developer-sign-out"
    >
      <Outlet />
    </PanelLayout>
  );
}
