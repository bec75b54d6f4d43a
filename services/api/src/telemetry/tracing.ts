/**
 * Traces (OpenTelemetry): one tracer provider per process, registered globally with the
 * AsyncLocalStorage context manager and the W3C `traceparent` propagator, so that a browser's API
 * call, the Fastify request (@fastify/otel: request, hooks and handler spans), its SQL (one span
 * per query from MikroORM's query log, {@link TracingLogger}) and pg-boss jobs share a trace.
 *
 * Spans go to {@link RecentTraces} (errored and slow traces kept in memory for the developer
 * area) and, when `OTEL_EXPORTER_OTLP_ENDPOINT` is set, to any OTLP/HTTP collector (Jaeger,
 * Grafana Tempo, an OpenTelemetry Collector) in batches.
 */
import { context, propagation, trace, SpanKind, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { DefaultLogger, type LogContext, type LoggerOptions } from '@mikro-orm/core';
import { RecentTraces } from './recent-traces.ts';

export interface TracingOptions {
  serviceVersion: string;
  /** Traces at least this long are kept even without an error, ms. */
  slowMs: number;
  /** OTLP/HTTP traces endpoint (e.g. `http://collector:4318/v1/traces`), or undefined. */
  otlpEndpoint?: string | undefined;
}

export interface Tracing {
  tracer: Tracer;
  recent: RecentTraces;
}

let installed: Tracing | null = null;

/**
 * Installs tracing for this process (once; later calls return the first installation, as the
 * global provider is one per process, with the latest call's `slowMs`: a process runs one service,
 * except the tests, which build one after another in one process).
 */
export function installTracing(options: TracingOptions): Tracing {
  if (installed) {
    installed.recent.setSlowMs(options.slowMs);
    return installed;
  }
  const recent = new RecentTraces({ slowMs: options.slowMs });
  const processors: SpanProcessor[] = [recent];
  if (options.otlpEndpoint) processors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url: options.otlpEndpoint })));
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'prata-api', 'service.version': options.serviceVersion }),
    spanProcessors: processors,
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  installed = { tracer: trace.getTracer('prata-api', options.serviceVersion), recent };
  return installed;
}

/** The trace id of the span active now, or undefined. */
export function activeTraceId(): string | undefined {
  const span = trace.getActiveSpan();
  return span?.spanContext().traceId;
}

/** Runs `work` in a span named `name` (a job run, a background step); the span records a thrown error. */
export async function inSpan<T>(name: string, attributes: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const tracer = trace.getTracer('prata-api');
  return tracer.startActiveSpan(name, { kind: SpanKind.INTERNAL, attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * MikroORM's logger, plus one span per SQL query (MikroORM reports each query with the time it
 * took after it ran: the span ends now and starts `took` ms earlier, under the active span).
 */
export class TracingLogger extends DefaultLogger {
  override logQuery(context: { query: string; took?: number; level?: string } & LogContext): void {
    const span = trace.getActiveSpan();
    if (span) {
      const end = Date.now();
      const sqlSpan = trace.getTracer('prata-api').startSpan(
        'pg.query',
        { kind: SpanKind.CLIENT, startTime: end - (context.took ?? 0), attributes: { 'db.system': 'postgresql', 'db.query.text': context.query.slice(0, 2000) } },
      );
      if (context.level === 'error') sqlSpan.setStatus({ code: SpanStatusCode.ERROR });
      sqlSpan.end(end);
    }
    super.logQuery(context);
  }

  /** The logger factory for the ORM configuration. */
  static factory(options: LoggerOptions): TracingLogger {
    return new TracingLogger(options);
  }
}

