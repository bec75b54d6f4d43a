/** `/admin/logs` (admin.md 2): the newest activity rows; filters and CSV export come later. */
import { Activity } from 'lucide-react';
import { ActivityLogList } from '../../features/logs/components/activity-log-list.tsx';
import { PageHeader } from './page-header.tsx';
import { Card } from '@prata/shared-ui';

export function LogsRoute() {
  return (
    <>
      <PageHeader title="Atividades" lead="As 100 ações mais recentes registradas no sistema." />
      <Card title="Registro de Atividades" icon={<Activity size={20} aria-hidden="true" />}>
        <ActivityLogList />
      </Card>
    </>
  );
}
