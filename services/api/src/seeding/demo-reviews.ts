/**
 * The demo store's reviews, written with its order history (demo-orders.ts): approved reviews by
 * the demo shoppers of pieces their delivered orders brought, so the product pages show ratings,
 * the catalogue can sort by them and the home page's testimonials come from them. Planned without
 * randomness from the history (which order, which line, which rating and text follow from the
 * positions in the plan), so the same history gets the same reviews. Every delivered demo order is
 * also marked as asked for its review (`review_request_mails`), so the review-request job never
 * e-mails the demo history.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager, RequiredEntityData } from '@mikro-orm/postgresql';
import { reviewAuthorName } from '@prata/contracts';
import type { OrderItem } from '../modules/orders/index.ts';
import { Review, ReviewRequestMail } from '../modules/reviews/index.ts';
import type { PlannedOrder } from './demo-orders-plan.ts';

const DAY = 86_400_000;
/** At most this many demo reviews. */
export const DEMO_REVIEWS_MAX = 40;

/** The ratings given in turn (average about 4.4: a store's real spread, a few low ones). */
const RATINGS = [5, 5, 4, 5, 3, 5, 4, 5, 5, 2, 4, 5, 5, 4];

/** pt-BR texts per rating, used in turn. */
const TEXTS: Record<number, readonly string[]> = {
  5: [
    'Peça linda, acabamento impecável e chegou muito bem embalada. Já estou usando todos os dias!',
    'A prata é de ótima qualidade e o brilho é exatamente como nas fotos. Recomendo demais.',
    'Comprei para presentear minha mãe e ela amou. Entrega rápida e atendimento atencioso.',
    'Delicada e resistente, não escureceu nem com o uso diário. Vou comprar outras peças.',
  ],
  4: [
    'Muito bonita e bem feita. Só achei um pouco menor do que imaginava, mas gostei bastante.',
    'Ótima qualidade pelo preço. A entrega demorou um dia a mais que o previsto.',
  ],
  3: ['A peça é bonita, mas o fecho é um pouco difícil de abrir. Atende ao que promete.'],
  2: ['Esperava um brilho maior. A loja respondeu rápido e me ajudou com as dúvidas.'],
};

/** The store's reply to the lower ratings. */
const REPLY = 'Obrigada pelo retorno! Nossa equipe entrou em contato para ajudar no que for preciso.';

/** A delivered order of the history with its id, its shopper's name and user id, and its lines as inserted. */
export interface DeliveredDemoOrder {
  order: PlannedOrder & { id: string };
  userId: string;
  fullName: string;
  items: Pick<RequiredEntityData<OrderItem>, 'id' | 'product'>[];
}

/**
 * The reviews of the history (see the module doc): a line of every third position among the
 * delivered orders' lines, reviewed 2-5 days after delivery (never after `now`), at most
 * {@link DEMO_REVIEWS_MAX}, all approved; ratings of 3 or less get the store's reply.
 */
export function planDemoReviews(delivered: readonly DeliveredDemoOrder[], now: Date): RequiredEntityData<Review>[] {
  const reviews: RequiredEntityData<Review>[] = [];
  let position = 0;
  for (const [index, { order, userId, fullName, items }] of delivered.entries()) {
    for (const item of items) {
      position += 1;
      if (position % 3 !== 0 || !order.deliveredAt || reviews.length >= DEMO_REVIEWS_MAX) continue;
      const createdAt = new Date(Math.min(order.deliveredAt.getTime() + (2 + (index % 4)) * DAY, now.getTime()));
      const rating = RATINGS[reviews.length % RATINGS.length]!;
      const texts = TEXTS[rating]!;
      reviews.push({
        id: randomUUID(),
        orderItem: item.id as string,
        order: order.id,
        product: item.product as string,
        user: userId,
        rating,
        text: texts[reviews.length % texts.length]!,
        photoKeys: [],
        author: reviewAuthorName(fullName),
        status: 'approved',
        rejectionReason: null,
        reply: rating <= 3 ? REPLY : null,
        repliedAt: rating <= 3 ? createdAt : null,
        moderatedAt: createdAt,
        moderatedBy: null,
        createdAt,
        updatedAt: createdAt,
      });
    }
  }
  return reviews;
}

/** Writes the demo reviews and marks every delivered demo order as asked for its review. */
export async function seedDemoReviews(tx: EntityManager, delivered: readonly DeliveredDemoOrder[], now: Date): Promise<number> {
  const reviews = planDemoReviews(delivered, now);
  if (reviews.length > 0) await tx.insertMany(Review, reviews);
  if (delivered.length > 0) await tx.insertMany(ReviewRequestMail, delivered.map(({ order }) => ({ order: order.id, sentAt: order.deliveredAt ?? now })));
  return reviews.length;
}
