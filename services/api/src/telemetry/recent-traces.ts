/**
 * The service's memory of traces: without an OTLP collector, the spans of requests and
 * jobs that failed or were slow are kept here, bounded, for the developer area's trace waterfall.
 *
 * A span processor: spans are buffered per trace until the trace's local root ends (a span
 * without a parent, or whose parent came from another process: the browser's `traceparent`).
 * The trace is kept when its root ended in error (status ERROR, or HTTP status >= 500) or took at
 * least `slowMs`; otherwise it is dropped. At most `maxTraces` kept (least recently used out), at
 * most `maxPending` traces buffered, `maxSpansPerTrace` spans each.
 *
 * A kept trace an error event names is pinned ({@link RecentTraces.pin}): it moves to a store of
 * its own (at most `maxPinned`), so the traffic after the error (every request is a trace when
 * `slowMs` is 0) does not push out the trace a developer opens from that error.
 */
import { SpanKind, SpanStatusCode, type Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { LRUCache } from 'lru-cache';
import { maskPathTokens, type TraceSpanDto } from '@prata/contracts';

export interface RecentTracesOptions {
  slowMs: number;
  maxTraces?: number;
  maxPending?: number;
  maxSpansPerTrace?: number;
  /** Traces named by error events, kept apart from the ordinary traffic's (default 500). */
  maxPinned?: number;
}

/** Attributes kept on a span (the rest are left out of the store). */
const KEPT_ATTRIBUTES = ['http.request.method', 'http.route', 'url.path', 'http.response.status_code', 'db.system', 'db.statement', 'db.query.text', 'job.name', 'fastify.type', 'hook.name', 'error.type'];

const hrMs = (time: [number, number]) => time[0] * 1000 + time[1] / 1e6;

function statusOf(span: ReadableSpan): number | undefined {
  const status = span.attributes['http.response.status_code'] ?? span.attributes['http.status_code'];
  return typeof status === 'number' ? status : undefined;
}

export class RecentTraces implements SpanProcessor {
  private readonly kept: LRUCache<string, ReadableSpan[]>;
  private readonly pending: LRUCache<string, ReadableSpan[]>;
  private readonly pinned: LRUCache<string, ReadableSpan[]>;
  /** Traces still running when an error named them: pinned when they end, if kept. */
  private readonly pinWhenEnded: LRUCache<string, true>;
  private slowMs: number;
  private readonly maxSpansPerTrace: number;

  constructor(options: RecentTracesOptions) {
    this.slowMs = options.slowMs;
    this.maxSpansPerTrace = options.maxSpansPerTrace ?? 500;
    this.kept = new LRUCache({ max: options.maxTraces ?? 200 });
    this.pending = new LRUCache({ max: options.maxPending ?? 2000 });
    this.pinned = new LRUCache({ max: options.maxPinned ?? 500 });
    this.pinWhenEnded = new LRUCache({ max: options.maxPinned ?? 500 });
  }

  /**
   * Keeps the kept trace `traceId` apart from the ordinary traffic's (an error event names it).
   * A trace still running (the service's own error, reported before its request span ends) is
   * pinned when it ends, if it is kept then. Returns whether it was kept or is running; an unknown
   * id (dropped, evicted, or made up by a report) pins nothing.
   */
  pin(traceId: string): boolean {
    if (this.pinned.has(traceId)) return true;
    const spans = this.kept.get(traceId);
    if (!spans) {
      if (!this.pending.has(traceId)) return false;
      this.pinWhenEnded.set(traceId, true);
      return true;
    }
    this.pinned.set(traceId, spans);
    this.kept.delete(traceId);
    return true;
  }

  /** Changes the slow threshold (ms) for the traces that end from now on. */
  setSlowMs(slowMs: number): void {
    this.slowMs = slowMs;
  }

  onStart(_span: Span, _parentContext: Context): void {}

  onEnd(span: ReadableSpan): void {
    const traceId = span.spanContext().traceId;
    const spans = this.pinned.get(traceId) ?? this.kept.get(traceId) ?? this.pending.get(traceId) ?? [];
    if (spans.length < this.maxSpansPerTrace) spans.push(span);
    if (this.kept.has(traceId) || this.pinned.has(traceId)) return;
    const parent = span.parentSpanContext;
    const localRoot = !parent || parent.isRemote === true;
    if (!localRoot) {
      this.pending.set(traceId, spans);
      return;
    }
    this.pending.delete(traceId);
    const failed = span.status.code === SpanStatusCode.ERROR || (statusOf(span) ?? 0) >= 500;
    const slow = hrMs(span.duration) >= this.slowMs;
    const pin = this.pinWhenEnded.delete(traceId);
    if (failed || slow) (pin ? this.pinned : this.kept).set(traceId, spans);
  }

  /** The kept spans of `traceId`, in start order, times relative to the first span's start (ms); null when not kept. */
  get(traceId: string): TraceSpanDto[] | null {
    const spans = this.pinned.get(traceId) ?? this.kept.get(traceId);
    if (!spans || spans.length === 0) return null;
    const origin = Math.min(...spans.map((span) => hrMs(span.startTime)));
    return [...spans]
      .sort((a, b) => hrMs(a.startTime) - hrMs(b.startTime))
      .map((span) => ({
        spanId: span.spanContext().spanId,
        parentSpanId: span.parentSpanContext?.spanId ?? null,
        name: span.name,
        kind: SpanKind[span.kind] ?? 'INTERNAL',
        startMs: hrMs(span.startTime) - origin,
        durationMs: hrMs(span.duration),
        error: span.status.code === SpanStatusCode.ERROR,
        attributes: Object.fromEntries(
          KEPT_ATTRIBUTES.flatMap((key) => {
            const value = span.attributes[key];
            // `url.path` of a tracking link carries its token: masked as the access log masks it.
            return value === undefined ? [] : [[key, (key === 'url.path' ? maskPathTokens(String(value)) : String(value)).slice(0, 1000)]];
          }),
        ),
      }));
  }

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}
