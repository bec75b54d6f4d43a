// @vitest-environment node
/** On the server (the shell's host rendering a page) the API's answers are asked for uncompressed. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from './api-client.ts';
import { setRuntimeConfig } from './runtime-config.ts';

afterEach(() => vi.restoreAllMocks());

describe('apiRequest on the server', () => {
  it("sends 'accept-encoding: identity'", async () => {
    expect(typeof window).toBe('undefined');
    setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' });
    const seen: Headers[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      seen.push(new Headers(init?.headers));
      return Response.json([]);
    });
    await apiRequest('/api/products/featured', z.array(z.unknown()), { auth: false });
    expect(seen[0]!.get('accept-encoding')).toBe('identity');
  });
});
