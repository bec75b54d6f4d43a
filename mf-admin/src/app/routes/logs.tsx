/** `/admin/logs` (admin.md 2 activity logs): filters, summary, the newest 100 rows, CSV export. */
import { Activity } from 'lucide-react';
import { Card } from '@prata/shared-ui';
import { ActivityLogList } from '../../features/logs/components/activity-log-list.tsx';
import { PageHeader } from './page-header.tsx';

export function LogsRoute() {
  return (
    <>
      <PageHeader title="Atividades" lead="Ações registradas no sistema: logins, produtos, 2FA e perfil." />
      <Card title="Registro de Atividades" icon={<Activity size={20} aria-hidden="true" />}>
        <ActivityLogList />
      </Card>
    </>
  );
}
