/**
 * Activity log routes (admin.md 2 "Activity logs", 3 admin_logs, 9):
 * - `GET /api/admin/logs?period&action&search` (admin): the newest 100 rows of the period
 *   (1, 7 (default), 30, 90 days or all) for an action filter (all, login, product, 2fa,
 *   profile) and a free-text search over the action and the details, plus a summary of every
 *   matching row.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminLogPageSchema, adminLogQuerySchema, apiErrorSchema } from '@prata/contracts';
import { AuditLogService } from './audit-log.service.ts';

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new AuditLogService(app.clock);
  app.get(
    '/api/admin/logs',
    {
      config: { access: 'admin' },
      schema: { querystring: adminLogQuerySchema, response: { 200: adminLogPageSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema } },
    },
    async (request) => service.page(app.orm.em, request.query),
  );
};

export default fp(auditRoutes, { name: 'audit-routes', encapsulate: true });
