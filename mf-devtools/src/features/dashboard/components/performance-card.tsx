/**
 * Performance card (admin.md 2, 9): success rate = round((1 - unresolved / total) x 100), 100%
 * with no error; resolved errors as x / y with a bar; 'Sistema Estável' with no active error,
 * else 'Requer Atenção'.
 */
import { Gauge } from 'lucide-react';
import { successRate } from '@prata/contracts';
import { Badge, Card } from '@prata/shared-ui';
import { useDeveloperStats } from '../api/get-developer-stats.ts';
import styles from './dashboard.module.css';

export function PerformanceCard() {
  const { data } = useDeveloperStats();
  const total = data?.totalErrors ?? 0;
  const active = data?.activeErrors ?? 0;
  const rate = successRate(active, total);
  const resolved = total - active;
  return (
    <Card title="Performance" icon={<Gauge size={20} aria-hidden="true" />}>
      <dl className={styles.rows}>
        <div className={styles.row}>
          <dt>Taxa de Sucesso</dt>
          <dd data-testid="success-rate">{data ? `${rate}%` : '...'}</dd>
        </div>
        <div className={styles.bar} aria-hidden="true">
          <div className={styles.barFill} style={{ width: `${rate}%` }} />
        </div>
        <div className={styles.row}>
          <dt>Erros Resolvidos</dt>
          <dd data-testid="resolved-ratio">{data ? `${resolved} / ${total}` : '...'}</dd>
        </div>
        <div className={styles.bar} aria-hidden="true">
          <div className={styles.barFill} style={{ width: `${total === 0 ? 100 : Math.round((resolved / total) * 100)}%` }} />
        </div>
      </dl>
      <p className={styles.status}>{data ? active === 0 ? <Badge variant="success">Sistema Estável</Badge> : <Badge variant="danger">Requer Atenção</Badge> : null}</p>
    </Card>
  );
}
