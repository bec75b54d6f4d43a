/**
 * Trace context on API calls: a call that is preflighted anyway (signed in, or a JSON
 * body) sends a W3C traceparent, and its error names that trace; a simple anonymous GET sends none.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiRequestError, apiRequest } from './api-client.ts';
import { setRuntimeConfig } from './runtime-config.ts';
import { useSessionStore } from './session-store.ts';

let seen: Headers[];
beforeEach(() => {
  seen = [];
  setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    seen.push(new Headers(init?.headers));
    return Response.json({ error: 'internal', message: 'Erro interno do servidor' }, { status: 500 });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
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

  it('stays off simple anonymous GETs (no extra CORS preflight for the catalogue)', async () => {
    await apiRequest('/api/products', z.unknown()).catch(() => undefined);
    expect(seen[0]!.get('traceparent')).toBeNull();
  });
});
