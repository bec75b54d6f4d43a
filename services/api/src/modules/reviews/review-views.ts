/** What each audience sees of a review: its author, the public page, the owner's queue. */
import type { AdminReview, MyReview, PublicReview, ReviewPhoto } from '@prata/contracts';
import type { Review } from './review.entities.ts';

/** The public URL of a stored photo (the bucket's object; pages show its renditions). */
export type PhotoUrl = (key: string) => string;

const photosOf = (review: Review, url: PhotoUrl): ReviewPhoto[] => review.photoKeys.map((key) => ({ key, url: url(key) }));
const replyOf = (review: Review) => (review.reply && review.repliedAt ? { text: review.reply, at: review.repliedAt.toISOString() } : null);

/** The review as its author sees it (with the rejection's reason). */
export function toMyReview(review: Review, url: PhotoUrl): MyReview {
  return {
    id: review.id,
    rating: review.rating,
    text: review.text,
    photos: photosOf(review, url),
    status: review.status,
    rejectionReason: review.rejectionReason ?? null,
    reply: replyOf(review),
    createdAt: review.createdAt.toISOString(),
  };
}

/** The review as the product page shows it (`orderItem` populated, for the variant's label). */
export function toPublicReview(review: Review, url: PhotoUrl): PublicReview {
  return {
    id: review.id,
    rating: review.rating,
    text: review.text,
    author: review.author,
    variantLabel: review.orderItem.variantLabel ?? null,
    photos: photosOf(review, url),
    reply: replyOf(review),
    createdAt: review.createdAt.toISOString(),
  };
}

/** The review in the owner's queue (`orderItem`, `order` and `product` populated). */
export function toAdminReview(review: Review, url: PhotoUrl): AdminReview {
  return {
    ...toMyReview(review, url),
    author: review.author,
    productId: review.product.id,
    productName: review.product.name,
    productSlug: review.product.slug,
    variantLabel: review.orderItem.variantLabel ?? null,
    orderId: review.order.id,
    orderNumber: review.order.number,
    moderatedAt: review.moderatedAt?.toISOString() ?? null,
  };
}
