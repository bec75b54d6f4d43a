/**
 * Dead letters: domain-event handlers that failed every retry (handler, event, last
 * error, attempts, when), newest first; the operator fixes the cause and replays by hand.
 */
import { Inbox } from 'lucide-react';
import { Card, SkeletonText, Table, formatDateTime } from '@prata/shared-ui';
import { useDeadLetters } from '../api/get-dead-letters.ts';
import styles from './dashboard.module.css';

export function DeadLettersCard() {
  const letters = useDeadLetters();
  return (
    <Card title="Falhas definitivas" icon={<Inbox size={20} aria-hidden="true" />} description="Tarefas que falharam em todas as tentativas">
      {letters.isPending ? (
        <SkeletonText lines={3} />
      ) : letters.isError ? (
        <p className={styles.empty}>Não foi possível carregar as falhas definitivas.</p>
      ) : letters.data.length === 0 ? (
        <p className={styles.empty} data-testid="dead-letters-empty">
          Nenhuma falha definitiva.
        </p>
      ) : (
        <Table caption="Falhas definitivas" hideCaption variant="compact">
          <thead>
            <tr>
              <th scope="col">Tarefa</th>
              <th scope="col">Evento</th>
              <th scope="col">Último erro</th>
              <th scope="col">Tentativas</th>
              <th scope="col">Quando</th>
            </tr>
          </thead>
          <tbody>
            {letters.data.map((letter) => (
              <tr key={letter.id} data-testid="dead-letter">
                <th scope="row">{letter.handler}</th>
                <td>
                  {letter.eventType ?? '—'}
                  <div className={styles.small}>{letter.reference ?? ''}</div>
                </td>
                <td>{letter.error}</td>
                <td>{letter.attempts}</td>
                <td>{formatDateTime(letter.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}
