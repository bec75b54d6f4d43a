/**
 * 'Disponibilidade': each target the uptime job checks (the store's pages, the catalogue API,
 * each remote's manifest) with its uptime share and p95 latency over the last 24 hours, its last
 * check, and its newest failures when it had any. Refreshed every minute.
 */
import { Globe } from 'lucide-react';
import type { UptimeTarget } from '@prata/contracts';
import { Badge, Card, SkeletonText, Table, formatDateTime } from '@prata/shared-ui';
import { useUptime } from '../api/get-uptime.ts';
import styles from './monitors.module.css';

/** What each target is, in pt-BR; a remote's manifest is named after the remote. */
export function targetLabel(target: string): string {
  const fixed: Record<string, string> = { 'store-home': 'Loja: página inicial', 'store-products': 'Loja: produtos', 'catalogue-api': 'API do catálogo' };
  return fixed[target] ?? (target.startsWith('remote-') ? `Remote ${target.slice('remote-'.length)} (manifesto)` : target);
}

/** An uptime share as shown: up to two decimals, '—' without checks. */
export function formatUptime(percent: number | null): string {
  return percent === null ? '—' : `${percent.toLocaleString('pt-BR', { maximumFractionDigits: 2 })} %`;
}

function LastCheck({ target }: { target: UptimeTarget }) {
  const check = target.lastCheck;
  if (!check) return <Badge variant="neutral">Aguardando</Badge>;
  return (
    <>
      {check.outcome === 'up' ? <Badge variant="success">No ar</Badge> : <Badge variant="danger">Fora do ar</Badge>}
      <div className={styles.small}>
        {formatDateTime(check.checkedAt)} · {check.latencyMs} ms{check.status === null ? '' : ` · HTTP ${check.status}`}
      </div>
    </>
  );
}

export function UptimeCard() {
  const uptime = useUptime();
  return (
    <Card title="Disponibilidade" icon={<Globe size={20} aria-hidden="true" />} description="Verificações sintéticas da loja, da API do catálogo e dos remotes nas últimas 24 horas">
      {uptime.isPending ? (
        <SkeletonText lines={4} />
      ) : uptime.isError ? (
        <p className={styles.muted}>Não foi possível carregar a disponibilidade.</p>
      ) : (
        <>
          {uptime.data.intervalMs === 0 ? <p className={styles.muted}>As verificações estão desligadas (UPTIME_CHECK_INTERVAL_MS=0).</p> : null}
          <Table caption="Disponibilidade" hideCaption variant="compact" data-testid="uptime-targets">
            <thead>
              <tr>
                <th scope="col">Alvo</th>
                <th scope="col">Disponibilidade (24 h)</th>
                <th scope="col">Latência p95</th>
                <th scope="col">Última verificação</th>
                <th scope="col">Últimas falhas</th>
              </tr>
            </thead>
            <tbody>
              {uptime.data.targets.map((target) => (
                <tr key={target.target} data-testid="uptime-target">
                  <th scope="row">
                    {targetLabel(target.target)}
                    <div className={styles.small}>{target.url}</div>
                  </th>
                  <td>
                    {formatUptime(target.uptimePercent)}
                    <div className={styles.small}>{target.checks} verificações</div>
                  </td>
                  <td>{target.p95LatencyMs === null ? '—' : `${target.p95LatencyMs} ms`}</td>
                  <td>
                    <LastCheck target={target} />
                  </td>
                  <td>
                    {target.lastFailures.length === 0 ? (
                      <span className={styles.small}>Nenhuma</span>
                    ) : (
                      <ul className={styles.failures}>
                        {target.lastFailures.map((failure) => (
                          <li key={failure.checkedAt}>
                            {formatDateTime(failure.checkedAt)}: <span className={styles.error}>{failure.error}</span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
    </Card>
  );
}
