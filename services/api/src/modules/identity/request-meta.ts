import type { FastifyRequest } from 'fastify';
import type { RequestMeta } from '../audit/index.ts';

/** What the audit log keeps of a request: the client IP (as trusted by TRUST_PROXY) and its User-Agent, each null when absent. */
export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
}
