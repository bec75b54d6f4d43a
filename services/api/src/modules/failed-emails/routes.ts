/**
 * Failed e-mail routes, admin only:
 * - `GET /api/admin/failed-emails`: the e-mails whose every delivery attempt failed, newest first;
 * - `POST /api/admin/failed-emails/:id/resend`: sends one again (audited as `email_resent`).
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, failedEmailPageSchema, idParamsSchema, messageSchema } from '@prata/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { requestMeta } from '../identity/index.ts';
import { FailedEmailsService } from './failed-emails.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

const failedEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new FailedEmailsService(app.mailer);
  app.get('/api/admin/failed-emails', { config: { access: 'admin' }, schema: { response: { 200: failedEmailPageSchema, ...errors } } }, async () =>
    service.list(app.orm.em),
  );
  app.post(
    '/api/admin/failed-emails/:id/resend',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 200: messageSchema, ...errors } } },
    async (request) => {
      await service.resend(app.orm.em, request.params.id, requireAuth(request).userId, requestMeta(request));
      return { message: 'E-mail reenviado.' };
    },
  );
};

export default fp(failedEmailRoutes, { name: 'failed-emails-routes', encapsulate: true });
