/** `/admin` (admin.md 2 overview): the store's figures, recent activity and pending work. */
import { DashboardOverview } from '../../features/dashboard/components/dashboard-overview.tsx';
import { PageHeader } from './page-header.tsx';

export function DashboardRoute() {
  return (
    <>
      <PageHeader title="Dashboard" lead="Visão geral da loja: vendas, pedidos, produtos e clientes." />
      <DashboardOverview />
    </>
  );
}
