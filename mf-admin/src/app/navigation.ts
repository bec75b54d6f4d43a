/** The admin area's sections (admin.md 2 "Admin layout"): sidebar entries and breadcrumb labels. */
export interface AdminSection {
  path: string;
  label: string;
}

export const SIDEBAR_SECTIONS: readonly AdminSection[] = [
  { path: '/admin', label: 'Dashboard' },
  { path: '/admin/products', label: 'Produtos' },
  { path: '/admin/orders', label: 'Pedidos' },
  { path: '/admin/sales', label: 'Vendas' },
  { path: '/admin/users', label: 'Usuários' },
  { path: '/admin/content', label: 'Conteúdo' },
  { path: '/admin/social', label: 'Redes Sociais' },
  { path: '/admin/security', label: 'Segurança' },
  { path: '/admin/profile', label: 'Perfil' },
  { path: '/admin/logs', label: 'Atividades' },
  { path: '/admin/qa', label: 'Quality Assurance' },
];

const OTHER_SECTIONS: readonly AdminSection[] = [{ path: '/admin/setup-developer', label: 'Configurar Desenvolvedor' }];

/** Label of the section `pathname` is in, or null for an unknown admin path. */
export function sectionLabel(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  return [...SIDEBAR_SECTIONS, ...OTHER_SECTIONS].find((section) => section.path === path || (section.path === '/admin/orders' && path.startsWith('/admin/orders/')))?.label ?? null;
}
