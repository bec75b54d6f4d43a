/** `/admin/sales` (admin.md 2 sales report), with the PIX discount, the recovery settings, the catalogue feeds' URLs and the analytics settings below the report. */
import { AnalyticsSettingsForm } from '../../features/analytics/components/analytics-settings-form.tsx';
import { CatalogueFeedsPanel } from '../../features/catalogue-feeds/components/catalogue-feeds-panel.tsx';
import { RecoverySettingsForm } from '../../features/sales/components/recovery-settings-form.tsx';
import { SalesReport } from '../../features/sales/components/sales-report.tsx';
import { PageHeader } from './page-header.tsx';

export function SalesRoute() {
  return (
    <>
      <PageHeader title="Vendas" lead="Relatório de vendas a partir dos pedidos pagos, enviados e entregues." />
      <SalesReport />
      <RecoverySettingsForm />
      <CatalogueFeedsPanel />
      <AnalyticsSettingsForm />
    </>
  );
}
