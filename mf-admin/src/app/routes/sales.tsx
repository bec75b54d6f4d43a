/** `/admin/sales` (admin.md 2 sales report). */
import { SalesReport } from '../../features/sales/components/sales-report.tsx';
import { PageHeader } from './page-header.tsx';

export function SalesRoute() {
  return (
    <>
      <PageHeader title="Vendas" lead="Relatório de vendas a partir dos pedidos pagos, enviados e entregues." />
      <SalesReport />
    </>
  );
}
