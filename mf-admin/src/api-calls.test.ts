// @vitest-environment node
/**
 * The API is a contract: every API call of the admin panel (each `apiRequest` under src/)
 * exists in the API document, docs/api/openapi.json, with the method it sends. A call to a route
 * the service does not have, or with another method, fails here with its file:line
 * (@prata/shared-ui/testing/api-calls).
 */
import { describe, expect, it } from 'vitest';
import { checkApiCalls } from '@prata/shared-ui/testing/api-calls';

describe('API calls', () => {
  it('each names an operation of docs/api/openapi.json', { timeout: 60_000 }, () => {
    const { calls, problems } = checkApiCalls({ srcDir: import.meta.dirname });
    expect(calls.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
