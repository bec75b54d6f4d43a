/**
 * The shoppers' reports ('Relatar um problema'): each with its text, when and where it was sent,
 * the e-mail left for an answer, the screenshot (loaded when asked for), the issues its visit hit
 * (links to their pages) and 'Ver gravação', the latest replay of that visit on its issue's page.
 * With `issueId`, only the reports sent from the sessions that hit that issue.
 */
import { useState } from 'react';
import type { FeedbackDto } from '@prata/contracts';
import { Badge, Button, Card, EmptyState, SkeletonText, formatDateTime } from '@prata/shared-ui';
import { Link } from '@prata/shared-ui/router';
import { useFeedback } from '../api/get-feedback.ts';
import { useFeedbackScreenshot } from '../api/get-feedback-screenshot.ts';
import styles from './feedback.module.css';

function Screenshot({ id }: { id: string }) {
  const { data, isPending, isError } = useFeedbackScreenshot(id);
  if (isPending) return <SkeletonText lines={3} />;
  if (isError) return <p className={styles.muted}>Não foi possível carregar a captura de tela.</p>;
  return <img className={styles.screenshot} src={data.dataUrl} alt="Captura de tela enviada pelo cliente" />;
}

function FeedbackEntry({ item }: { item: FeedbackDto }) {
  const [showShot, setShowShot] = useState(false);
  return (
    <li className={styles.entry} data-testid="feedback-entry">
      <p className={styles.meta}>
        <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
        {item.remote ? <Badge variant="neutral">{item.remote}</Badge> : null}
        {item.email ? <a href={`mailto:${item.email}`}>{item.email}</a> : <span>sem e-mail</span>}
      </p>
      <p className={styles.description}>{item.description}</p>
      {item.pageUrl ? <p className={styles.muted}>Página: {item.pageUrl}</p> : null}
      {item.issues.length > 0 ? (
        <ul className={styles.issues} aria-label="Erros desta visita">
          {item.issues.map((issue) => (
            <li key={issue.id}>
              <Link to={`/developer/erros/${issue.id}`}>
                {issue.errorType}: {issue.errorMessage}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>Nenhum erro registrado nesta visita.</p>
      )}
      <div className={styles.actions}>
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
  if (isError) return <Card title={title}><p className={styles.muted}>Não foi possível carregar os relatos.</p></Card>;
  return (
    <Card title={title} description={issueId ? "Enviados em 'Relatar um problema' nas visitas que tiveram este erro." : "O que os clientes enviaram em 'Relatar um problema', mais recentes primeiro."}>
      {data.items.length === 0 ? (
        <EmptyState title="Nenhum relato" description={issueId ? 'Ninguém que teve este erro relatou um problema.' : 'Os relatos enviados pelo rodapé da loja aparecem aqui.'} />
      ) : (
        <ol className={styles.list}>
          {data.items.map((item) => (
            <FeedbackEntry key={item.id} item={item} />
          ))}
        </ol>
      )}
    </Card>
  );
}
