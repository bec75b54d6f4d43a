/** `/admin` (admin.md 2 overview): the store's figures, recent activity and pending work, and what recovery of carts and unpaid orders brought. */
import { DashboardOverview } from '../../features/dashboard/components/dashboard-overview.tsx';
import { RecoveryCard } from '../../features/dashboard/components/recovery-card.tsx';
import { PageHeader } from './page-header.tsx';

export function DashboardRoute() {
  return (
    <>
      <PageHeader title="Dashboard" lead="Visão geral da loja: vendas, pedidos, produtos e clientes." />
      <DashboardOverview />
      <RecoveryCard />
    </>
  );
}
