/**
 * Database status card (admin.md 2): real record counts for products, orders and system errors,
 * and 'Realtime Ativo' only while this tab's socket is connected.
 */
import { Database } from 'lucide-react';
import { Badge, Card } from '@prata/shared-ui';
import { useRealtimeStatus } from '@prata/shared-ui/state';
import { useDeveloperStats } from '../api/get-developer-stats.ts';
import styles from './dashboard.module.css';

export function DatabaseStatus() {
  const { data } = useDeveloperStats();
  const realtime = useRealtimeStatus();
  const count = (value: number | undefined) => (value === undefined ? '...' : value);
  return (
    <Card title="Status do Banco de Dados" icon={<Database size={20} aria-hidden="true" />}>
      <dl className={styles.rows}>
        <div className={styles.row}>
          <dt>Produtos</dt>
          <dd>{count(data?.totalProducts)}</dd>
        </div>
        <div className={styles.row}>
          <dt>Pedidos</dt>
          <dd>{count(data?.totalOrders)}</dd>
        </div>
        <div className={styles.row}>
          <dt>Erros do Sistema</dt>
          <dd>{count(data?.totalErrors)}</dd>
        </div>
      </dl>
      <p className={styles.status} data-testid="realtime-status">
        {realtime === 'open' ? <Badge variant="success">Realtime Ativo</Badge> : <Badge variant="warning">{realtime === 'connecting' ? 'Realtime Conectando' : 'Realtime Desconectado'}</Badge>}
      </p>
    </Card>
  );
}
