/**
 * 'Avaliações' on a delivered order's page (`/minha-conta/pedidos/:id`): each piece of the order
 * with 'Avaliar' while it may be reviewed (the service decides: the order delivered, one review per
 * line), or its review's state ('Aguardando aprovação', 'Publicada', 'Não publicada' with the
 * store's reason) and the store's reply. 'Avaliar' opens the form of that piece (review-form.tsx,
 * loaded on demand).
 */
import { Suspense, lazy, useState } from 'react';
import type { Order, OrderReviews, ReviewStatus } from '@prata/contracts';
import { Button, Card, SkeletonText, Stars } from '@prata/shared-ui';
import { useOrderReviews } from '../api/get-order-reviews.ts';
import styles from './orders.module.css';

const ReviewForm = lazy(() => import('./review-form.tsx'));

type ReviewLine = OrderReviews['lines'][number];

/** What the shopper sees of a review of theirs. */
const STATUS_TEXTS = { pending: 'Aguardando aprovação', approved: 'Publicada', rejected: 'Não publicada' } as const satisfies Record<ReviewStatus, string>;

function LineState({ line }: { line: ReviewLine }) {
  const { review } = line;
  if (!review) return null;
  return (
    <div className={styles.muted} data-testid="my-review" data-status={review.status}>
      <Stars rating={review.rating} showValue={false} label={`${review.rating} de 5 estrelas`} /> {STATUS_TEXTS[review.status]}
      {review.status === 'rejected' && review.rejectionReason ? ` · ${review.rejectionReason}` : ''}
      {review.reply ? <p>Resposta da loja: {review.reply.text}</p> : null}
    </div>
  );
}

/** The order's reviews card (delivered orders only). */
export function OrderReviewsCard({ order }: { order: Order }) {
  const reviews = useOrderReviews(order.id);
  const [writing, setWriting] = useState<string | null>(null);
  if (!reviews.data) return null;
  const { lines } = reviews.data;
  return (
    <Card title="Avaliações" description="Conte o que achou de cada peça: a sua avaliação ajuda outras clientes." className={styles.card} testId="order-reviews">
      <ul className={styles.lines}>
        {lines.map((line) => (
          <li key={line.orderItemId} data-testid="review-line">
            <div className={styles.line}>
              <span>
                {line.productName}
                {line.variantLabel ? ` (${line.variantLabel})` : ''}
              </span>
              {line.canReview && writing !== line.orderItemId ? (
                <Button variant="outline" size="sm" onClick={() => setWriting(line.orderItemId)} aria-label={`Avaliar ${line.productName}`}>
                  Avaliar
                </Button>
              ) : null}
            </div>
            <LineState line={line} />
            {writing === line.orderItemId ? (
              <Suspense fallback={<SkeletonText lines={3} />}>
                <ReviewForm orderId={order.id} line={line} onDone={() => setWriting(null)} />
              </Suspense>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
