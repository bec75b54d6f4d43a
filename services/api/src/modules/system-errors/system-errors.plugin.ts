/**
 * System errors plugin: decorates `app.systemErrors` (system-errors.service.ts) and
 * `app.sourceMaps` (source-maps.ts: stored reports' frames are mapped through them by a job, see
 * index.ts; its worker thread stops with the app), imports the source maps of `SOURCE_MAP_DIRS`
 * once the service is ready (a failure is logged, never fatal), and
 * records the service's own 5xx answers the way browsers report theirs (source `server`, remote
 * `api`, the API version, the route as page URL), after the answer went out, never failing the request.
 */
import fp from 'fastify-plugin';
import { SourceMapStore } from './source-maps.ts';
import { SERVICE_REMOTE, SystemErrorService } from './system-errors.service.ts';
import { CanaryReportTokens, isServedVersion, markCanaryClientErrored } from '../platform/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    systemErrors: SystemErrorService;
    sourceMaps: SourceMapStore;
  }
}

export default fp(
  async (app) => {
    const tokens = new CanaryReportTokens(app.config.jwtSecret);
    const { registry } = app.platform;
    const sourceMaps = new SourceMapStore({ connectionString: app.orm.config.get('clientUrl') as string });
    const service = new SystemErrorService(
      app.events,
      app.clock,
      // A verified report also marks its client as erroring for the canary guard.
      async (report, now, em) => {
        const clientId = tokens.clientOf(report.reportToken, report.remote, report.version, now);
        if (clientId === null) return false;
        await markCanaryClientErrored(em, report.remote!, report.version!, clientId, now);
        return true;
      },
      sourceMaps.mapper(),
      // Release health: an unhandled error of a remote version crashed its session (a few per address).
      (em, report) => app.releaseHealth.markCrashed(em, report.sessionId, report.remote, report.version, report.address),
      // Regressions only from versions the store served (review #15).
      (em, remote, version) => isServedVersion(em, registry, remote, version),
    );
    app.decorate('systemErrors', service);
    app.decorate('sourceMaps', sourceMaps);
    app.addHook('onClose', async () => sourceMaps.close());
    app.addHook('onReady', async () => {
      for (const dir of app.config.sourceMapDirs) {
        await sourceMaps
          .importBuild(app.orm.em.fork(), dir, app.clock.now())
          .then((count) => count > 0 && app.log.info({ dir, count }, 'source maps imported'))
          .catch((error: unknown) => app.log.warn({ err: error, dir }, 'could not import the source maps'));
      }
    });
    app.addHook('onResponse', async (request) => {
      const fault = request.serverFault;
      if (!fault) return;
      // The failed request's trace stays open from its error event, whatever traffic follows.
      if (request.traceId) app.traces.pin(request.traceId);
      await service
        .report(
          app.orm.em.fork(),
          {
            errorType: fault.name || 'Error',
            errorMessage: fault.message || 'Erro interno do servidor',
            pageUrl: `${request.method} ${request.routeOptions.url ?? request.url}`,
            ...(fault.stack ? { errorStack: fault.stack } : {}),
            remote: SERVICE_REMOTE,
            version: app.config.apiVersion,
            ...(request.traceId ? { traceId: request.traceId } : {}),
          },
          'server',
        )
        .catch((error: unknown) => request.log.error({ err: error }, 'could not record the server error'));
    });
  },
  { name: 'system-errors', dependencies: ['config', 'clock', 'orm', 'events', 'release-health', 'platform', 'tracing'] },
);
