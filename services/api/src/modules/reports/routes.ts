/**
 * Report routes of the admin panel (admin.md 2, 9):
 * - `GET /api/admin/dashboard` (admin): the overview tab's figures
 * - `GET /api/admin/sales?period=7|30|90|365|all` (admin, default 30): the sales report
 * - `GET /api/admin/recovery?days=` (admin, default 30): the 'Recuperação' card (recovery-report.ts)
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, dashboardSchema, recoveryReportQuerySchema, recoveryReportSchema, salesQuerySchema, salesReportSchema } from '@prata/contracts';
import { recoveryReport } from './recovery-report.ts';
import { ReportsService } from './reports.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ReportsService(app.clock, app.payments.name);
  app.get('/api/admin/dashboard', { config: { access: 'admin' }, schema: { response: { 200: dashboardSchema, ...errors } } }, async () =>
    service.dashboard(app.orm.em),
  );
  app.get(
    '/api/admin/sales',
    { config: { access: 'admin' }, schema: { querystring: salesQuerySchema, response: { 200: salesReportSchema, ...errors } } },
    async (request) => service.sales(app.orm.em, request.query.period),
  );
  app.get(
    '/api/admin/recovery',
    { config: { access: 'admin' }, schema: { querystring: recoveryReportQuerySchema, response: { 200: recoveryReportSchema, ...errors } } },
    async (request) => recoveryReport(app.orm.em, app.clock.now(), request.query.days),
  );
};

export default fp(reportRoutes, { name: 'reports-routes', encapsulate: true });
