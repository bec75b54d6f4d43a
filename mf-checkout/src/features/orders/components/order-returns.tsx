/**
 * 'Devolução ou troca' on a delivered order's page (`/minha-conta/pedidos/:id`; CDC
 * art. 49): the end of the 7-day withdrawal right, the order's requests with their status and
 * amounts (an exchanged line with the option sent instead: '1× Anel Solitário (Aro 18 → Aro 16)'),
 * and 'Devolver ou trocar', which opens the form (return-form.tsx, loaded on demand).
 */
import { Suspense, lazy, useState } from 'react';
import { RETURN_KIND_LABELS, RETURN_STATUS_LABELS, returnLineText, type Order, type OrderReturns } from '@prata/contracts';
import { Button, Card, SkeletonText, formatBRL, formatDateTime } from '@prata/shared-ui';
import { useCreateReturn } from '../api/create-return.ts';
import { useOrderReturns } from '../api/get-order-returns.ts';
import styles from './orders.module.css';

const ReturnForm = lazy(() => import('./return-form.tsx'));

/** An order's return and exchange requests, with their status and the amount given back (nothing when there is none). */
export function ReturnRequestsList({ requests }: { requests: OrderReturns['requests'] }) {
  if (requests.length === 0) return null;
  return (
    <ul className={styles.lines}>
      {requests.map((request) => (
        <li key={request.id} className={styles.line} data-testid="return-request" data-status={request.status}>
          <span>
            {RETURN_KIND_LABELS[request.kind]} de {request.lines.map(returnLineText).join(', ')}
            {request.note ? ` · ${request.note}` : ''}
          </span>
          <strong>
            {RETURN_STATUS_LABELS[request.status]}
            {request.refundedCents ? ` · ${formatBRL(request.refundedCents)}` : request.creditedCents ? ` · ${formatBRL(request.creditedCents)}` : ''}
          </strong>
        </li>
      ))}
    </ul>
  );
}

/** The order's returns card (delivered orders only). */
export function OrderReturnsCard({ order }: { order: Order }) {
  const returns = useOrderReturns(order.id);
  const create = useCreateReturn(order.id);
  const [asking, setAsking] = useState(false);
  if (!returns.data) return null;
  const { withdrawalUntil, open, requests } = returns.data;
  return (
    <Card title="Devolução ou troca" className={styles.card} testId="order-returns">
      {withdrawalUntil ? <p className={styles.muted}>Direito de arrependimento (7 dias): até {formatDateTime(withdrawalUntil)}. Depois disso, a loja analisa cada pedido.</p> : null}
      <ReturnRequestsList requests={requests} />
      {open && asking ? (
        <Suspense fallback={<SkeletonText lines={3} />}>
          <ReturnForm returns={returns.data} create={create} onDone={() => setAsking(false)} />
        </Suspense>
      ) : null}
      {open && !asking ? (
        <div className={styles.actions}>
          <Button variant="outline" onClick={() => setAsking(true)}>
            Devolver ou trocar
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
