/**
 * Release health plugin: decorates `app.releaseHealth` (release-health.service.ts, with
 * the `WEB_VITALS_SAMPLE_RATE` setting) for the Web Vitals routes, the canary guard and the error
 * reports that mark sessions crashed.
 */
import fp from 'fastify-plugin';
import { CanaryReportTokens } from './canary-report-token.ts';
import { ReleaseHealthService } from './release-health.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    releaseHealth: ReleaseHealthService;
  }
}

export default fp(
  async (app) => {
    const tokens = new CanaryReportTokens(app.config.jwtSecret);
    app.decorate('releaseHealth', new ReleaseHealthService(app.clock, app.config.webVitalsSampleRate, (token, remote, version, now) => tokens.clientOf(token, remote, version, now)));
  },
  { name: 'release-health', dependencies: ['config', 'clock'] },
);
