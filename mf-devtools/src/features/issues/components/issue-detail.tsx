/**
 * `/developer/erros/:id`: one issue — its status (resolve, ignore, reopen), counts,
 * users affected, versions seen, first and last seen — and its newest events, each with the page,
 * the browser, the version, the stack frames (mapped to the original file, line and source lines
 * when the release's source maps allow), the trace of the API request it came from (a waterfall
 * down to its SQL), the session's replay when one was sent (rrweb-player, with the breadcrumbs on
 * its timeline) and the breadcrumbs recorded before it.
 */
import { lazy, Suspense, useState } from 'react';
import type { ErrorEventDto, StackFrameDto } from '@prata/contracts';
import { Badge, Button, Card, EmptyState, SkeletonText, formatDateTime } from '@prata/shared-ui';
import { Link } from '@prata/shared-ui/router';
import { useIssue } from '../api/get-issue.ts';
import { useSetIssueStatus } from '../api/set-issue-status.ts';
import { useLiveIssues } from '../hooks/use-live-issues.ts';
import { LEVEL_LABEL, STATUS_LABEL, STATUS_VARIANT, plural } from './issue-labels.ts';
import styles from './issues.module.css';
import { TraceWaterfall } from './trace-waterfall.tsx';

// rrweb-player is a chunk of its own, fetched when a replay is opened.
const ReplayPlayer = lazy(() => import('./replay-player.tsx'));

const CATEGORY_LABEL = { navigation: 'Navegação', http: 'API', click: 'Clique', console: 'Console' } as const;

function Frame({ frame }: { frame: StackFrameDto }) {
  const where = `${frame.file}${frame.line === null ? '' : `:${frame.line}`}${frame.column === null ? '' : `:${frame.column}`}`;
  return (
    <li className={frame.inApp ? styles.frame : `${styles.frame} ${styles.frameVendor}`} data-testid="stack-frame">
      <code>
        {frame.function ? <strong>{frame.function}</strong> : null} {where}
      </code>
      {frame.mapped ? <Badge variant="success">código original</Badge> : null}
      {frame.context ? (
        <pre className={styles.source} aria-label={`Código de ${frame.file}`}>
          {frame.context.lines.map((line, index) => {
            const number = frame.context!.firstLine + index;
            return (
              <span key={number} className={number === frame.line ? styles.sourceHit : undefined}>
                {String(number).padStart(4, ' ')}  {line}
                {'\n'}
              </span>
            );
          })}
        </pre>
      ) : null}
    </li>
  );
}

function EventTrace({ traceId }: { traceId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-label="Trace">
      <Button size="sm" variant="outline" onClick={() => setOpen(!open)} aria-expanded={open}>
        {open ? 'Ocultar trace' : 'Ver trace da requisição'}
      </Button>
      {open ? <TraceWaterfall traceId={traceId} /> : null}
    </section>
  );
}

function EventReplay({ event }: { event: ErrorEventDto }) {
  // Opened at once when the page was reached from a shopper's report ('Ver gravação': #evento-<id>).
  const [open, setOpen] = useState(() => typeof window !== 'undefined' && window.location.hash === `#evento-${event.id}`);
  return (
    <section aria-label="Gravação da sessão">
      <Button size="sm" variant="outline" onClick={() => setOpen(!open)} aria-expanded={open}>
        {open ? 'Ocultar gravação' : 'Ver gravação da sessão'}
      </Button>
      {open ? (
        <Suspense fallback={<SkeletonText lines={4} />}>
          <ReplayPlayer eventId={event.id} breadcrumbs={event.breadcrumbs} />
        </Suspense>
      ) : null}
    </section>
  );
}

