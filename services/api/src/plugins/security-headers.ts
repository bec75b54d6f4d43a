/**
 * Security headers plugin: helmet's headers on every response, computed once.
 *
 * The headers come from helmet itself (the same library and options as @fastify/helmet), but
 * helmet's middleware is run once, at registration, against a recording response, and the
 * headers it set are copied onto each reply in `onRequest`. @fastify/helmet builds a new helmet
 * middleware for every request (options parsed, directives dashified and validated each time),
 * which measured about a tenth of the CPU a cached catalogue request costs; the API's headers do
 * not vary per request, so that work is done once here. A route may still override a header
 * (e.g. `cross-origin-resource-policy: cross-origin` on images) after `onRequest`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets with `options` (lower-case names), as a plain object.
 * @throws what helmet throws for invalid options (e.g. a malformed CSP directive).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({ headers: {} } as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export default fp<{ helmet: HelmetOptions }>(
  async (app, options) => {
    const headers = helmetHeaders(options.helmet);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
