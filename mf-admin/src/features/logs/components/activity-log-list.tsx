/**
 * The activity log (admin.md 2 "Activity logs", 3, 8, 9): period (1, 7 (default), 30,
 * 90 days or all) and action (all, login, product, 2fa, profile) filters, a free-text search over
 * the action and the details (sent 300 ms after typing stops), a summary of every matching row,
 * at most 100 rows (date/time, action, details, IP), and 'Exportar CSV' ('Logs Exportados').
 * Load failure: 'Não foi possível carregar os logs de atividade.'
 */
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useDebounce } from 'use-debounce';
import { LOG_ACTION_FILTER_LABELS, LOG_PERIODS, LOG_PERIOD_LABELS, type LogActionFilter, type LogPeriod } from '@prata/contracts';
import { Badge, Button, Input, Select, Skeleton, Table, formatDateTime, toast } from '@prata/shared-ui';
import { actionLabel, describeDetails } from '../../../lib/activity-labels.ts';
import { useAdminLogs } from '../api/get-admin-logs.ts';
import { csvFileName, downloadCsv, logsToCsv } from '../utils/logs-csv.ts';
import { LoadFailure } from '../../../components/load-failure.tsx';
import styles from './logs.module.css';

const LOAD_FAILURE = 'Não foi possível carregar os logs de atividade.';
const PERIOD_OPTIONS = LOG_PERIODS.map((value) => ({ value, label: LOG_PERIOD_LABELS[value] }));
const ACTION_OPTIONS = (Object.keys(LOG_ACTION_FILTER_LABELS) as LogActionFilter[]).map((value) => ({ value, label: LOG_ACTION_FILTER_LABELS[value] }));

export function ActivityLogList() {
  const [period, setPeriod] = useState<LogPeriod>('7');
  const [action, setAction] = useState<LogActionFilter>('all');
  const [text, setText] = useState('');
  const [search] = useDebounce(text.trim(), 300);
  const { data, isPending, isError, refetch, isFetching } = useAdminLogs({ period, action, search });

  const exportCsv = () => {
    if (!data) return;
    downloadCsv(logsToCsv(data.rows), csvFileName());
    toast.success('Logs Exportados', { description: `${data.rows.length} registros exportados em CSV.` });
  };

  return (
    <div className={styles.wrapper}>
      <div className={styles.filters}>
        <label className="p9-visually-hidden" htmlFor="logs-period">
          Período
        </label>
        <Select id="logs-period" value={period} onChange={(event) => setPeriod(event.target.value as LogPeriod)} options={PERIOD_OPTIONS} />
        <label className="p9-visually-hidden" htmlFor="logs-action">
          Tipo de ação
        </label>
        <Select id="logs-action" value={action} onChange={(event) => setAction(event.target.value as LogActionFilter)} options={ACTION_OPTIONS} />
        <label className="p9-visually-hidden" htmlFor="logs-search">
          Buscar nas atividades
        </label>
        <Input id="logs-search" type="search" placeholder="Buscar ação ou detalhes..." value={text} onChange={(event) => setText(event.target.value)} />
        <Button variant="outline" onClick={exportCsv} disabled={!data || data.rows.length === 0}>
          <Download size={16} aria-hidden="true" /> Exportar CSV
        </Button>
      </div>

      {isPending ? (
        <div role="status" aria-busy="true" className={styles.loading}>
          <span className="p9-visually-hidden">Carregando atividades...</span>
          {[0, 1, 2, 3, 4, 5].map((row) => (
            <Skeleton key={row} height={36} />
          ))}
        </div>
      ) : isError ? (
        <LoadFailure message={LOAD_FAILURE} toastTitle="Erro" toastDescription={LOAD_FAILURE} onRetry={() => void refetch()} />
      ) : (
        <>
          <ul className={styles.summary} aria-label="Resumo" data-testid="logs-summary">
            <li>
              <strong>{data.summary.total}</strong> atividades
            </li>
            <li>
              <strong>{data.summary.byFilter.login}</strong> de login
            </li>
            <li>
              <strong>{data.summary.byFilter.product}</strong> de produtos
            </li>
            <li>
              <strong>{data.summary.byFilter['2fa']}</strong> de 2FA
            </li>
            <li>
              <strong>{data.summary.byFilter.profile}</strong> de perfil
            </li>
            <li>
              <Badge variant={data.summary.failedLogins > 0 ? 'warning' : 'neutral'}>{data.summary.failedLogins} falhas de login</Badge>
            </li>
            <li>
              <strong>{data.summary.addresses}</strong> endereços IP
            </li>
          </ul>
          {data.rows.length === 0 ? (
            <p className={styles.muted}>Nenhuma atividade encontrada.</p>
          ) : (
            <>
              {data.summary.total > data.rows.length ? <p className={styles.muted}>Mostrando as {data.rows.length} mais recentes.</p> : null}
              <Table caption="Atividades" hideCaption aria-busy={isFetching} data-testid="activity-log">
                <thead>
                  <tr>
                    <th scope="col">Data/Hora</th>
                    <th scope="col">Ação</th>
                    <th scope="col">Detalhes</th>
                    <th scope="col">IP</th>
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((row) => (
                    <tr key={row.id}>
                      <td>
                        <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
                      </td>
                      <td>{actionLabel(row.action)}</td>
                      <td className={styles.details}>{describeDetails(row.details) || '—'}</td>
                      <td>{row.ipAddress ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </>
          )}
        </>
      )}
    </div>
  );
}
