/**
 * 'Tarefas agendadas': every periodic job of the service with its interval, last run (when,
 * how long, outcome, the failure's message), next expected run and 'Atrasada' when it has not run
 * for more than two intervals plus the grace. Late and failing jobs come first. Refreshed every 30 s.
 */
import { CalendarClock } from 'lucide-react';
import type { JobMonitor } from '@prata/contracts';
import { Badge, Card, SkeletonText, Table, formatDateTime } from '@prata/shared-ui';
import { useJobMonitors } from '../api/get-job-monitors.ts';
import styles from './monitors.module.css';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** An interval in pt-BR words: '15 s', '5 min', '1 h', '1 h 30 min'. */
export function formatInterval(ms: number): string {
  if (ms < MINUTE) return `${Math.round(ms / SECOND)} s`;
  if (ms < HOUR) return `${Math.round(ms / MINUTE)} min`;
  const hours = Math.floor(ms / HOUR);
  const minutes = Math.round((ms % HOUR) / MINUTE);
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}

/** A run's duration: ms below a second, else seconds with one decimal (pt-BR). */
export function formatDuration(ms: number): string {
  return ms < SECOND ? `${ms} ms` : `${(ms / SECOND).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} s`;
}

/** 0 late, 1 last run failed, 2 the rest: the order the panel lists them in (then by name). */
function rank(job: JobMonitor): number {
  if (job.late) return 0;
  return job.lastRun?.outcome === 'failed' ? 1 : 2;
}

/** The jobs in the panel's order: late first, then failing, then the rest, each by name. */
export function sortJobs(jobs: readonly JobMonitor[]): JobMonitor[] {
  return [...jobs].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

function Status({ job }: { job: JobMonitor }) {
  if (job.late) return <Badge variant="danger">Atrasada</Badge>;
  if (!job.lastRun) return <Badge variant="neutral">Aguardando</Badge>;
  return job.lastRun.outcome === 'ok' ? <Badge variant="success">OK</Badge> : <Badge variant="warning">Falhou</Badge>;
}

export function JobMonitorsCard() {
  const monitors = useJobMonitors();
  return (
    <Card
      title="Tarefas agendadas"
      icon={<CalendarClock size={20} aria-hidden="true" />}
      description="Última execução de cada tarefa periódica do serviço; 'Atrasada' quando ficou mais de dois intervalos sem rodar"
    >
      {monitors.isPending ? (
        <SkeletonText lines={4} />
      ) : monitors.isError ? (
        <p className={styles.muted}>Não foi possível carregar as tarefas agendadas.</p>
      ) : (
        <Table caption="Tarefas agendadas" hideCaption variant="compact" data-testid="job-monitors">
          <thead>
            <tr>
              <th scope="col">Tarefa</th>
              <th scope="col">Intervalo</th>
              <th scope="col">Última execução</th>
              <th scope="col">Duração</th>
              <th scope="col">Situação</th>
              <th scope="col">Próxima prevista</th>
            </tr>
          </thead>
          <tbody>
            {sortJobs(monitors.data.jobs).map((job) => (
              <tr key={job.name} data-testid="job-monitor">
                <th scope="row">
                  <code>{job.name}</code>
                </th>
                <td>{formatInterval(job.everyMs)}</td>
                <td>
                  {job.lastRun ? formatDateTime(job.lastRun.startedAt) : 'Nunca executada'}
                  {job.lastRun?.error ? <div className={styles.error}>{job.lastRun.error}</div> : null}
                  {job.lastFailure && job.lastRun?.outcome === 'ok' ? <div className={styles.small}>Última falha: {formatDateTime(job.lastFailure.startedAt)}</div> : null}
                </td>
                <td>{job.lastRun ? formatDuration(job.lastRun.durationMs) : '—'}</td>
                <td>
                  <Status job={job} />
                </td>
                <td>{formatDateTime(job.nextRunAt)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}
