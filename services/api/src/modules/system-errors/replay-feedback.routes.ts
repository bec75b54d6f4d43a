/**
 * Session replay and shopper feedback routes (contracts/system-errors.ts replay, contracts/feedback.ts):
 * - `POST /api/errors/:eventId/replay` (public): the rrweb recording of the report that stored
 *   `eventId`, `application/octet-stream` of gzip JSON `{ events }`, at most REPLAY_MAX_BYTES (413),
 *   with the report's `replayToken` in `x-replay-token` (403 without), once per event (409), at most
 *   ERROR_REPORTS_PER_MINUTE per client IP (429); 201 (replays.ts).
 * - `GET /api/developer/errors/events/:eventId/replay`: the recording, for the player (developer only).
 * - `POST /api/feedback` (public, multipart: the fields of `feedbackInputSchema` and an optional
 *   `screenshot` file, at most FEEDBACK_SCREENSHOT_MAX_BYTES, 413; not an image, 415), FEEDBACK_PER_MINUTE
 *   per client IP (429); 201 with its id (feedback.ts).
 * - `GET /api/developer/feedback?issueId=`: the newest feedback, or that of an issue's sessions;
 *   `GET /api/developer/feedback/:id/screenshot`: its screenshot as a data URL (developer only).
 */
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FEEDBACK_PER_MINUTE,
  FEEDBACK_SCREENSHOT_MAX_BYTES,
  REPLAY_MAX_BYTES,
  apiErrorSchema,
  errorReplaySchema,
  feedbackListSchema,
  feedbackParamsSchema,
  feedbackQuerySchema,
  feedbackResultSchema,
  feedbackScreenshotSchema,
  replayParamsSchema,
  replayUploadResultSchema,
} from '@prata/contracts';
import { DomainError, ValidationError } from '../../errors.ts';
import { feedbackScreenshot, listFeedback, receiveFeedback } from './feedback.ts';
import { readReplay, storeReplay } from './replays.ts';

/** Text fields a feedback form has (description, email, sessionId, pageUrl, remote), and their size. */
const FEEDBACK_FIELDS = 5;
const FEEDBACK_FIELD_BYTES = 8 * 1024;

/** A multipart failure of the feedback form as the client's 4xx; domain errors stay. */
function feedbackUploadError(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new DomainError(413, 'file_too_large', `Captura de tela grande demais: até ${FEEDBACK_SCREENSHOT_MAX_BYTES / 1024 / 1024} MB.`);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return new ValidationError('Envie só a descrição, o e-mail e uma captura de tela.');
  return new ValidationError('Envio inválido.', [{ path: 'screenshot', message: 'Envie uma imagem' }], 'invalid_multipart');
}

const replayFeedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: FEEDBACK_SCREENSHOT_MAX_BYTES, files: 1, fields: FEEDBACK_FIELDS, fieldSize: FEEDBACK_FIELD_BYTES, parts: FEEDBACK_FIELDS + 1 } });
  // The recording is sent as gzip bytes; the route checks them (replays.ts).
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: REPLAY_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.post(
    '/api/errors/:eventId/replay',
    {
      bodyLimit: REPLAY_MAX_BYTES,
      config: { access: 'public', rateLimit: { max: app.config.errorReportsPerMinute, timeWindow: 60_000 } },
      schema: {
        params: replayParamsSchema,
        headers: z.object({ 'x-replay-token': z.string().max(200).optional() }),
        response: { 201: replayUploadResultSchema, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) throw new ValidationError('Envie a gravação como application/octet-stream (JSON comprimido com gzip).');
      const events = await storeReplay(app.orm.em.fork(), app.config.jwtSecret, request.params.eventId, request.headers['x-replay-token'], request.body, app.clock.now());
      return reply.code(201).send({ eventId: request.params.eventId, events });
    },
  );

  app.get(
    '/api/developer/errors/events/:eventId/replay',
    { config: { access: 'developer' }, schema: { params: replayParamsSchema, response: { 200: errorReplaySchema, 400: apiErrorSchema, 404: apiErrorSchema } } },
    async (request) => readReplay(app.orm.em, request.params.eventId),
  );

  app.post(
    '/api/feedback',
    {
      bodyLimit: FEEDBACK_SCREENSHOT_MAX_BYTES + FEEDBACK_FIELDS * FEEDBACK_FIELD_BYTES + 16 * 1024,
      config: { access: 'public', rateLimit: { max: FEEDBACK_PER_MINUTE, timeWindow: 60_000 } },
      schema: { response: { 201: feedbackResultSchema, 400: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema } },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new ValidationError('Envie o relato como multipart/form-data.');
      const fields: Record<string, string> = {};
      let screenshot: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'screenshot') throw new ValidationError('Arquivo inesperado', [{ path: part.fieldname, message: 'Só a captura de tela (screenshot) é aceita' }]);
            screenshot = await part.toBuffer();
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (error) {
        throw feedbackUploadError(error);
      }
      const id = await receiveFeedback(app.orm.em.fork(), fields as never, screenshot, { userId: request.auth?.userId ?? null, userAgent: request.headers['user-agent'] }, app.clock.now());
      return reply.code(201).send({ id });
    },
  );

  app.get(
    '/api/developer/feedback',
    { config: { access: 'developer' }, schema: { querystring: feedbackQuerySchema, response: { 200: feedbackListSchema, 400: apiErrorSchema } } },
    async (request) => listFeedback(app.orm.em, request.query),
  );

  app.get(
    '/api/developer/feedback/:id/screenshot',
    { config: { access: 'developer' }, schema: { params: feedbackParamsSchema, response: { 200: feedbackScreenshotSchema, 400: apiErrorSchema, 404: apiErrorSchema } } },
    async (request) => feedbackScreenshot(app.orm.em, request.params.id),
  );
};

export default fp(replayFeedbackRoutes, { name: 'replay-feedback-routes', encapsulate: true, dependencies: ['system-errors'] });
