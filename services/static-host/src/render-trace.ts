/**
 * The trace of each server render (W3C Trace Context): a render runs inside {@link withRenderTrace},
 * whose AsyncLocalStorage the host puts on `globalThis` under `Symbol.for(RENDER_TRACE_KEY)`
 * (@prata/contracts/server-rendering), so every API call the render makes, from the shell or a
 * remote's Node build, sends a `traceparent` of the render's one trace, and the service's spans of
 * those calls (their SQL) hang under it. The document answered now names that trace in its
 * `traceresponse` header (Trace Context Level 2), so a developer follows a page to its SQL.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { RENDER_TRACE_KEY, traceIdOfHeader, type RenderTraceStorage } from '@prata/contracts/server-rendering';

const storage = new AsyncLocalStorage<{ traceId: string }>();
(globalThis as Record<symbol, RenderTraceStorage>)[Symbol.for(RENDER_TRACE_KEY)] = storage;

/** A render's trace: its id (32 hex digits) and the `traceresponse` header value naming it. */
export interface RenderTrace {
  traceId: string;
  traceresponse: string;
}

/**
 * The trace of a render for a request whose `traceparent` header is `incoming` (a proxy's or CDN's
 * in front of the host: continued), or a new trace when it has none or a malformed one.
 */
export function renderTraceFor(incoming: string | string[] | undefined): RenderTrace {
  const traceId = traceIdOfHeader(Array.isArray(incoming) ? incoming[0] : incoming) ?? randomBytes(16).toString('hex');
  return { traceId, traceresponse: `00-${traceId}-${randomBytes(8).toString('hex')}-01` };
}

/** Runs `render` (and everything it starts) in the trace `traceId`. */
export function withRenderTrace<T>(traceId: string, render: () => T): T {
  return storage.run({ traceId }, render);
}
