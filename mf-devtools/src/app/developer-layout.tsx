/**
 * Layout of the developer area (admin.md 2: under /developer the sidebar has Dashboard,
 * plus Erros, the grouped error list, Relatos, the shoppers' reports, Saúde, the release health, and Monitores, the scheduled jobs): the
 * shared-ui panel layout, full-screen like the admin panel, with 'Ver Loja' and the sign-out
 * button showing the user's e-mail and 'Desenvolvedor'.
 */
import { Activity, Bug, LayoutDashboard, MessageSquareWarning, Radar, Terminal } from 'lucide-react';
import { Outlet, useLocation } from '@prata/shared-ui/router';
import { PanelLayout } from '@prata/shared-ui';

/** Server data the panel drops on sign-out. */
const PANEL_QUERY_KEYS = [['developer']] as const;

const SECTIONS = [
  { path: '/developer', label: 'Dashboard', icon: LayoutDashboard },
  { path: '/developer/erros', label: 'Erros', icon: Bug },
  { path: '/developer/relatos', label: 'Relatos', icon: MessageSquareWarning },
  { path: '/developer/saude', label: 'Saúde', icon: Activity },
  { path: '/developer/monitores', label: 'Monitores', icon: Radar },
] as const;

export function DeveloperLayout() {
  const { pathname } = useLocation();
  const current = SECTIONS.slice(1).find((section) => pathname.startsWith(section.path))?.label ?? 'Dashboard';
  return (
    <PanelLayout
      title="Área do Desenvolvedor"
      icon={Terminal}
      navLabel="Área do desenvolvedor"
      sections={SECTIONS}
      breadcrumb={[{ label: 'Desenvolvedor', to: '/developer' }, { label: current }]}
      roleLabel="Desenvolvedor"
      signOutQueryKeys={PANEL_QUERY_KEYS}
      signOutTestId="developer-sign-out"
    >
      <Outlet />
    </PanelLayout>
  );
}
