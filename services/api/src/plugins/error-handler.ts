/**
 * One error handler for the service: validation errors -> 400 'Dados inválidos' with field
 * issues; DomainError -> its status and pt-BR message; the database unreachable (down,
 * restarting, refusing connections: database/availability.ts) -> 503 with `Retry-After` and a
 * pt-BR message; anything else -> 500 with no details (the error is logged). Unknown routes -> 404.
 * While the service drains for shutdown, requests arriving on kept-alive connections get the
 * same 503 (Fastify's own drain answer is English); every answer sent while draining carries
 * `Connection: close`. Zod's own messages are set to pt-BR.
 */
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError } from '@prata/contracts';
import { ZodError, z } from 'zod';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../database/availability.ts';
import { DomainError, ValidationError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the error handler when it answers 500 (the system-errors module records it). */
    serverFault?: Error;
  }
}

const unavailable: ApiError = { error: 'service_unavailable', message: DATABASE_UNAVAILABLE_MESSAGE };

// Field messages the schemas do not word themselves (e.g. a wrong type) are zod's pt-BR ones:
// every 4xx the service sends is in Portuguese.
z.config(z.locales.ptBR());

export default fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const body: ApiError = {
          error: 'validation',
          message: 'Dados inválidos',
          issues: error.validation.map((issue) => ({
            path: [error.validationContext, ...String(issue.instancePath).split('/').filter(Boolean)].join('.'),
            message: issue.message ?? 'inválido',
          })),
        };
        return reply.code(400).send(body);
      }
      if (error instanceof ZodError) {
        const body: ApiError = {
          error: 'validation',
          message: 'Dados inválidos',
          issues: error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
        };
        return reply.code(400).send(body);
      }
      if (error instanceof ValidationError && error.issues) {
        return reply.code(400).send({ error: error.code, message: error.message, issues: error.issues } satisfies ApiError);
      }
      if (error instanceof DomainError) {
        return reply.code(error.statusCode).send({ error: error.code, message: error.message } satisfies ApiError);
      }
      if ((error as { statusCode?: number }).statusCode === 429) {
        return reply
          .code(429)
          .send({ error: 'too_many_requests', message: 'Muitas tentativas. Tente novamente em alguns minutos.' } satisfies ApiError);
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(unavailable);
      }
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500 && !isResponseSerializationError(error)) {
        return reply.code(status).send({ error: 'bad_request', message: 'Requisição inválida' } satisfies ApiError);
      }
      request.log.error({ err: error }, 'unhandled error');
      request.serverFault = error instanceof Error ? error : new Error(String(error));
      return reply.code(500).send({ error: 'internal', message: 'Erro interno do servidor' } satisfies ApiError);
    });

    let draining = false;
    app.addHook('preClose', async () => {
      draining = true;
    });
    app.addHook('onRequest', async (_request, reply) => {
      if (!draining) return;
      return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).header('connection', 'close').send(unavailable);
    });
    // Requests in flight when the drain began answer with `Connection: close`, so their kept-alive
    // sockets end with them and the server can close.
    app.addHook('onSend', async (_request, reply) => {
      if (draining) void reply.header('connection', 'close');
    });

    app.setNotFoundHandler((_request, reply) => {
      return reply.code(404).send({ error: 'not_found', message: 'Recurso não encontrado' } satisfies ApiError);
    });
  },
  { name: 'error-handler' },
);
