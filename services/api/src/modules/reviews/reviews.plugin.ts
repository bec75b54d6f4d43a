/**
 * Reviews plugin: decorates `app.reviews`, the module's services built once per app: the
 * shopper's and public side (reviews.service.ts), the owner's moderation (review-moderation.ts),
 * the photos (review-photos.ts, through the catalogue's image pipeline) and the review-request
 * e-mails the `review-requests` job sends (review-requests.ts).
 */
import fp from 'fastify-plugin';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ProductImages } from '../catalogue/index.ts';
import { StoreSettingsService } from '../settings/index.ts';
import { ReviewModeration } from './review-moderation.ts';
import { ReviewPhotos } from './review-photos.ts';
import { sendReviewRequests } from './review-requests.ts';
import { ReviewService } from './reviews.service.ts';

export interface Reviews {
  service: ReviewService;
  moderation: ReviewModeration;
  photos: ReviewPhotos;
  /** Sends the due review-request e-mails (review-requests.ts); returns how many. */
  sendRequests(em: EntityManager): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    reviews: Reviews;
  }
}

export default fp(
  async (app) => {
    const photos = new ReviewPhotos(new ProductImages(app.storage, app.renditions), app.renditions);
    const photoUrl = (key: string) => photos.url(key);
    const service = new ReviewService({ clock: app.clock, photoUrl, photoExists: (key) => photos.exists(key) });
    const moderation = new ReviewModeration({ clock: app.clock, events: app.events, photoUrl });
    const requestDeps = { mailer: app.mailer, clock: app.clock, storeUrl: app.config.shellUrl, delayDays: async (em: EntityManager) => (await new StoreSettingsService(em).recovery()).reviewRequestDelayDays };
    app.decorate('reviews', { service, moderation, photos, sendRequests: (em: EntityManager) => sendReviewRequests(requestDeps, em) });
  },
  { name: 'reviews', dependencies: ['config', 'clock', 'mail', 'events', 'storage'] },
);
