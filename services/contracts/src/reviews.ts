/**
 * Reviews from verified buyers: a shopper whose order was delivered rates each piece they bought
 * (one review per order line) from 1 to 5 stars, with a text and up to {@link REVIEW_MAX_PHOTOS}
 * photos. A review waits for the owner's moderation (approve, reject with a reason) and may get a
 * public reply; the product page shows the approved ones with the average, the count and the
 * distribution of the ratings, paged by the service.
 *
 * Texts are plain text: the service stores what was typed (control characters removed) and every
 * page shows it as text (React escapes it; the JSON-LD serializer escapes `<`).
 */
import { z } from 'zod';

/** A review's moderation status: waiting, shown on the product page, or refused. */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** pt-BR labels of the statuses (the panel's filter and badges). */
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = { pending: 'Aguardando', approved: 'Aprovada', rejected: 'Recusada' };

/** Photos one review may carry. */
export const REVIEW_MAX_PHOTOS = 3;
/** Shortest and longest review text, in characters. */
export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
/** Approved reviews per page of a product's reviews. */
export const REVIEWS_PAGE_SIZE = 5;
/** The product page's query parameter with the page of its reviews (from 1). */
export const REVIEWS_PAGE_PARAM = 'avaliacoes';
/** The reviews' page named by a product page's address (`?avaliacoes=2`): 1 when absent or not a whole number from 1. */
export function reviewsPageOf(params: URLSearchParams): number {
  const page = Number(params.get(REVIEWS_PAGE_PARAM));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
/** Approved reviews the home page needs before its testimonials come from them (else the spec's fixed texts). */
export const TESTIMONIALS_MIN_REVIEWS = 3;

/** Object key of an uploaded review photo: `reviews/<16 hex>/<ms>-<12 hex>.<ext>` in the product-images bucket. */
export const REVIEW_PHOTO_KEY_PATTERN = /^reviews\/[0-9a-f]{16}\/\d{13}-[0-9a-f]{12}\.(jpg|png|gif|webp)$/;

/**
 * Removes the control characters of a typed text (keeps line breaks and tabs), normalises line
 * breaks to `\n` and trims it: what a review or reply is stored as.
 */
export function cleanReviewText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
}

const reviewText = (min: number, max: number, what: string) =>
  z
    .string({ error: `Escreva ${what}` })
    .transform(cleanReviewText)
    .pipe(z.string().min(min, `Escreva ao menos ${min} caracteres`).max(max, `Use no máximo ${max} caracteres`));

/** Body of `POST /api/reviews`: the order line reviewed, the stars, the text and the keys of photos uploaded before. */
export const createReviewSchema = z.object({
  orderItemId: z.uuid({ error: 'Item do pedido inválido' }),
  rating: z.number({ error: 'Escolha de 1 a 5 estrelas' }).int('Escolha de 1 a 5 estrelas').min(1, 'Escolha de 1 a 5 estrelas').max(5, 'Escolha de 1 a 5 estrelas'),
  text: reviewText(REVIEW_TEXT_MIN, REVIEW_TEXT_MAX, 'a sua avaliação'),
  photoKeys: z
    .array(z.string().regex(REVIEW_PHOTO_KEY_PATTERN, 'Foto inválida'))
    .max(REVIEW_MAX_PHOTOS, `Envie no máximo ${REVIEW_MAX_PHOTOS} fotos`)
    .refine((keys) => new Set(keys).size === keys.length, 'Foto repetida')
    .default([]),
});
export type CreateReviewInput = z.input<typeof createReviewSchema>;

/** A review photo: its object key and URL (the page shows its WebP renditions, metadata stripped). */
export const reviewPhotoSchema = z.object({ key: z.string(), url: z.string() });
export type ReviewPhoto = z.infer<typeof reviewPhotoSchema>;

/** The store's public reply to a review. */
export const reviewReplySchema = z.object({ text: z.string(), at: z.iso.datetime({ offset: true }) });

/** A review as the shopper who wrote it sees it (their order's page). */
export const myReviewSchema = z.object({
  id: z.uuid(),
  rating: z.number().int(),
  text: z.string(),
  photos: z.array(reviewPhotoSchema),
  status: z.enum(REVIEW_STATUSES),
  /** Why the owner refused it (shown to its author only). */
  rejectionReason: z.string().nullable(),
  reply: reviewReplySchema.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type MyReview = z.infer<typeof myReviewSchema>;

/**
 * Answer of `GET /api/orders/:id/reviews`: each line of the shopper's order, whether it may be
 * reviewed now (the order delivered, the product still there, no review of the line yet) and its
 * review when there is one.
 */
export const orderReviewsSchema = z.object({
  lines: z.array(
    z.object({
      orderItemId: z.uuid(),
      productId: z.uuid().nullable(),
      productName: z.string(),
      variantLabel: z.string().nullable(),
      canReview: z.boolean(),
      review: myReviewSchema.nullable(),
    }),
  ),
});
export type OrderReviews = z.infer<typeof orderReviewsSchema>;

/** Answer of `POST /api/reviews/photos`: the uploaded photo, to name in `photoKeys`. */
export const reviewPhotoUploadSchema = reviewPhotoSchema;

/** An approved review as the product page shows it: the author as first name and initial ('Maria S.'). */
export const publicReviewSchema = z.object({
  id: z.uuid(),
  rating: z.number().int(),
  text: z.string(),
  author: z.string(),
  /** The variant bought ('Aro 16'), if any. */
  variantLabel: z.string().nullable(),
  photos: z.array(reviewPhotoSchema),
  reply: reviewReplySchema.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** The ratings of a product's approved reviews: the average (one decimal; null without reviews), the count and how many of each star, 5 first. */
export const reviewSummarySchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  distribution: z.array(z.object({ rating: z.number().int(), count: z.number().int() })),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

/** Query of `GET /api/products/:id/reviews`: the page, from 1. */
export const productReviewsQuerySchema = z.object({
  page: z.coerce.number({ error: 'Página inválida' }).int('Página inválida').min(1, 'Página inválida').max(10_000, 'Página inválida').default(1),
});

/** Answer of `GET /api/products/:id/reviews`: the summary and one page of approved reviews, newest first. */
export const productReviewsSchema = z.object({
  summary: reviewSummarySchema,
  reviews: z.array(publicReviewSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
});
export type ProductReviews = z.infer<typeof productReviewsSchema>;

/** A home-page testimonial made of an approved review. */
export const reviewTestimonialSchema = z.object({ text: z.string(), author: z.string(), rating: z.number().int(), productName: z.string() });
/** Answer of `GET /api/reviews/testimonials`: the newest 5-star approved reviews (empty until {@link TESTIMONIALS_MIN_REVIEWS}). */
export const reviewTestimonialsSchema = z.array(reviewTestimonialSchema);
export type ReviewTestimonial = z.infer<typeof reviewTestimonialSchema>;

/** A review in the owner's moderation queue. */
export const adminReviewSchema = myReviewSchema.extend({
  author: z.string(),
  productId: z.uuid(),
  productName: z.string(),
  productSlug: z.string(),
  variantLabel: z.string().nullable(),
  orderId: z.uuid(),
  orderNumber: z.string(),
  moderatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

/** Query of `GET /api/admin/reviews`: the status shown (default the queue: pending) and the page. */
export const adminReviewQuerySchema = z.object({
  status: z.enum(REVIEW_STATUSES, { error: 'Status inválido' }).default('pending'),
  page: z.coerce.number({ error: 'Página inválida' }).int('Página inválida').min(1, 'Página inválida').default(1),
});

/** Answer of `GET /api/admin/reviews`: a page of reviews (oldest first while pending, else newest first) and the count of each status. */
export const adminReviewListSchema = z.object({
  reviews: z.array(adminReviewSchema),
  page: z.number().int(),
  pageCount: z.number().int(),
  counts: z.object({ pending: z.number().int(), approved: z.number().int(), rejected: z.number().int() }),
});
export type AdminReviewList = z.infer<typeof adminReviewListSchema>;

/** Params of the owner's actions on a review. */
export const reviewParamsSchema = z.object({ id: z.uuid({ error: 'Avaliação não encontrada' }) });

/** Body of `POST /api/admin/reviews/:id/reject`: why (shown to the author). */
export const rejectReviewSchema = z.object({ reason: reviewText(3, 300, 'o motivo') });
export type RejectReviewInput = z.input<typeof rejectReviewSchema>;

/** Body of `PUT /api/admin/reviews/:id/reply`: the store's public reply (empty text removes it). */
export const replyReviewSchema = z.object({
  text: z
    .string({ error: 'Escreva a resposta' })
    .transform(cleanReviewText)
    .pipe(z.string().max(1000, 'Use no máximo 1000 caracteres')),
});
export type ReplyReviewInput = z.input<typeof replyReviewSchema>;

/**
 * The author's name as the store shows it: the first name and the initial of the last
 * ('Maria da Silva' -> 'Maria S.'); 'Cliente' when the account has no name.
 */
export function reviewAuthorName(fullName: string | null | undefined): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'Cliente';
  const first = words[0]!;
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

/** The schema.org `AggregateRating` and `Review` entries of a product's reviews (JSON-LD), or nothing without approved reviews. */
export function reviewsJsonLd(reviews: Pick<ProductReviews, 'summary' | 'reviews'>): Record<string, unknown> {
  const { summary } = reviews;
  if (summary.count === 0 || summary.average === null) return {};
  return {
    aggregateRating: { '@type': 'AggregateRating', ratingValue: summary.average.toFixed(1), reviewCount: summary.count, bestRating: 5, worstRating: 1 },
    review: reviews.reviews.map((review) => ({
      '@type': 'Review',
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
      author: { '@type': 'Person', name: review.author },
      datePublished: review.createdAt.slice(0, 10),
      reviewBody: review.text,
    })),
  };
}
