/**
 * System error routes (admin.md 2 developer dashboard, 7):
 * - `POST /api/errors` (public: shoppers, customers and staff report the errors their browser
 *   saw): body at most 16 KiB, ERROR_REPORTS_PER_MINUTE per client IP (429 beyond), texts cut to
 *   the contract's limits, de-duplicated by fingerprint; 202 with the row's id and count. No
 *   source map is read while answering (security review 2026-11-29 #1): a report with frames a
 *   map may apply to enqueues a `source-map-frames` job (jobs.ts, one per
 *   stored event, at most FRAME_MAPPING_JOBS_PER_TICK per poll) that maps them afterwards
 *   (source-maps.ts, SystemErrorService.mapEvent). The answer names the stored event and a token
 *   for attaching its replay (replay-feedback.routes.ts).
 * - `GET /api/developer/errors`: the 100 issues seen last (the dashboard's live log);
 *   `POST /api/developer/errors/:id/resolve`;
 * - `GET /api/developer/issues`: filters, order and pages (errorIssueQuerySchema);
 *   `GET /api/developer/issues/:id`: the issue and its newest events with breadcrumbs and frames;
 *   `POST /api/developer/issues/:id/status`: unresolved, resolved or ignored;
 * - `GET /api/developer/traces/:traceId`: the spans of a failed or slow request or job the
 *   service kept in memory (404 once forgotten, or when it was neither);
 * - `PUT /api/developer/source-maps/:app/:version`: multipart, one `*.js.map` per part
 *   (each at most SOURCE_MAP_MAX_BYTES), stored for mapping that build's stack frames (source-maps.ts);
 *   `GET /api/developer/stats`: the dashboard's counts; `GET /api/developer/dead-letters`: work that
 *   failed its last retry (events/handler-retries.ts), newest 100. Developer only.
 */
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ERROR_REPORT_MAX_BYTES,
  apiErrorSchema,
  deadLetterListSchema,
  developerStatsSchema,
  errorIssueDetailSchema,
  errorIssuePageSchema,
  errorIssueQuerySchema,
  errorIssueStatusSchema,
  errorReportResultSchema,
  errorReportSchema,
  sourceMapUploadParamsSchema,
  traceParamsSchema,
  traceSchema,
  sourceMapUploadResultSchema,
  systemErrorListSchema,
  systemErrorSchema,
} from '@prata/contracts';
import { DomainError, NotFoundError, ValidationError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { generatedFileOf, SOURCE_MAP_MAX_BYTES, type SourceMapFile } from './source-maps.ts';
import { replayTokenFor } from './replays.ts';
import { SERVICE_REMOTE } from './system-errors.service.ts';
import { addressKey } from '@prata/contracts/address-key';

/** Source maps one upload may carry. */
const SOURCE_MAP_FILES_PER_UPLOAD = 500;
/** Bytes of source maps one upload carries in all (a release's builds are ~10-20 MB of maps). */
export const SOURCE_MAP_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

/** A multipart failure as the client's 400 (a too-large part, a broken body); domain errors stay. */
function sourceMapUploadError(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return new ValidationError('Source map grande demais.');
  return new ValidationError('Envio de arquivo inválido.', [{ path: 'file', message: 'Envie arquivos .js.map' }], 'invalid_multipart');
}

const idParams = z.object({ id: z.uuid({ error: 'Identificador inválido' }) });

const systemErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.systemErrors;
  await app.register(multipart, { limits: { fileSize: SOURCE_MAP_MAX_BYTES, files: SOURCE_MAP_FILES_PER_UPLOAD, fields: 0 } });

  app.put(
    '/api/developer/source-maps/:app/:version',
    {
      bodyLimit: SOURCE_MAP_MAX_BYTES * 4,
      config: { access: 'developer' },
      schema: { params: sourceMapUploadParamsSchema, response: { 201: sourceMapUploadResultSchema, 400: apiErrorSchema, 413: apiErrorSchema } },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new ValidationError('Envie os source maps como multipart/form-data.');
      const files: SourceMapFile[] = [];
      let received = 0;
      try {
        for await (const part of request.files()) {
          const file = generatedFileOf(part.filename);
          const bytes = await part.toBuffer();
          // The upload in all, not only each file (review #10: 500 files of 25 MB were each buffered).
          received += bytes.length;
          if (received > SOURCE_MAP_UPLOAD_MAX_BYTES) throw new DomainError(413, 'payload_too_large', `Envio grande demais: até ${SOURCE_MAP_UPLOAD_MAX_BYTES / 1024 / 1024} MB de source maps por vez.`);
          files.push({ file, json: bytes.toString('utf8') });
        }
      } catch (error) {
        throw sourceMapUploadError(error);
      }
      if (files.length === 0) throw new ValidationError('Nenhum source map enviado.');
      const stored = await app.sourceMaps.save(app.orm.em.fork(), request.params.app, request.params.version, files, app.clock.now());
      return reply.code(201).send({ stored });
    },
  );

  app.post(
    '/api/errors',
    {
      bodyLimit: ERROR_REPORT_MAX_BYTES,
      config: { access: 'public', rateLimit: { max: app.config.errorReportsPerMinute, timeWindow: 60_000 } },
      schema: { body: errorReportSchema, response: { 202: errorReportResultSchema, 400: apiErrorSchema, 413: apiErrorSchema, 429: apiErrorSchema } },
    },
    async (request, reply) => {
      // `api` is the service's own errors (recorded by the service itself): a browser cannot report as it (security review 2026-11-29 #15).
      if (request.body.remote === SERVICE_REMOTE) throw new ValidationError('Dados inválidos', [{ path: 'body.remote', message: 'Origem reservada ao serviço' }]);
      const row = await service.report(app.orm.em, { ...request.body, userAgent: request.body.userAgent ?? request.headers['user-agent'] }, 'client', { userId: request.auth?.userId ?? null, address: addressKey(request.ip) });
      // The API call the error came from stays open from its event ('Ver trace da requisição').
      if (request.body.traceId) app.traces.pin(request.body.traceId);
      // Only this browser may attach its replay to the event (replay-feedback.routes.ts).
      return reply.code(202).send({ id: row.id, count: row.count, eventId: row.eventId, replayToken: replayTokenFor(app.config.jwtSecret, row.eventId, app.clock.now()) });
    },
  );

  app.get(
    '/api/developer/errors',
    { config: { access: 'developer' }, schema: { response: { 200: systemErrorListSchema } } },
    async () => service.list(app.orm.em),
  );

  app.post(
    '/api/developer/errors/:id/resolve',
    { config: { access: 'developer' }, schema: { params: idParams, response: { 200: systemErrorSchema, 400: apiErrorSchema, 404: apiErrorSchema } } },
    async (request) => service.resolve(app.orm.em, request.params.id, requireAuth(request).userId),
  );

  app.get(
    '/api/developer/traces/:traceId',
    { config: { access: 'developer' }, schema: { params: traceParamsSchema, response: { 200: traceSchema, 400: apiErrorSchema, 404: apiErrorSchema } } },
    async (request) => {
      const spans = app.traces.get(request.params.traceId);
      if (!spans) throw new NotFoundError('Trace não guardado: o serviço guarda por pouco tempo só os de requisições com erro ou lentas.');
      return { traceId: request.params.traceId, spans };
    },
  );

  app.get(
    '/api/developer/issues',
    { config: { access: 'developer' }, schema: { querystring: errorIssueQuerySchema, response: { 200: errorIssuePageSchema, 400: apiErrorSchema } } },
    async (request) => service.issues(app.orm.em, request.query),
  );

  app.get(
    '/api/developer/issues/:id',
    { config: { access: 'developer' }, schema: { params: idParams, response: { 200: errorIssueDetailSchema, 400: apiErrorSchema, 404: apiErrorSchema } } },
    async (request) => service.issue(app.orm.em, request.params.id),
  );

  app.post(
    '/api/developer/issues/:id/status',
    { config: { access: 'developer' }, schema: { params: idParams, body: errorIssueStatusSchema, response: { 200: systemErrorSchema, 400: apiErrorSchema, 404: apiErrorSchema } } },
    async (request) => service.setStatus(app.orm.em, request.params.id, request.body.status, requireAuth(request).userId),
  );

  app.get(
    '/api/developer/dead-letters',
    { config: { access: 'developer' }, schema: { response: { 200: deadLetterListSchema } } },
    async () => {
      const rows = await app.orm.em
        .getConnection()
        .execute<{ id: string; source: string; handler: string; event_type: string | null; reference: string | null; error: string; attempts: number; created_at: Date }[]>(
          'select id, source, handler, event_type, reference, error, attempts, created_at from dead_letters order by created_at desc limit 100',
          [],
          'all',
        );
      return rows.map((row) => ({ id: row.id, source: row.source, handler: row.handler, eventType: row.event_type, reference: row.reference, error: row.error, attempts: row.attempts, createdAt: new Date(row.created_at).toISOString() }));
    },
  );

  app.get(
    '/api/developer/stats',
    { config: { access: 'developer' }, schema: { response: { 200: developerStatsSchema } } },
    async () => service.stats(app.orm.em),
  );
};

export default fp(systemErrorRoutes, { name: 'system-errors-routes', encapsulate: true, dependencies: ['system-errors'] });
