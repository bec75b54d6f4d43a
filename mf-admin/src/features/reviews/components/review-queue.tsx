/**
 * The Avaliações tab: the reviews of one status ('Aguardando' first, the moderation queue, oldest
 * first; 'Aprovadas' and 'Recusadas' newest first) with the count of each, 20 a page. Each review
 * shows its product (a link to its page), order, author, stars, date, text and photos; 'Aprovar'
 * publishes it, 'Recusar' asks for the reason (shown to the author only; an approved review is
 * withdrawn the same way) and 'Responder' writes the store's public reply (empty removes it).
 * Texts are shown as text (React escapes them).
 */
import { useState } from 'react';
import { REVIEW_STATUS_LABELS, type AdminReview, type ReviewStatus } from '@prata/contracts';
import { Alert, Badge, Button, Card, Pagination, Skeleton, Stars, TextareaField, ToggleGroup, formatDateTime, productImageSrcSet } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { errorMessage } from '../../../lib/api-client.ts';
import { useModerateReview, useReviews, type ReviewAction } from '../api/reviews.ts';
import styles from './reviews.module.css';

const STATUSES: readonly ReviewStatus[] = ['pending', 'approved', 'rejected'];
const DONE: Record<ReviewAction['kind'], string> = { approve: 'Avaliação aprovada', reject: 'Avaliação recusada', reply: 'Resposta salva' };

/** The text box of a reason or a reply, with its confirm button. */
function TextAction({ label, initial, confirm, onSubmit, onCancel, busy }: { label: string; initial: string; confirm: string; onSubmit: (text: string) => void; onCancel: () => void; busy: boolean }) {
  const [text, setText] = useState(initial);
  return (
    <div className={styles.list}>
      <TextareaField label={label} value={text} onChange={(event) => setText(event.target.value)} rows={2} />
      <div className={styles.actions}>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancelar
        </Button>
        <Button size="sm" onClick={() => onSubmit(text)} disabled={busy}>
          {confirm}
        </Button>
      </div>
    </div>
  );
}

function ReviewCard({ review }: { review: AdminReview }) {
  const moderate = useModerateReview();
  const [editing, setEditing] = useState<'reject' | 'reply' | null>(null);
  const run = async (action: ReviewAction) => {
    try {
      await moderate.mutateAsync(action);
      setEditing(null);
      toast.success(DONE[action.kind]);
    } catch (error) {
      toast.error('Não foi possível salvar', { description: errorMessage(error, 'Tente novamente em alguns instantes.') });
    }
  };
  return (
    <Card className={styles.card} testId="admin-review" data-status={review.status}>
      <div className={styles.actions}>
        <Stars rating={review.rating} showValue={false} label={`${review.rating} de 5 estrelas`} />
        <strong>{review.author}</strong>
        <span className={styles.muted}>
          {formatDateTime(review.createdAt)} · pedido {review.orderNumber} ·{' '}
          <a href={`/produtos/${review.productSlug}`} target="_blank" rel="noreferrer">
            {review.productName}
          </a>
          {review.variantLabel ? ` (${review.variantLabel})` : ''}
        </span>
        <Badge variant={review.status === 'approved' ? 'success' : review.status === 'rejected' ? 'danger' : 'warning'}>{REVIEW_STATUS_LABELS[review.status]}</Badge>
      </div>
      <p className={styles.text}>{review.text}</p>
      {review.photos.length > 0 ? (
        <ul className={styles.photos} aria-label="Fotos">
          {review.photos.map((photo, index) => (
            <li key={photo.key}>
              <a href={photo.url} target="_blank" rel="noreferrer">
                <img src={photo.url} srcSet={productImageSrcSet(photo.url)} sizes="80px" width={80} height={80} alt={`Foto ${index + 1} da avaliação`} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {review.rejectionReason ? <p className={styles.muted}>Motivo da recusa: {review.rejectionReason}</p> : null}
      {review.reply ? <p className={styles.text}>Resposta da loja: {review.reply.text}</p> : null}
      {editing === 'reject' ? (
        <TextAction label="Motivo da recusa (a cliente verá)" initial="" confirm="Recusar" busy={moderate.isPending} onCancel={() => setEditing(null)} onSubmit={(reason) => void run({ id: review.id, kind: 'reject', reason })} />
      ) : editing === 'reply' ? (
        <TextAction label="Resposta pública" initial={review.reply?.text ?? ''} confirm="Salvar resposta" busy={moderate.isPending} onCancel={() => setEditing(null)} onSubmit={(text) => void run({ id: review.id, kind: 'reply', text })} />
      ) : (
        <div className={styles.actions}>
          {review.status !== 'approved' ? (
            <Button size="sm" onClick={() => void run({ id: review.id, kind: 'approve' })} disabled={moderate.isPending}>
              Aprovar
            </Button>
          ) : null}
          {review.status !== 'rejected' ? (
            <Button size="sm" variant="outline" onClick={() => setEditing('reject')}>
              {review.status === 'approved' ? 'Retirar' : 'Recusar'}
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={() => setEditing('reply')}>
            {review.reply ? 'Editar resposta' : 'Responder'}
          </Button>
        </div>
      )}
    </Card>
  );
}

export function ReviewQueue() {
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [page, setPage] = useState(1);
  const reviews = useReviews(status, page);
  const counts = reviews.data?.counts;
  const options = STATUSES.map((value) => ({ value, label: `${REVIEW_STATUS_LABELS[value]}${counts ? ` (${counts[value]})` : ''}` }));
  return (
    <div className={styles.list}>
      <ToggleGroup
        label="Status das avaliações"
        options={options}
        value={status}
        onValueChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
      />
      {reviews.isPending ? (
        <Skeleton height={200} />
      ) : reviews.isError ? (
        <Alert variant="danger">Não foi possível carregar as avaliações.</Alert>
      ) : reviews.data.reviews.length === 0 ? (
        <p>{status === 'pending' ? 'Nenhuma avaliação aguardando aprovação.' : 'Nenhuma avaliação.'}</p>
      ) : (
        <>
          {reviews.data.reviews.map((review) => (
            <ReviewCard key={review.id} review={review} />
          ))}
          <Pagination page={reviews.data.page} pageCount={reviews.data.pageCount} onPageChange={setPage} label="Páginas de avaliações" />
        </>
      )}
    </div>
  );
}
