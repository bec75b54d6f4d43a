/**
 * System errors plugin: decorates `app.systemErrors` (system-errors.service.ts) and records the
 * service's own 5xx answers the way browsers report theirs (source `server`, remote `api`, the
 * API version, the route as page URL), after the answer went out, never failing the request.
 */
import fp from 'fastify-plugin';
import { SystemErrorService } from './system-errors.service.ts';
import { CanaryReportTokens } from '../platform/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    systemErrors: SystemErrorService;
  }
}

export default fp(
  async (app) => {
    const tokens = new CanaryReportTokens(app.config.jwtSecret);
    const service = new SystemErrorService(app.events, app.clock, (report, now) => tokens.verify(report.reportToken, report.remote, report.version, now));
    app.decorate('systemErrors', service);
    app.addHook('onResponse', async (request) => {
      const fault = request.serverFault;
      if (!fault) return;
      await service
        .report(
          app.orm.em.fork(),
          {
            errorType: fault.name || 'Error',
            errorMessage: fault.message || 'Erro interno do servidor',
            pageUrl: `${request.method} ${request.routeOptions.url ?? request.url}`,
            ...(fault.stack ? { errorStack: fault.stack } : {}),
            remote: 'api',
            version: app.config.apiVersion,
          },
          'server',
        )
        .catch((error: unknown) => request.log.error({ err: error }, 'could not record the server error'));
    });
  },
  { name: 'system-errors', dependencies: ['config', 'clock', 'orm', 'events'] },
);
