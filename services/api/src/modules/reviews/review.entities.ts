/**
 * Reviews from verified buyers:
 *
 * - `reviews`: one review per order line (`order_item_id` unique: a piece bought twice in two
 *   orders may be reviewed twice, once per purchase), written by the order's buyer once the order
 *   was delivered: `rating` 1-5, plain `text`, up to 3 `photo_keys` (objects of the product-images
 *   bucket under `reviews/`), the author as shown (`author`, 'Maria S.', taken from the order's
 *   name when written), and the owner's moderation: `status` (pending -> approved | rejected;
 *   an approved one may be withdrawn to rejected and a rejected one approved), `rejection_reason`,
 *   the public `reply` and when each happened.
 * - `review_request_mails`: the "Avalie a sua compra" e-mail of an order, sent once
 *   (`order_id` the key, so two processes or a retry never send it twice).
 * Rows go with their order (cascade), their product (cascade) and their author's account.
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { REVIEW_STATUSES } from '@prata/contracts';
import { Product } from '../catalogue/index.ts';
import { User } from '../identity/index.ts';
import { Order, OrderItem } from '../orders/index.ts';

export const ReviewSchema = defineEntity({
  name: 'Review',
  tableName: 'reviews',
  indexes: [{ name: 'reviews_product_status_created_index', properties: ['product', 'status', 'createdAt'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    orderItem: () => p.oneToOne(OrderItem).owner().deleteRule('cascade').unique('reviews_order_item_id_unique'),
    order: () => p.manyToOne(Order).deleteRule('cascade').index(),
    product: () => p.manyToOne(Product).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    rating: p.smallint().check('rating >= 1 and rating <= 5'),
    text: p.text(),
    photoKeys: p.json<string[]>().default('[]'),
    author: p.string().length(60),
    status: p.enum(REVIEW_STATUSES).index(),
    rejectionReason: p.string().length(300).nullable(),
    reply: p.text().nullable(),
    repliedAt: p.datetime().nullable(),
    moderatedAt: p.datetime().nullable(),
    /** The staff member who approved or rejected it last. */
    moderatedBy: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class Review extends ReviewSchema.class {}
ReviewSchema.setClass(Review);

export const ReviewRequestMailSchema = defineEntity({
  name: 'ReviewRequestMail',
  tableName: 'review_request_mails',
  properties: {
    order: () => p.oneToOne(Order).owner().primary().deleteRule('cascade'),
    sentAt: p.datetime(),
  },
});
export class ReviewRequestMail extends ReviewRequestMailSchema.class {}
ReviewRequestMailSchema.setClass(ReviewRequestMail);
