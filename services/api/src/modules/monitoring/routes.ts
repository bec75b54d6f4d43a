/**
 * Monitoring routes (developer only; contracts/monitoring.ts):
 * - `GET /api/developer/job-monitors`: every periodic job of the service with its last run,
 *   duration, outcome, last failure, next expected run and whether it is late;
 * - `GET /api/developer/uptime`: each uptime target with its last check, uptime share and p95
 *   latency over the last 24 hours, and its newest failures;
 * - alert rules: `GET /api/developer/alert-rules`, `POST /api/developer/alert-rules` (201),
 *   `PUT /api/developer/alert-rules/:id`, `DELETE /api/developer/alert-rules/:id` (204); 400 for a
 *   webhook URL the outbound-URL guard refuses, 404 for an unknown rule;
 *   `GET /api/developer/alert-firings`: the newest 100 firings.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertFiringListSchema,
  alertRuleInputSchema,
  alertRuleListSchema,
  alertRuleParamsSchema,
  alertRuleSchema,
  apiErrorSchema,
  jobMonitorsSchema,
  uptimeSchema,
} from '@prata/contracts';

const refusals = { 401: apiErrorSchema, 403: apiErrorSchema } as const;

const monitoringRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/developer/job-monitors',
    { config: { access: 'developer' }, schema: { response: { 200: jobMonitorsSchema, ...refusals } } },
    async () => app.monitoring.jobs.overview(app.orm.em, app.jobs.schedule()),
  );

  app.get(
    '/api/developer/uptime',
    { config: { access: 'developer' }, schema: { response: { 200: uptimeSchema, ...refusals } } },
    async () => app.monitoring.uptime.overview(app.orm.em),
  );

  app.get(
    '/api/developer/alert-rules',
    { config: { access: 'developer' }, schema: { response: { 200: alertRuleListSchema, ...refusals } } },
    async () => app.monitoring.alerts.list(app.orm.em),
  );

  app.post(
    '/api/developer/alert-rules',
    { config: { access: 'developer' }, schema: { body: alertRuleInputSchema, response: { 201: alertRuleSchema, 400: apiErrorSchema, ...refusals } } },
    async (request, reply) => reply.code(201).send(await app.monitoring.alerts.create(app.orm.em, request.body)),
  );

  app.put(
    '/api/developer/alert-rules/:id',
    { config: { access: 'developer' }, schema: { params: alertRuleParamsSchema, body: alertRuleInputSchema, response: { 200: alertRuleSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...refusals } } },
    async (request) => app.monitoring.alerts.update(app.orm.em, request.params.id, request.body),
  );

  app.delete(
    '/api/developer/alert-rules/:id',
    { config: { access: 'developer' }, schema: { params: alertRuleParamsSchema, response: { 204: z.null(), 400: apiErrorSchema, 404: apiErrorSchema, ...refusals } } },
    async (request, reply) => {
      await app.monitoring.alerts.remove(app.orm.em, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/developer/alert-firings',
    { config: { access: 'developer' }, schema: { response: { 200: alertFiringListSchema, ...refusals } } },
    async () => app.monitoring.alerts.firings(app.orm.em),
  );
};

export default monitoringRoutes;
