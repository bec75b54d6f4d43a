/**
 * One error handler for the service: validation errors -> 400 'Dados inválidos' with field
 * issues; DomainError -> its status and pt-BR message; anything else -> 500 with no details
 * (the error is logged). Unknown routes -> 404.
 */
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError } from '@prata/contracts';
import { ZodError } from 'zod';
import { DomainError, ValidationError } from '../errors.ts';

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
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500 && !isResponseSerializationError(error)) {
        return reply.code(status).send({ error: 'bad_request', message: 'Requisição inválida' } satisfies ApiError);
      }
      request.log.error({ err: error }, 'unhandled error');
      request.serverFault = error instanceof Error ? error : new Error(String(error));
      return reply.code(500).send({ error: 'internal', message: 'Erro interno do servidor' } satisfies ApiError);
    });

    app.setNotFoundHandler((_request, reply) => {
      return reply.code(404).send({ error: 'not_found', message: 'Recurso não encontrado' } satisfies ApiError);
    });
  },
  { name: 'error-handler' },
);
