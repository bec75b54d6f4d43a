/**
 * System status and QA routes (admin.md 2 "Admin QA page", "System status panel"),
 * admin only:
 * - `GET /api/admin/system-status`: every check, run now;
 * - `POST /api/admin/qa/runs`: run the QA checks, store the findings, return them;
 * - `GET /api/admin/qa/issues`: every stored issue; `PATCH /api/admin/qa/issues/:id` `{ status }`:
 *   'Resolver' (resolved) or 'Ignorar' (ignored).
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, qaIssueListSchema, qaIssueSchema, qaIssueUpdateSchema, qaRunResultSchema, systemStatusSchema } from '@prata/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { QaService } from './qa.service.ts';
import { SystemStatusService } from './system-status.service.ts';

const idParams = z.object({ id: z.uuid({ error: 'Identificador inválido' }) });

const qualityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { registry } = app.platform;
  const status = new SystemStatusService({ app, storage: app.storage, registry: () => registry.list() });
  const qa = new QaService({ app, clock: app.clock, registry: () => registry.list() });

  app.get(
    '/api/admin/system-status',
    { config: { access: 'admin' }, schema: { response: { 200: systemStatusSchema } } },
    async (request) => ({ checkedAt: app.clock.now().toISOString(), checks: await status.run(app.orm.em, requireAuth(request)) }),
  );

  app.post('/api/admin/qa/runs', { config: { access: 'admin' }, schema: { response: { 200: qaRunResultSchema } } }, async () => qa.run(app.orm.em.fork()));

  app.get('/api/admin/qa/issues', { config: { access: 'admin' }, schema: { response: { 200: qaIssueListSchema } } }, async () => qa.list(app.orm.em));

  app.patch(
    '/api/admin/qa/issues/:id',
    { config: { access: 'admin' }, schema: { params: idParams, body: qaIssueUpdateSchema, response: { 200: qaIssueSchema, 400: apiErrorSchema, 404: apiErrorSchema } } },
    async (request) => qa.setStatus(app.orm.em, request.params.id, request.body.status),
  );
};

export default fp(qualityRoutes, { name: 'quality-routes', encapsulate: true, dependencies: ['platform'] });
