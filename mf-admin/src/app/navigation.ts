/**
 * The admin area's sections (admin.md 2 "Admin layout"): sidebar entries, in order, and the
 * breadcrumb labels. To add a tab, add one line here (the icon is optional) and its route in
 * app.tsx.
 */
import {
  Activity,
  BarChart3,
  ClipboardCheck,
  FileText,
  LayoutDashboard,
  Package,
  Share2,
  ShoppingBag,
  TicketPercent,
  Truck,
  Shield,
  Star,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface AdminSection {
  path: string;
  label: string;
  icon?: LucideIcon;
}

export const SIDEBAR_SECTIONS: readonly AdminSection[] = [
  { path: '/admin', label: 'Dashboard', icon: LayoutDashboard },
  { path: '/admin/products', label: 'Produtos', icon: Package },
  { path: '/admin/orders', label: 'Pedidos', icon: ShoppingBag },
  { path: '/admin/sales', label: 'Vendas', icon: BarChart3 },
  { path: '/admin/shipping', label: 'Frete', icon: Truck },
  { path: '/admin/coupons', label: 'Cupons', icon: TicketPercent },
  { path: '/admin/reviews', label: 'Avaliações', icon: Star },
  { path: '/admin/users', label: 'Usuários', icon: Users },
  { path: '/admin/content', label: 'Conteúdo', icon: FileText },
  { path: '/admin/social', label: 'Redes Sociais', icon: Share2 },
  { path: '/admin/security', label: 'Segurança', icon: Shield },
  { path: '/admin/profile', label: 'Perfil', icon: UserRound },
  { path: '/admin/logs', label: 'Atividades', icon: Activity },
  { path: '/admin/qa', label: 'Quality Assurance', icon: ClipboardCheck },
];

const OTHER_SECTIONS: readonly AdminSection[] = [{ path: '/admin/setup-developer', label: 'Configurar Desenvolvedor' }];

/** Label of the section `pathname` is in, or null for an unknown admin path. */
export function sectionLabel(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  return [...SIDEBAR_SECTIONS, ...OTHER_SECTIONS].find((section) => section.path === path || (section.path === '/admin/orders' && path.startsWith('/admin/orders/')))?.label ?? null;
}
