/**
 * A shopper's reviews under the LGPD (Lei 13.709/2018 art. 18): what the personal-data export shows
 * of them, and their erasure with the account.
 *
 * Erasure deletes the reviews rather than anonymising them: a review's text and photos are the
 * person's own words and pictures (a photo may show their hand, their home), and 'verified buyer'
 * cannot be claimed for someone the store no longer knows. The products' averages and counts then
 * drop them, so each product that showed one of them gets `ProductReviewsChanged` (its page and the
 * lists' cards are purged). The photos are objects in the bucket, outside the transaction: the
 * caller deletes them once the erasure has committed.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { PRODUCT_REVIEWS_CHANGED, type PersonalDataExport } from '@prata/contracts';
import type { DomainEventRecord } from '../../events/domain-event.entity.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { Review } from './review.entities.ts';
import type { PhotoUrl } from './review-views.ts';

/** The reviews `userId` wrote, of every status, oldest first, as the personal-data export lists them. */
export async function reviewsWrittenBy(em: EntityManager, userId: string, photoUrl: PhotoUrl): Promise<PersonalDataExport['reviews']> {
  const reviews = await em.find(Review, { user: userId }, { populate: ['product'], orderBy: { createdAt: 'asc', id: 'asc' } });
  return reviews.map((review) => ({
    productName: review.product.name,
    rating: review.rating,
    text: review.text,
    status: review.status,
    photos: review.photoKeys.map(photoUrl),
    reply: review.reply ?? null,
    createdAt: review.createdAt.toISOString(),
  }));
}

/** What an erasure leaves to do after its commit: the photos to delete and the events to publish. */
export interface ReviewErasure {
  /** How many reviews were deleted. */
  deleted: number;
  /** Keys of their photos in the product-images bucket. */
  photoKeys: string[];
  /** `ProductReviewsChanged` of each product one of the approved ones was shown on, recorded in the transaction. */
  records: DomainEventRecord[];
}

/**
 * Deletes every review of `userId` inside the caller's transaction `tx` (see the module doc) and
 * records `ProductReviewsChanged` for the products that showed an approved one.
 */
export async function eraseReviewsOf(tx: EntityManager, events: EventBus, userId: string): Promise<ReviewErasure> {
  const reviews = await tx.find(Review, { user: userId });
  const shownOn = [...new Set(reviews.filter((review) => review.status === 'approved').map((review) => review.product.id))];
  const photoKeys = reviews.flatMap((review) => review.photoKeys);
  const deleted = reviews.length > 0 ? await tx.nativeDelete(Review, { user: userId }) : 0;
  const records = shownOn.map((productId) => events.record(tx, { type: PRODUCT_REVIEWS_CHANGED, aggregateId: productId, payload: { productId } }));
  return { deleted, photoKeys, records };
}
