/**
 * Release health routes (contracts/web-vitals.ts):
 * - `POST /api/vitals` (public): a page load's Web Vitals, sent as a beacon (`text/plain` JSON, so
 *   no preflight), at most 4 KiB and VITALS_PER_MINUTE per client IP; 204 whether kept or sampled out.
 * - `GET /api/developer/release-health?remote=`: the active, canary and previous versions' sessions,
 *   crash-free rate, adoption and p75 Web Vitals side by side (developer only).
 * - `GET /api/developer/web-vitals?remote=&version=`: p75 and p95 per day, route and metric (developer
 *   only; the active version when `version` is left out).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, releaseHealthQuerySchema, releaseHealthSchema, webVitalsBeaconSchema, webVitalsSeriesSchema, type ReleaseHealthVersion } from '@prata/contracts';
import type { RemoteReleaseService } from './remote-releases.service.ts';

/** Largest beacon, bytes. */
const VITALS_MAX_BYTES = 4 * 1024;

export function releaseHealthRoutes(releases: RemoteReleaseService): FastifyPluginAsyncZod {
  return async (app) => {
    // sendBeacon sends text/plain (a CORS-safelisted type); the body is JSON all the same.
    app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: VITALS_MAX_BYTES }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(Object.assign(new Error('JSON inválido'), { statusCode: 400 }), undefined);
      }
    });

    app.post(
      '/api/vitals',
      {
        bodyLimit: VITALS_MAX_BYTES,
        config: { access: 'public', rateLimit: { max: app.config.vitalsPerMinute, timeWindow: 60_000 } },
        schema: { body: webVitalsBeaconSchema, response: { 204: z.null(), 400: apiErrorSchema, 413: apiErrorSchema, 429: apiErrorSchema } },
      },
      async (request, reply) => {
        await app.releaseHealth.record(app.orm.em, request.body);
        return reply.code(204).send(null);
      },
    );

    /** The versions to compare: active, canary, and the one active before the active one. */
    const versionsOf = async (remote: Parameters<RemoteReleaseService['list']>[1]) => {
      const list = await releases.list(app.orm.em, remote);
      const active = list.active ?? list.current.version;
      const out: { version: string; state: ReleaseHealthVersion['state'] }[] = [{ version: active, state: 'active' }];
      if (list.canary && list.canary.version !== active) out.push({ version: list.canary.version, state: 'canary' });
      const previous = list.history.find((entry) => entry.version && entry.version !== active && entry.action !== 'publish')?.version;
      if (previous && !out.some((entry) => entry.version === previous)) out.push({ version: previous, state: 'previous' });
      return out;
    };

    app.get(
      '/api/developer/release-health',
      { config: { access: 'developer' }, schema: { querystring: releaseHealthQuerySchema, response: { 200: releaseHealthSchema, 400: apiErrorSchema } } },
      async (request) => ({ remote: request.query.remote, versions: await app.releaseHealth.health(app.orm.em, request.query.remote, await versionsOf(request.query.remote)) }),
    );

    app.get(
      '/api/developer/web-vitals',
      { config: { access: 'developer' }, schema: { querystring: releaseHealthQuerySchema, response: { 200: webVitalsSeriesSchema, 400: apiErrorSchema } } },
      async (request) => {
        const version = request.query.version ?? (await versionsOf(request.query.remote))[0]!.version;
        return app.releaseHealth.series(app.orm.em, request.query.remote, version);
      },
    );
  };
}
