/**
 * The owner's moderation of reviews (admin.md): the queue (pending reviews, oldest first; the
 * approved and rejected ones newest first), approve, reject with a reason (shown to the author
 * only), and a public reply (an empty text removes it). An approved review may be withdrawn
 * (rejected) and a rejected one approved. Every action is audited; a change of what the product
 * page shows (an approval, a withdrawal, a reply of an approved review) records
 * `ProductReviewsChanged` in the same transaction, so the page's cached document is purged and
 * open pages refetch.
 */
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { PRODUCT_REVIEWS_CHANGED, type AdminReview, type AdminReviewList, type ReviewStatus } from '@prata/contracts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { Clock } from '../../lib/clock.ts';
import { audit, type RequestMeta } from '../audit/index.ts';
import { Review } from './review.entities.ts';
import { toAdminReview, type PhotoUrl } from './review-views.ts';

/** Reviews per page of the owner's queue. */
export const ADMIN_REVIEWS_PAGE_SIZE = 20;

/** Who acts: the staff member's id and the request's origin (for the audit log). */
export interface Moderator {
  userId: string;
  meta: RequestMeta;
}

export class ReviewModeration {
  private readonly clock: Clock;
  private readonly events: EventBus;
  private readonly photoUrl: PhotoUrl;

  constructor(deps: { clock: Clock; events: EventBus; photoUrl: PhotoUrl }) {
    this.clock = deps.clock;
    this.events = deps.events;
    this.photoUrl = deps.photoUrl;
  }

  /** A page (from 1) of the reviews of `status` and the count of each status. */
  async list(em: EntityManager, query: { status: ReviewStatus; page: number }): Promise<AdminReviewList> {
    const [reviews, total] = await em.findAndCount(
      Review,
      { status: query.status },
      {
        populate: ['orderItem', 'order', 'product'],
        orderBy: query.status === 'pending' ? { createdAt: 'asc', id: 'asc' } : { createdAt: 'desc', id: 'desc' },
        limit: ADMIN_REVIEWS_PAGE_SIZE,
        offset: (query.page - 1) * ADMIN_REVIEWS_PAGE_SIZE,
      },
    );
    const rows: { status: ReviewStatus; count: string }[] = await em.getConnection().execute('select status, count(*) as count from reviews group by status');
    const counts = { pending: 0, approved: 0, rejected: 0 };
    for (const row of rows) counts[row.status] = Number(row.count);
    return {
      reviews: reviews.map((review) => toAdminReview(review, this.photoUrl)),
      page: query.page,
      pageCount: Math.max(1, Math.ceil(total / ADMIN_REVIEWS_PAGE_SIZE)),
      counts,
    };
  }

  /** Shows the review on its product's page. @throws NotFoundError, ConflictError `review_approved` when it already is. */
  approve(em: EntityManager, id: string, by: Moderator): Promise<AdminReview> {
    return this.change(em, id, by, (review, now) => {
      if (review.status === 'approved') throw new ConflictError('Esta avaliação já está aprovada.', 'review_approved');
      Object.assign(review, { status: 'approved', rejectionReason: null, moderatedAt: now, moderatedBy: by.userId });
      return { action: 'review_approved' as const, shown: true };
    });
  }

  /** Refuses the review (or withdraws an approved one) with a reason. @throws NotFoundError, ConflictError `review_rejected` when it already is. */
  reject(em: EntityManager, id: string, reason: string, by: Moderator): Promise<AdminReview> {
    return this.change(em, id, by, (review, now) => {
      if (review.status === 'rejected') throw new ConflictError('Esta avaliação já está recusada.', 'review_rejected');
      const wasShown = review.status === 'approved';
      Object.assign(review, { status: 'rejected', rejectionReason: reason, moderatedAt: now, moderatedBy: by.userId });
      return { action: 'review_rejected' as const, shown: wasShown, details: { reason } };
    });
  }

  /** Sets (or, with an empty text, removes) the store's public reply. @throws NotFoundError. */
  reply(em: EntityManager, id: string, text: string, by: Moderator): Promise<AdminReview> {
    return this.change(em, id, by, (review, now) => {
      Object.assign(review, text ? { reply: text, repliedAt: now } : { reply: null, repliedAt: null });
      return { action: 'review_replied' as const, shown: review.status === 'approved', details: { removed: !text } };
    });
  }

  /** Applies `apply` to the review, locked, audits it and records the event when the page changes. */
  private async change(
    em: EntityManager,
    id: string,
    by: Moderator,
    apply: (review: Review, now: Date) => { action: 'review_approved' | 'review_rejected' | 'review_replied'; shown: boolean; details?: Record<string, unknown> },
  ): Promise<AdminReview> {
    const records = await em.transactional(async (tx) => {
      const review = await tx.findOne(Review, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!review) throw new NotFoundError('Avaliação não encontrada', 'review_not_found');
      const now = this.clock.now();
      const outcome = apply(review, now);
      review.updatedAt = now;
      audit(tx, { userId: by.userId, action: outcome.action, details: { reviewId: review.id, productId: review.product.id, ...outcome.details }, meta: by.meta });
      return outcome.shown ? [this.events.record(tx, { type: PRODUCT_REVIEWS_CHANGED, aggregateId: review.product.id, payload: { productId: review.product.id } })] : [];
    });
    await this.events.publish(em, records);
    const review = await em.fork().findOneOrFail(Review, { id }, { populate: ['orderItem', 'order', 'product'] });
    return toAdminReview(review, this.photoUrl);
  }
}
