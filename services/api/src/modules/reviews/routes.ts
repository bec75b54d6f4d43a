/**
 * Reviews from verified buyers (reviews.service.ts, review-moderation.ts have the rules):
 *
 * Shoppers (`customer`; their own orders only, 404 otherwise):
 * - `GET /api/orders/:id/reviews`: each line of the order, whether it may be reviewed and its review;
 * - `POST /api/reviews/photos` (multipart field `file`, 3 x `REVIEW_RATE_LIMIT_PER_MINUTE` a minute per account): a photo for a
 *   review, sniffed (415 when not JPEG/PNG/GIF/WebP), at most 10 MB (413), metadata stripped; 201
 *   `{ key, url }`;
 * - `POST /api/reviews` `{ orderItemId, rating, text, photoKeys }` (`REVIEW_RATE_LIMIT_PER_MINUTE` a minute per account): 201
 *   with the review, pending moderation; 404 for a line not theirs, 409 for an order not delivered
 *   or a line reviewed already.
 *
 * Public: `GET /api/products/:id/reviews?page=` (the approved reviews, summary and page) and
 * `GET /api/reviews/testimonials` (the home page's).
 *
 * Owner (`admin`, each audited): `GET /api/admin/reviews?status&page`,
 * `POST /api/admin/reviews/:id/approve`, `POST /api/admin/reviews/:id/reject { reason }`,
 * `PUT /api/admin/reviews/:id/reply { text }`.
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PRODUCT_IMAGE_MAX_BYTES,
  adminReviewListSchema,
  adminReviewQuerySchema,
  adminReviewSchema,
  apiErrorSchema,
  createReviewSchema,
  myReviewSchema,
  orderReviewsSchema,
  productReviewsQuerySchema,
  productReviewsSchema,
  rejectReviewSchema,
  replyReviewSchema,
  reviewParamsSchema,
  reviewPhotoUploadSchema,
  reviewTestimonialsSchema,
} from '@prata/contracts';
import { ValidationError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { uploadError } from '../catalogue/index.ts';
import { requestMeta } from '../identity/index.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const orderParams = z.object({ id: z.uuid({ error: 'Pedido não encontrado' }) });
const productParams = z.object({ id: z.uuid({ error: 'Produto não encontrado' }) });

const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service, moderation, photos } = app.reviews;
  const em = () => app.orm.em;
  /** Per account (or address), counted after the body is valid: a flood of writes or uploads is 429. */
  const perAccount = (max: number) => ({ max, timeWindow: 60_000, hook: 'preHandler' as const, keyGenerator: (request: { auth?: { userId: string } | null; ip: string }) => request.auth?.userId ?? request.ip });

  await app.register(multipart, { limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.get('/api/orders/:id/reviews', { config: { access: 'customer' }, schema: { params: orderParams, response: { 200: orderReviewsSchema, ...errors } } }, async (request) =>
    service.forOrder(em(), requireAuth(request).userId, request.params.id),
  );

  app.post(
    '/api/reviews/photos',
    {
      config: { access: 'customer', rateLimit: perAccount(app.config.reviewRateLimitPerMinute * 3) },
      schema: { response: { 201: reviewPhotoUploadSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema } },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const file = request.isMultipart() ? await request.file().catch((error: unknown) => Promise.reject(uploadError(error))) : undefined;
      if (!file) throw new ValidationError('Nenhuma foto enviada.', [{ path: 'file', message: 'Envie uma foto' }], 'no_file');
      return reply.code(201).send(await photos.receive(file, userId, app.clock.now()));
    },
  );

  app.post(
    '/api/reviews',
    { config: { access: 'customer', rateLimit: perAccount(app.config.reviewRateLimitPerMinute) }, schema: { body: createReviewSchema, response: { 201: myReviewSchema, ...errors, 429: apiErrorSchema } } },
    async (request, reply) => reply.code(201).send(await service.create(em(), requireAuth(request).userId, request.body)),
  );

  app.get(
    '/api/products/:id/reviews',
    { config: { access: 'public' }, schema: { params: productParams, querystring: productReviewsQuerySchema, response: { 200: productReviewsSchema, 400: apiErrorSchema } } },
    async (request) => service.productPage(em(), request.params.id, request.query.page),
  );

  app.get('/api/reviews/testimonials', { config: { access: 'public' }, schema: { response: { 200: reviewTestimonialsSchema } } }, async () => service.testimonials(em()));

  const moderator = (request: FastifyRequest) => ({ userId: requireAuth(request).userId, meta: requestMeta(request) });

  app.get('/api/admin/reviews', { config: { access: 'admin' }, schema: { querystring: adminReviewQuerySchema, response: { 200: adminReviewListSchema, ...errors } } }, async (request) =>
    moderation.list(em(), request.query),
  );

  app.post(
    '/api/admin/reviews/:id/approve',
    { config: { access: 'admin' }, schema: { params: reviewParamsSchema, response: { 200: adminReviewSchema, ...errors } } },
    async (request) => moderation.approve(em(), request.params.id, moderator(request)),
  );

  app.post(
    '/api/admin/reviews/:id/reject',
    { config: { access: 'admin' }, schema: { params: reviewParamsSchema, body: rejectReviewSchema, response: { 200: adminReviewSchema, ...errors } } },
    async (request) => moderation.reject(em(), request.params.id, request.body.reason, moderator(request)),
  );

  app.put(
    '/api/admin/reviews/:id/reply',
    { config: { access: 'admin' }, schema: { params: reviewParamsSchema, body: replyReviewSchema, response: { 200: adminReviewSchema, ...errors } } },
    async (request) => moderation.reply(em(), request.params.id, request.body.text, moderator(request)),
  );
};

export default fp(reviewRoutes, { name: 'review-routes', encapsulate: true, dependencies: ['reviews'] });
