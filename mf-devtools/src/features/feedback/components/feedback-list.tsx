/**
 * The shoppers' reports ('Relatar um problema'): each with its text, when and where it was sent,
 * the e-mail left for an answer, the screenshot (loaded when asked for), the issues its visit hit
 * (links to their pages) and 'Ver gravação', the latest replay of that visit on its issue's page.
 * With `issueId`, only the reports sent from the sessions that hit that issue.
 */
import { useState, type CSSProperties } from 'react';
import type { FeedbackDto } from '@prata/contracts';
import { Badge, Button, Card, EmptyState, SkeletonText, formatDateTime } from '@prata/shared-ui';
import { Link } from '@prata/shared-ui/router';
import { useFeedback } from '../api/get-feedback.ts';
import { useFeedbackScreenshot } from '../api/get-feedback-screenshot.ts';

/**
 * Styles inline: every CSS file of this remote, however late its chunk loads, is linked by the
 * first load and counts against its CSS budget; these are used only on the pages that show reports.
 */
const border = '1px solid var(--p9-color-border)';
const muted: CSSProperties = { margin: 0, color: 'var(--p9-color-muted)', fontSize: 'var(--p9-text-sm)', overflowWrap: 'anywhere' };
const styles = {
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 'var(--p9-space-2)' },
  entry: { border, borderRadius: 'var(--p9-radius-md, 8px)', padding: 'var(--p9-space-3)', display: 'grid', gap: 'var(--p9-space-2)' },
  meta: { ...muted, display: 'flex', flexWrap: 'wrap', gap: 'var(--p9-space-2)', alignItems: 'center' },
  description: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  muted,
  issues: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 'var(--p9-space-1)', fontSize: 'var(--p9-text-sm)', overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: 'var(--p9-space-2)', alignItems: 'center' },
  screenshot: { maxWidth: '100%', height: 'auto', border, borderRadius: 6 },
} satisfies Record<string, CSSProperties>;

function Screenshot({ id }: { id: string }) {
  const { data, isPending, isError } = useFeedbackScreenshot(id);
  if (isPending) return <SkeletonText lines={3} />;
  if (isError) return <p style={styles.muted}>Não foi possível carregar a captura de tela.</p>;
  return <img style={styles.screenshot} src={data.dataUrl} alt="Captura de tela enviada pelo cliente" />;
}

function FeedbackEntry({ item }: { item: FeedbackDto }) {
  const [showShot, setShowShot] = useState(false);
  return (
    <li style={styles.entry} data-testid="feedback-entry">
      <p style={styles.meta}>
        <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
        {item.remote ? <Badge variant="neutral">{item.remote}</Badge> : null}
        {item.email ? <a href={`mailto:${item.email}`}>{item.email}</a> : <span>sem e-mail</span>}
      </p>
      <p style={styles.description}>{item.description}</p>
      {item.pageUrl ? <p style={styles.muted}>Página: {item.pageUrl}</p> : null}
      {item.issues.length > 0 ? (
        <ul style={styles.issues} aria-label="Erros desta visita">
          {item.issues.map((issue) => (
            <li key={issue.id}>
              <Link to={`/developer/erros/${issue.id}`}>
                {issue.errorType}: {issue.errorMessage}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p style={styles.muted}>Nenhum erro registrado nesta visita.</p>
      )}
      <div style={styles.actions}>
        {item.replay ? <Link to={`/developer/erros/${item.replay.issueId}#evento-${item.replay.eventId}`}>Ver gravação</Link> : null}
        {item.hasScreenshot ? (
          <Button size="sm" variant="outline" onClick={() => setShowShot(!showShot)} aria-expanded={showShot}>
            {showShot ? 'Ocultar captura de tela' : 'Ver captura de tela'}
          </Button>
        ) : null}
      </div>
      {showShot ? <Screenshot id={item.id} /> : null}
    </li>
  );
}

export function FeedbackList({ issueId }: { issueId?: string }) {
  const { data, isPending, isError } = useFeedback(issueId);
  const title = issueId ? 'Relatos dos clientes' : 'Relatos';
  if (isPending) return <Card title={title}><SkeletonText lines={4} /></Card>;
  if (isError) return <Card title={title}><p style={styles.muted}>Não foi possível carregar os relatos.</p></Card>;
  return (
    <Card title={title} description={issueId ? "Enviados em 'Relatar um problema' nas visitas que tiveram este erro." : "O que os clientes enviaram em 'Relatar um problema', mais recentes primeiro."}>
      {data.items.length === 0 ? (
        <EmptyState title="Nenhum relato" description={issueId ? 'Ninguém que teve este erro relatou um problema.' : 'Os relatos enviados pelo rodapé da loja aparecem aqui.'} />
      ) : (
        <ol style={styles.list}>
          {data.items.map((item) => (
            <FeedbackEntry key={item.id} item={item} />
          ))}
        </ol>
      )}
    </Card>
  );
}
