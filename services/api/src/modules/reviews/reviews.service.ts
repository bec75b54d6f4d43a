/**
 * The shopper's and the public side of reviews:
 *
 * - eligibility (checked here, never trusted from the browser): the caller bought the order line
 *   (the order is theirs), the order is delivered, the line's product still exists, and the line has
 *   no review yet (one review per order line; the unique key on `order_item_id` also refuses a
 *   second one written at the same moment);
 * - a new review waits for moderation (`pending`); its photos must be uploads of the same shopper
 *   (`reviews/<their folder>/...`) that are in the bucket;
 * - the product page's data: the approved reviews' average (one decimal), count and distribution
 *   (5 stars first) and one page of them, newest first.
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  REVIEWS_PAGE_SIZE,
  TESTIMONIALS_MIN_REVIEWS,
  reviewAuthorName,
  type MyReview,
  type OrderReviews,
  type ProductRating,
  type ProductReviews,
  type ReviewSummary,
  type ReviewTestimonial,
  type createReviewSchema,
} from '@prata/contracts';
import type { z } from 'zod';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { Order, OrderItem } from '../orders/index.ts';
import { Review } from './review.entities.ts';
import { toMyReview, toPublicReview, type PhotoUrl } from './review-views.ts';

/** The folder of a shopper's review photos in the product-images bucket: `reviews/<16 hex of SHA-256 of the user id>`. */
export function photoFolderOf(userId: string): string {
  return `reviews/${createHash('sha256').update(userId).digest('hex').slice(0, 16)}`;
}

/**
 * The approved reviews' average (one decimal, as shown) and count of each of `ids` that has any,
 * in one grouped query (the catalogue's cards, lent to it by app.ts). Products without an approved
 * review are absent from the map.
 */
export async function ratingsOf(em: EntityManager, ids: readonly string[]): Promise<Map<string, ProductRating>> {
  if (ids.length === 0) return new Map();
  const rows: { product_id: string; average: string; count: string }[] = await em
    .getConnection()
    // The ids (uuids read from the database) as one PostgreSQL array literal.
    .execute(`select product_id, round(avg(rating), 1) as average, count(*) as count from reviews where status = 'approved' and product_id = any(?::uuid[]) group by product_id`, [`{${ids.join(',')}}`]);
  return new Map(rows.map((row) => [row.product_id, { average: Number(row.average), count: Number(row.count) }]));
}

/**
 * `ids` best rated first: by the average of their approved reviews (one decimal, as shown), then by
 * how many there are; products without approved reviews last; the given order among equals (the
 * catalogue's `sort=rating`, lent to it by app.ts).
 */
export async function rankByRating(em: EntityManager, ids: readonly string[]): Promise<string[]> {
  const ratings = await ratingsOf(em, ids);
  const none = { average: 0, count: 0 };
  return ids
    .map((id, index) => ({ id, index, ...(ratings.get(id) ?? none) }))
    .sort((a, b) => b.average - a.average || b.count - a.count || a.index - b.index)
    .map((entry) => entry.id);
}

/** What the service needs: the clock, the photos' URLs and whether a stored photo exists. */
export interface ReviewServiceDeps {
  clock: Clock;
  photoUrl: PhotoUrl;
  photoExists(key: string): Promise<boolean>;
}

export class ReviewService {
  private readonly deps: ReviewServiceDeps;

  constructor(deps: ReviewServiceDeps) {
    this.deps = deps;
  }

  /**
   * Each line of the shopper's order with whether it may be reviewed now and its review.
   * @throws NotFoundError when the order is not theirs (or does not exist).
   */
  async forOrder(em: EntityManager, userId: string, orderId: string): Promise<OrderReviews> {
    const order = await em.findOne(Order, { id: orderId, user: userId }, { populate: ['items'] });
    if (!order) throw new NotFoundError('Pedido não encontrado');
    const reviews = await em.find(Review, { order: order.id }, { populate: ['orderItem'] });
    const byLine = new Map(reviews.map((review) => [review.orderItem.id, review]));
    return {
      lines: order.items.getItems().map((item) => {
        const review = byLine.get(item.id);
        return {
          orderItemId: item.id,
          productId: item.product?.id ?? null,
          productName: item.productName,
          variantLabel: item.variantLabel ?? null,
          canReview: !review && order.status === 'delivered' && Boolean(item.product),
          review: review ? toMyReview(review, this.deps.photoUrl) : null,
        };
      }),
    };
  }

