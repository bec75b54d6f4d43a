/** `/admin/reviews`: the moderation queue of reviews from verified buyers (approve, reject with a reason, public reply). */
import { ReviewQueue } from '../../features/reviews/components/review-queue.tsx';
import { PageHeader } from './page-header.tsx';

export function ReviewsRoute() {
  return (
    <>
      <PageHeader title="Avaliações" lead="Avaliações de clientes que receberam as peças: aprove, recuse com um motivo ou responda publicamente." />
      <ReviewQueue />
    </>
  );
}
