/**
 * Coupon routes:
 * - `POST /api/coupons/check` (customer: per-account limits need the account; COUPON_CHECKS_PER_MINUTE
 *   per account) `{ code, subtotalCents, shippingCents }`: 200 with the discount, 422/409 with
 *   the refusal's pt-BR message (contracts' COUPON_REFUSALS), 400 for a malformed body. No use is
 *   counted: the order's transaction redeems the coupon (`CouponService.redeem`).
 * - `GET /api/admin/coupons` (admin): every coupon with its status, uses and discount given.
 * - `POST /api/admin/coupons` (admin): creates one (201; 409 for a code taken), audited.
 * - `PATCH /api/admin/coupons/:id` (admin): edits it and pauses / resumes it (`paused`), audited.
 *   There is no delete: a used coupon is paused instead.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, couponCheckRequestSchema, couponCheckSchema, couponInputSchema, couponListSchema, couponParamsSchema, couponPatchSchema, couponSchema } from '@prata/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { requestMeta } from '../identity/index.ts';
import { CouponService } from './coupon.service.ts';

/** Coupon checks per minute and account (one per code typed in the cart or checkout). */
export const COUPON_CHECKS_PER_MINUTE = 20;

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  const coupons = new CouponService();

  app.post(
    '/api/coupons/check',
    {
      config: {
        access: 'customer',
        rateLimit: { max: COUPON_CHECKS_PER_MINUTE, timeWindow: 60_000, hook: 'preHandler', keyGenerator: (request) => request.auth?.userId ?? request.ip },
      },
      schema: { body: couponCheckRequestSchema, response: { 200: couponCheckSchema, ...errors, 409: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema } },
    },
    async (request) => coupons.check(app.orm.em, { ...request.body, userId: requireAuth(request).userId, now: app.clock.now() }),
  );

  app.get(
    '/api/admin/coupons',
    { config: { access: 'admin' }, schema: { response: { 200: couponListSchema, ...errors } } },
    async () => coupons.list(app.orm.em, app.clock.now()),
  );

  app.post(
    '/api/admin/coupons',
    { config: { access: 'admin' }, schema: { body: couponInputSchema, response: { 201: couponSchema, ...errors, 409: apiErrorSchema } } },
    async (request, reply) => reply.code(201).send(await coupons.create(app.orm.em, requireAuth(request).userId, request.body, requestMeta(request), app.clock.now())),
  );

  app.patch(
    '/api/admin/coupons/:id',
    { config: { access: 'admin' }, schema: { params: couponParamsSchema, body: couponPatchSchema, response: { 200: couponSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema } } },
    async (request) => coupons.update(app.orm.em, requireAuth(request).userId, request.params.id, request.body, requestMeta(request), app.clock.now()),
  );
};

export default fp(promotionRoutes, { name: 'promotions-routes', encapsulate: true });
