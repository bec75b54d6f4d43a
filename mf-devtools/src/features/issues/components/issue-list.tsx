/**
 * `/developer/erros`: the issues of every remote, grouped by fingerprint, with count,
 * users affected, first and last seen, versions and status; filtered by status, remote, version,
 * level, period and free text, ordered by last seen, events or users, a page at a time. The
 * filters live in the URL; the list stays live over the `system-errors` channel.
 */
import { ERROR_LEVELS, ERROR_PERIODS, ERROR_SORTS, REMOTE_NAMES } from '@prata/contracts';
import { Badge, Card, EmptyState, Input, Pagination, Select, SkeletonText, Table, formatDateTime } from '@prata/shared-ui';
import { Link } from '@prata/shared-ui/router';
import { useIssues } from '../api/get-issues.ts';
import { useIssueFilters } from '../hooks/use-issue-filters.ts';
import { useLiveIssues } from '../hooks/use-live-issues.ts';
import { LEVEL_LABEL, PERIOD_LABEL, SORT_LABEL, STATUS_LABEL, STATUS_VARIANT, plural } from './issue-labels.ts';
import styles from './issues.module.css';

const REMOTES = [...REMOTE_NAMES, 'shell', 'api'] as const;

export function IssueList() {
  useLiveIssues();
  const [query, update] = useIssueFilters();
  const { data, isPending, isError } = useIssues(query);
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Card title="Erros agrupados" description={data ? plural(data.total, 'erro encontrado', 'erros encontrados') : 'Carregando...'}>
      <form className={styles.filters} role="search" aria-label="Filtrar erros" onSubmit={(event) => event.preventDefault()}>
        <label className={styles.filter}>
          <span>Buscar</span>
          <Input type="search" defaultValue={query.q ?? ''} placeholder="Tipo, mensagem ou página" onChange={(event) => update({ q: event.target.value })} />
        </label>
        <label className={styles.filter}>
          <span>Status</span>
          <Select value={query.status ?? ''} onChange={(event) => update({ status: event.target.value })}>
            <option value="">Todos</option>
            {Object.entries(STATUS_LABEL).map(([value, label]) => (
              <option key={value} value={value}>{label}</option>
            ))}
          </Select>
        </label>
        <label className={styles.filter}>
          <span>Remote</span>
          <Select value={query.remote ?? ''} onChange={(event) => update({ remote: event.target.value })}>
            <option value="">Todos</option>
            {REMOTES.map((remote) => (
              <option key={remote} value={remote}>{remote}</option>
            ))}
          </Select>
        </label>
        <label className={styles.filter}>
          <span>Versão</span>
          <Input defaultValue={query.version ?? ''} placeholder="ex.: 0.1.0-3e738475" onChange={(event) => update({ version: event.target.value.trim() })} />
        </label>
        <label className={styles.filter}>
          <span>Nível</span>
          <Select value={query.level ?? ''} onChange={(event) => update({ level: event.target.value })}>
            <option value="">Todos</option>
            {ERROR_LEVELS.map((level) => (
              <option key={level} value={level}>{LEVEL_LABEL[level]}</option>
            ))}
          </Select>
        </label>
        <label className={styles.filter}>
          <span>Período</span>
          <Select value={query.period ?? ''} onChange={(event) => update({ period: event.target.value })}>
            <option value="">Todo o período</option>
            {(Object.keys(ERROR_PERIODS) as (keyof typeof ERROR_PERIODS)[]).map((period) => (
              <option key={period} value={period}>{PERIOD_LABEL[period]}</option>
            ))}
          </Select>
        </label>
        <label className={styles.filter}>
          <span>Ordenar por</span>
          <Select value={query.sort} onChange={(event) => update({ sort: event.target.value })}>
            {ERROR_SORTS.map((sort) => (
              <option key={sort} value={sort}>{SORT_LABEL[sort]}</option>
            ))}
          </Select>
        </label>
      </form>
      {isPending ? (
        <SkeletonText lines={6} />
      ) : isError ? (
        <p className={styles.muted}>Não foi possível carregar os erros.</p>
      ) : data.items.length === 0 ? (
        <EmptyState title="Nenhum erro encontrado" description="Nenhum erro corresponde aos filtros escolhidos." />
      ) : (
        <Table caption="Erros agrupados por causa" hideCaption data-testid="issue-list">
          <thead>
            <tr>
              <th scope="col">Erro</th>
              <th scope="col">Eventos</th>
              <th scope="col">Usuários</th>
              <th scope="col">Visto por último</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((issue) => (
              <tr key={issue.id} data-testid="issue-row">
                <td>
                  <Link to={`/developer/erros/${issue.id}`} className={styles.issueTitle}>
                    {issue.errorType}: {issue.errorMessage}
                  </Link>
                  <span className={styles.muted}>
                    {issue.remote ?? 'desconhecido'}
                    {issue.versions.length > 0 ? ` · ${plural(issue.versions.length, 'versão', 'versões')} (última ${issue.version ?? '—'})` : ''} · desde {formatDateTime(issue.createdAt)}
                  </span>
                </td>
                <td>{issue.count.toLocaleString('pt-BR')}</td>
                <td>{issue.usersAffected.toLocaleString('pt-BR')}</td>
                <td>
                  <time dateTime={issue.lastSeenAt}>{formatDateTime(issue.lastSeenAt)}</time>
                </td>
                <td className={styles.badges}>
                  <Badge variant={STATUS_VARIANT[issue.status]}>{STATUS_LABEL[issue.status]}</Badge>
                  {issue.regression ? <Badge variant="warning">Regressão</Badge> : null}
                  {issue.level === 'warning' ? <Badge variant="neutral">Aviso</Badge> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pagination page={query.page} pageCount={pageCount} onPageChange={(page) => update({ page })} label="Páginas de erros" />
    </Card>
  );
}
