/**
 * Platform routes: `GET /api/health` (200 when PostgreSQL answers, else 503 with `Retry-After`) and
 * `GET /api/remotes` (the remote registry the shell composes the store from: the bootstrap
 * file/env registry with the active releases of the database applied; `?client=<id>` (the
 * browser's first-party `prata_client` id) puts a client in or out of each running canary, sticky
 * per id, counted (at most CANARY_CLIENTS_PER_ADDRESS per address) under the shopper's address
 * when the shell's host signed the id, else under the address that asked; `&preview=<remote>@<version>` shows a signed-in admin or developer that published
 * version (ignored for anyone else); never cached).
 *
 * Remote releases, developer only, audited:
 * - `GET /api/developer/remotes/:remote/releases`: versions (active marked), history, current entry;
 * - `POST /api/developer/remotes/:remote/releases` `{ version, manifestUrl, integrity, serverIntegrity?, styleIntegrity?, weight?, notes?, activate? }` (201);
 * - `POST /api/developer/remotes/:remote/releases/from-manifest` `{ manifestUrl, integrity?, notes?, acceptGrowth? }` (201):
 *   publishes, never activates, a build on an allowed release origin, read and checked there as
 *   `npm run release` checks it (manifest-publisher.ts; 400/409/422 with the pt-BR reason);
 * - `POST /api/developer/remotes/:remote/activate` `{ version }`;
 * - `POST /api/developer/remotes/:remote/rollback` `{ version? }` (ends a running canary first);
 * - `POST /api/developer/remotes/:remote/canary` `{ version, percent }`, `DELETE .../canary`.
 * Activation checks the release first (409 with the pt-BR reason when it fails).
 * - `GET /api/developer/composition`: the composed store, the shell and each remote's
 *   active and canary builds with their build-info.json (shared singletons, weight) and their
 *   mismatches with the shell (composition.service.ts; an unreadable build-info.json is null).
 *
 * Release health: `POST /api/vitals` and the developer's release-health and Web Vitals
 * views (release-health.routes.ts).
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activateReleaseSchema,
  apiErrorSchema,
  compositionSchema,
  healthSchema,
  publishFromManifestSchema,
  publishReleaseSchema,
  remoteParamsSchema,
  remoteRegistryQuerySchema,
  remoteRegistrySchema,
  remoteReleaseListSchema,
  rollbackReleaseSchema,
  remotePreviewSchema,
  REGISTRY_CANARIES_HEADER,
  startCanarySchema,
  type RemoteRegistry,
} from '@prata/contracts';
import type { FastifyRequest } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../database/availability.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { User, requestMeta } from '../identity/index.ts';
import type { ReleaseActor } from './remote-releases.service.ts';
import { releaseHealthRoutes } from './release-health.routes.ts';
import { CompositionService } from './composition.service.ts';
import { ManifestPublisher } from './manifest-publisher.ts';
import { addressKey } from '@prata/contracts/address-key';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const { registry, releases } = app.platform;
  let lastRegistry: RemoteRegistry | undefined;

  /** The signed-in developer as a release actor (e-mail recorded as published_by/activated_by). */
  const actor = async (request: FastifyRequest): Promise<ReleaseActor> => {
    const { userId } = requireAuth(request);
    const user = await app.orm.em.findOne(User, { id: userId }, { fields: ['email'] });
    return { userId, label: user?.email ?? userId, meta: requestMeta(request) };
  };
  const startedAt = Date.now();
  await app.register(releaseHealthRoutes(releases));
  const composition = new CompositionService(releases, { shellUrl: app.config.shellUrl, allowedOrigins: app.config.releaseOrigins, log: app.log });
  const manifestPublisher = new ManifestPublisher(releases, { shellUrl: app.config.shellUrl, allowedOrigins: app.config.releaseOrigins, log: app.log });

  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const up = await app.orm.em
        .getConnection()
        .execute('select 1 as ok')
        .then(() => true)
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'health check: database unreachable');
          return false;
        });
      const body = { status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down', uptimeMs: Date.now() - startedAt } as const;
      void reply.header('cache-control', 'no-store');
      if (!up) void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.code(up ? 200 : 503).send(body);
    },
  );

  app.get(
    '/api/remotes',
    { config: { access: 'public' }, schema: { querystring: remoteRegistryQuerySchema, response: { 200: remoteRegistrySchema, 400: apiErrorSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      try {
        // A staff preview of one version (e.g. `storefront@0.1.0-3f9c2a1b`) only for admins and developers.
        const staff = request.auth?.roles.some((role) => role === 'admin' || role === 'developer') ?? false;
        const [remote, version] = staff && request.query.preview ? request.query.preview.split('@') : [];
        const preview = remote && version ? remotePreviewSchema.parse({ remote, version }) : undefined;
        // A client id the shell's host signed counts under the shopper's address the host saw: every
        // server-rendered page asks from the host's one address. Any other id counts under the asking address.
        const signed = request.query.client ? await app.platform.clientIds?.verify(request.query.client) : null;
        const address = signed ? `host:${signed.addressTag}` : addressKey(request.ip);
        const served = await releases.registry(app.orm.em, request.query.client, preview, address);
        if (!request.query.client && !preview) {
          lastRegistry = served;
          void reply.header(REGISTRY_CANARIES_HEADER, [...(await releases.canaryReleases(app.orm.em)).keys()].sort().join(','));
        }
        return served;
      } catch (error) {
        // While PostgreSQL is unreachable the store keeps composing from the last registry this
        // process served (or the bootstrap one), instead of failing every page load.
        if (!isDatabaseUnavailable(error)) throw error;
        app.log.warn({ err: error }, 'remote registry: database unreachable; serving the last known registry');
        return lastRegistry ?? registry.list();
      }
    },
  );

  app.get(
    '/api/developer/remotes/:remote/releases',
    { config: { access: 'developer' }, schema: { params: remoteParamsSchema, response: { 200: remoteReleaseListSchema, ...errors } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return releases.list(app.orm.em, request.params.remote);
    },
  );

  app.get(
    '/api/developer/composition',
    { config: { access: 'developer' }, schema: { response: { 200: compositionSchema, 401: apiErrorSchema, 403: apiErrorSchema } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return composition.composition(app.orm.em);
    },
  );

  app.post(
    '/api/developer/remotes/:remote/releases',
    { config: { access: 'developer' }, schema: { params: remoteParamsSchema, body: publishReleaseSchema, response: { 201: remoteReleaseListSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await releases.publish(app.orm.em, request.params.remote, request.body, await actor(request))),
  );

  app.post(
    '/api/developer/remotes/:remote/releases/from-manifest',
    {
      config: { access: 'developer' },
      schema: { params: remoteParamsSchema, body: publishFromManifestSchema, response: { 201: remoteReleaseListSchema, ...errors, 422: apiErrorSchema } },
    },
    async (request, reply) => reply.code(201).send(await manifestPublisher.publish(app.orm.em, request.params.remote, request.body, await actor(request))),
  );

  app.post(
    '/api/developer/remotes/:remote/activate',
    { config: { access: 'developer' }, schema: { params: remoteParamsSchema, body: activateReleaseSchema, response: { 200: remoteReleaseListSchema, ...errors } } },
    async (request) => releases.activate(app.orm.em, request.params.remote, request.body.version, await actor(request)),
  );

  app.post(
    '/api/developer/remotes/:remote/canary',
    { config: { access: 'developer' }, schema: { params: remoteParamsSchema, body: startCanarySchema, response: { 200: remoteReleaseListSchema, ...errors } } },
    async (request) => releases.startCanary(app.orm.em, request.params.remote, request.body.version, request.body.percent, await actor(request)),
  );

  app.delete(
    '/api/developer/remotes/:remote/canary',
    { config: { access: 'developer' }, schema: { params: remoteParamsSchema, response: { 200: remoteReleaseListSchema, ...errors } } },
    async (request) => releases.endCanary(app.orm.em, request.params.remote, await actor(request)),
  );

  app.post(
    '/api/developer/remotes/:remote/rollback',
    { config: { access: 'developer' }, schema: { params: remoteParamsSchema, body: rollbackReleaseSchema, response: { 200: remoteReleaseListSchema, ...errors } } },
    async (request) => releases.rollback(app.orm.em, request.params.remote, request.body.version, await actor(request)),
  );
};

export default fp(platformRoutes, { name: 'platform-routes', encapsulate: true, dependencies: ['platform'] });