  /**
   * Writes the shopper's review of one order line, pending moderation.
   * @throws NotFoundError `order_item_not_found` (not a line of one of their orders),
   * ConflictError `order_not_delivered`, `product_unavailable` (the product was deleted),
   * `review_exists` (the line was reviewed already), ValidationError `review_photo` (a photo
   * that is not their upload or is not stored).
   */
  async create(em: EntityManager, userId: string, input: z.output<typeof createReviewSchema>): Promise<MyReview> {
    const item = await em.findOne(OrderItem, { id: input.orderItemId, order: { user: userId } }, { populate: ['order', 'product'] });
    if (!item) throw new NotFoundError('Item do pedido não encontrado', 'order_item_not_found');
    if (item.order.status !== 'delivered') throw new ConflictError('Só é possível avaliar peças de pedidos entregues.', 'order_not_delivered');
    if (!item.product) throw new ConflictError('Esta peça não está mais na loja e não pode ser avaliada.', 'product_unavailable');
    if ((await em.count(Review, { orderItem: item.id })) > 0) throw new ConflictError('Você já avaliou esta peça.', 'review_exists');
    const folder = `${photoFolderOf(userId)}/`;
    for (const key of input.photoKeys) {
      if (!key.startsWith(folder) || !(await this.deps.photoExists(key))) {
        throw new ValidationError('Foto inválida.', [{ path: 'photoKeys', message: 'Envie a foto de novo' }], 'review_photo');
      }
    }
    const now = this.deps.clock.now();
    const review = em.create(Review, {
      orderItem: item,
      order: item.order,
      product: item.product,
      user: userId,
      rating: input.rating,
      text: input.text,
      photoKeys: input.photoKeys,
      author: reviewAuthorName(item.order.customerName),
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    });
    try {
      await em.flush();
    } catch (error) {
      // Two requests for the same line at once: the unique key keeps one.
      if ((error as { code?: string }).code === '23505') throw new ConflictError('Você já avaliou esta peça.', 'review_exists');
      throw error;
    }
    return toMyReview(review, this.deps.photoUrl);
  }

  /** The approved reviews' average (one decimal), count and distribution (5 stars first) of `productId`. */
  async summary(em: EntityManager, productId: string): Promise<ReviewSummary> {
    const rows: { rating: number; count: string }[] = await em
      .getConnection()
      .execute(`select rating, count(*) as count from reviews where product_id = ? and status = 'approved' group by rating`, [productId]);
    const counts = new Map(rows.map((row) => [Number(row.rating), Number(row.count)]));
    const count = [...counts.values()].reduce((sum, n) => sum + n, 0);
    const total = [...counts.entries()].reduce((sum, [rating, n]) => sum + rating * n, 0);
    return {
      average: count > 0 ? Math.round((total / count) * 10) / 10 : null,
      count,
      distribution: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: counts.get(rating) ?? 0 })),
    };
  }

  /**
   * The product page's reviews: the summary and page `page` (from 1) of the approved reviews,
   * newest first, {@link REVIEWS_PAGE_SIZE} a page; a page past the last is empty.
   */
  async productPage(em: EntityManager, productId: string, page: number): Promise<ProductReviews> {
    const summary = await this.summary(em, productId);
    const reviews =
      summary.count > (page - 1) * REVIEWS_PAGE_SIZE
        ? await em.find(
            Review,
            { product: productId, status: 'approved' },
            { populate: ['orderItem'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: REVIEWS_PAGE_SIZE, offset: (page - 1) * REVIEWS_PAGE_SIZE },
          )
        : [];
    return {
      summary,
      reviews: reviews.map((review) => toPublicReview(review, this.deps.photoUrl)),
      page,
      pageSize: REVIEWS_PAGE_SIZE,
      pageCount: Math.max(1, Math.ceil(summary.count / REVIEWS_PAGE_SIZE)),
    };
  }

  /**
   * The home page's testimonials: the newest approved 5-star reviews of products in the catalogue,
   * at most `limit`; none until the store has {@link TESTIMONIALS_MIN_REVIEWS} of them (the page
   * keeps its fixed texts until then).
   */
  async testimonials(em: EntityManager, limit = 3): Promise<ReviewTestimonial[]> {
    const reviews = await em.find(
      Review,
      { status: 'approved', rating: 5, product: { status: 'active' } },
      { populate: ['product'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: Math.max(limit, TESTIMONIALS_MIN_REVIEWS) },
    );
    if (reviews.length < TESTIMONIALS_MIN_REVIEWS) return [];
    return reviews.slice(0, limit).map((review) => ({ text: review.text, author: review.author, rating: review.rating, productName: review.product.name }));
  }
}
