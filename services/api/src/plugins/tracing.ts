/**
 * Tracing plugin (telemetry/tracing.ts): installs the process's OpenTelemetry tracer
 * provider (TRACE_SLOW_MS, OTEL_EXPORTER_OTLP_ENDPOINT), instruments every route with
 * @fastify/otel (a request span continuing the caller's `traceparent`; its SQL and jobs hang
 * under it), and decorates `app.traces` (the errored and slow traces kept in memory) and
 * `request.traceId` (the request's trace id). Registered before every other plugin and route.
 *
 * Every answer names its trace in a `traceresponse` header (W3C Trace Context Level 2:
 * `00-<trace id>-<request span id>-<flags>`), exposed to the store's origins by CORS (app.ts), so a
 * browser call sent without a `traceparent` (a simple GET, which a custom header would preflight)
 * still learns the trace its SQL hangs under.
 *
 * No span per lifecycle hook or handler: every request runs about ten hooks (security headers,
 * CORS, request context, access, ...), and a span each measured a third of the CPU of a cached
 * catalogue request, while what the developer area shows of a request is its duration, its
 * status and its SQL, all of which hang on the request span.
 */
import { FastifyOtelInstrumentation } from '@fastify/otel';
import fp from 'fastify-plugin';
import type { RecentTraces } from '../telemetry/recent-traces.ts';
import { installTracing } from '../telemetry/tracing.ts';

declare module 'fastify' {
  interface FastifyInstance {
    traces: RecentTraces;
  }
  interface FastifyRequest {
    /** The W3C trace id of this request (32 hex digits), or null when it is not traced. */
    readonly traceId: string | null;
  }
}

export default fp(
  async (app) => {
    const tracing = installTracing({ serviceVersion: app.config.apiVersion, slowMs: app.config.traceSlowMs, otlpEndpoint: app.config.otlpEndpoint });
    app.decorate('traces', tracing.recent);
    const instrumentation = new FastifyOtelInstrumentation({ registerOnInitialization: false, instrumentHooks: false, instrumentHandler: false });
    await app.register(instrumentation.plugin());
    app.addHook('onRequest', async (request, reply) => {
      const context = request.opentelemetry().span?.spanContext();
      if (context) void reply.header('traceresponse', `00-${context.traceId}-${context.spanId}-0${(context.traceFlags & 1).toString()}`);
    });
    app.decorateRequest('traceId', {
      getter(this: { opentelemetry?: () => { span?: { spanContext(): { traceId: string } } | null } }) {
        return this.opentelemetry?.().span?.spanContext().traceId ?? null;
      },
    });
  },
  { name: 'tracing', dependencies: ['config'] },
);