function EventEntry({ event }: { event: ErrorEventDto }) {
  return (
    <li className={styles.event} data-testid="issue-event" id={`evento-${event.id}`}>
      <p className={styles.eventMeta}>
        <time dateTime={event.occurredAt}>{formatDateTime(event.occurredAt)}</time>
        {event.version ? <span>versão {event.version}</span> : null}
        <span>{LEVEL_LABEL[event.level]}</span>
      </p>
      <p className={styles.message}>{event.message}</p>
      {event.pageUrl ? <p className={styles.muted}>Página: {event.pageUrl}</p> : null}
      {event.userAgent ? <p className={styles.muted}>Navegador: {event.userAgent}</p> : null}
      {event.frames.length > 0 ? (
        <section aria-label="Stack trace">
          <h3 className={styles.subTitle}>Stack trace</h3>
          <ol className={styles.frames}>
            {event.frames.map((frame, index) => (
              <Frame key={index} frame={frame} />
            ))}
          </ol>
        </section>
      ) : event.stack ? (
        <pre className={styles.source}>{event.stack}</pre>
      ) : null}
      {event.traceId ? <EventTrace traceId={event.traceId} /> : null}
      {event.hasReplay ? <EventReplay event={event} /> : null}
      {event.breadcrumbs.length > 0 ? (
        <section aria-label="Antes do erro">
          <h3 className={styles.subTitle}>Antes do erro</h3>
          <ol className={styles.crumbs} data-testid="breadcrumbs">
            {event.breadcrumbs.map((crumb, index) => (
              <li key={index}>
                <time dateTime={crumb.at}>{new Date(crumb.at).toLocaleTimeString('pt-BR')}</time> <Badge variant="neutral">{CATEGORY_LABEL[crumb.category]}</Badge> {crumb.message}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </li>
  );
}

export function IssueDetail({ id }: { id: string }) {
  useLiveIssues();
  const { data, isPending, isError } = useIssue(id);
  const setStatus = useSetIssueStatus();
  if (isPending) return <SkeletonText lines={8} />;
  if (isError) return <EmptyState title="Erro não encontrado" description="Ele pode ter sido apagado pela retenção." action={<Link to="/developer/erros">Voltar aos erros</Link>} />;
  const { issue, events } = data;
  const change = (status: 'unresolved' | 'resolved' | 'ignored') => setStatus.mutate({ id: issue.id, status });
  return (
    <>
      <Card title={`${issue.errorType}: ${issue.errorMessage}`} description={`${issue.remote ?? 'desconhecido'} · desde ${formatDateTime(issue.createdAt)}`}>
        <div className={styles.badges}>
          <Badge variant={STATUS_VARIANT[issue.status]}>{STATUS_LABEL[issue.status]}</Badge>
          {issue.regression ? <Badge variant="warning">Regressão</Badge> : null}
          <Badge variant="neutral">{LEVEL_LABEL[issue.level]}</Badge>
        </div>
        <dl className={styles.facts}>
          <div><dt>Eventos</dt><dd data-testid="issue-count">{issue.count.toLocaleString('pt-BR')}</dd></div>
          <div><dt>Usuários afetados</dt><dd>{issue.usersAffected.toLocaleString('pt-BR')}</dd></div>
          <div><dt>Visto por último</dt><dd><time dateTime={issue.lastSeenAt}>{formatDateTime(issue.lastSeenAt)}</time></dd></div>
          <div><dt>Versões</dt><dd>{issue.versions.length > 0 ? issue.versions.join(', ') : '—'}</dd></div>
        </dl>
        <div className={styles.actions}>
          {issue.status !== 'resolved' ? <Button onClick={() => change('resolved')} disabled={setStatus.isPending}>Resolver</Button> : null}
          {issue.status !== 'ignored' ? <Button variant="outline" onClick={() => change('ignored')} disabled={setStatus.isPending}>Ignorar</Button> : null}
          {issue.status !== 'unresolved' ? <Button variant="outline" onClick={() => change('unresolved')} disabled={setStatus.isPending}>Reabrir</Button> : null}
        </div>
      </Card>
      <Card title="Eventos recentes" description={plural(events.length, 'evento guardado', 'eventos guardados')}>
        <ol className={styles.events}>
          {events.map((event) => (
            <EventEntry key={event.id} event={event} />
          ))}
        </ol>
      </Card>
    </>
  );
}
