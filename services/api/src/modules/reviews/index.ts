/**
 * The reviews module's public face: other modules and the composition import these from here,
 * never another file of this folder. Its routes are routes.ts (registered by app.ts), its periodic
 * job jobs.ts; its services are built once by `reviewsPlugin` and decorated as `app.reviews`.
 *
 * The module owns reviews from verified buyers: who may review what (a delivered order's lines,
 * one review each), the photos, the owner's moderation and reply, what the product page shows
 * (average, count, distribution, approved reviews) and the review-request e-mail after delivery.
 */
export { default as reviewsPlugin, type Reviews } from './reviews.plugin.ts';
export { Review, ReviewRequestMail, ReviewRequestMailSchema, ReviewSchema } from './review.entities.ts';
export { rankByRating, ratingsOf } from './reviews.service.ts';
export { eraseReviewsOf, reviewsWrittenBy, type ReviewErasure } from './review-personal-data.ts';
