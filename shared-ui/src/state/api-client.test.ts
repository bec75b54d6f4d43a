/**
 * Trace context on API calls: a call that is preflighted anyway (signed in, or a JSON
 * body) sends a W3C traceparent, and its error names that trace; a simple anonymous GET sends none
 * and learns its trace from the service's `traceresponse`; on the server (a page render) every call
 * sends a traceparent of the render's trace.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { RENDER_TRACE_KEY } from '@prata/contracts/server-rendering';
import { ApiRequestError, apiRequest } from './api-client.ts';
import { setRuntimeConfig } from './runtime-config.ts';
import { useSessionStore } from './session-store.ts';

const SERVICE_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
let seen: Headers[];
beforeEach(() => {
  seen = [];
  setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    seen.push(new Headers(init?.headers));
    const sent = new Headers(init?.headers).get('traceparent');
    // The service names the trace it continued, or the one it started.
    const traceresponse = sent ? sent.replace(/-[0-9a-f]{16}-/, '-00f067aa0ba902b7-') : `00-${SERVICE_TRACE}-00f067aa0ba902b7-01`;
    return Response.json({ error: 'internal', message: 'Erro interno do servidor' }, { status: 500, headers: { traceresponse } });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete (globalThis as Record<symbol, unknown>)[Symbol.for(RENDER_TRACE_KEY)];
  useSessionStore.setState({ accessToken: null });
});

describe('traceparent', () => {
  it('goes with calls that are preflighted anyway, and their errors name the trace', async () => {
    const failure = await apiRequest('/api/orders', z.unknown(), { method: 'POST', body: { a: 1 } }).catch((error: unknown) => error);
    const header = seen[0]!.get('traceparent');
    expect(header).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect((failure as ApiRequestError).traceId).toBe(header!.split('-')[1]);
  });

  it('stays off simple anonymous GETs (no extra CORS preflight for the catalogue), whose errors name the trace the service started', async () => {
    const failure = await apiRequest('/api/products', z.unknown()).catch((error: unknown) => error);
    expect(seen[0]!.get('traceparent')).toBeNull();
    expect((failure as ApiRequestError).traceId).toBe(SERVICE_TRACE);
  });

  it("goes with every call of a server render, in the render's trace, each call a span of its own", async () => {
    vi.stubGlobal('window', undefined);
    const renderTrace = '0af7651916cd43dd8448eb211c80319c';
    (globalThis as Record<symbol, unknown>)[Symbol.for(RENDER_TRACE_KEY)] = { getStore: () => ({ traceId: renderTrace }) };
    await apiRequest('/api/products', z.unknown()).catch(() => undefined);
    await apiRequest('/api/categories', z.unknown()).catch(() => undefined);
    const headers = seen.map((sent) => sent.get('traceparent'));
    expect(headers.map((header) => header?.split('-')[1])).toEqual([renderTrace, renderTrace]);
    expect(headers[0]!.split('-')[2]).not.toBe(headers[1]!.split('-')[2]);
  });
});
