// @vitest-environment node
/**
 * The API-call check itself (api-calls.ts, api-call-finder.ts) on an in-memory app and a small
 * document: what it works out of each call, and that a missing route, a wrong method, a value a
 * path parameter does not admit and an unlisted unresolved call are reported.
 */
import { describe, expect, it } from 'vitest';
import { callProblems, findApiCalls, operationProblem, type ApiDocument } from './api-calls.ts';

const ROOT = '/fixture';
const SRC = `${ROOT}/src`;

const UUID = { type: 'string', pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' };
const document: ApiDocument = {
  paths: {
    '/api/products/featured': { get: {} },
    '/api/orders': { get: {}, post: {} },
    '/api/orders/{id}': { get: { parameters: [{ in: 'path', name: 'id', required: true, schema: UUID }] } },
    '/api/orders/{id}/cancel': { post: {} },
    '/api/remotes/{remote}': { get: { parameters: [{ in: 'path', name: 'remote', required: true, schema: { $ref: '#/components/schemas/remoteName' } }] } },
    '/api/images/{*}': { delete: {} },
  },
  components: { schemas: { remoteName: { type: 'string', enum: ['storefront', 'checkout'] } } },
};

const files = {
  [`${SRC}/lib/api-client.ts`]: "export { apiRequest } from '@prata/shared-ui/state';\n",
  [`${SRC}/features/orders.ts`]: `import { apiRequest } from '../lib/api-client.ts';
import { apiRequest as request } from '@prata/shared-ui/state';

const schema = {};
const base = '/api/orders';
const orderPath = (id: string, rest: string) => \`\${base}/\${encodeURIComponent(id)}/\${rest}\`;
type Action = 'cancel' | 'ship';
const POST = { method: 'POST' } as const;

export const featured = () => apiRequest('/api/products/featured', schema);
export const missing = () => apiRequest('/api/products/featured/extra', schema);
export const wrongMethod = (id: string) => apiRequest(\`/api/orders/\${id}\`, schema, { method: 'DELETE' });
export const aliasConstQuery = () => request(\`\${base}?limit=\${10}\`, schema, POST);
export const viaFunction = (id: string) => apiRequest(orderPath(id, 'cancel'), schema, { method: 'POST' });
export const eachOfUnion = (id: string, action: Action) => apiRequest(\`/api/orders/\${id}/\${action}\`, schema, { method: 'POST' });
export const spread = (signal?: AbortSignal) => apiRequest('/api/orders', schema, { auth: false, ...(signal ? { signal } : {}) });
export const notAUuid = () => apiRequest('/api/orders/latest', schema);
export const enumValue = () => apiRequest('/api/remotes/admin', schema);
export const rest = (key: string) => apiRequest(\`/api/images/\${key.split('/').join('/')}\`, schema, { method: 'DELETE' });
export const unresolved = (path: string) => apiRequest(path, schema);
`,
};

const calls = findApiCalls({ files });
const byLine = (line: number) => calls.find((call) => call.line === line)!;

describe('findApiCalls', () => {
  it('finds every apiRequest call, under any local name, with its methods and path templates', () => {
    expect(calls.map(({ line, methods, paths, unresolved }) => ({ line, methods, paths, unresolved }))).toEqual([
      { line: 10, methods: ['GET'], paths: ['/api/products/featured'], unresolved: undefined },
      { line: 11, methods: ['GET'], paths: ['/api/products/featured/extra'], unresolved: undefined },
      { line: 12, methods: ['DELETE'], paths: ['/api/orders/{}'], unresolved: undefined },
      // Through a const path, the query string cut off; the method through a const object.
      { line: 13, methods: ['POST'], paths: ['/api/orders'], unresolved: undefined },
      // A one-expression function expanded with its arguments.
      { line: 14, methods: ['POST'], paths: ['/api/orders/{}/cancel'], unresolved: undefined },
      // A union of literals: one path each.
      { line: 15, methods: ['POST'], paths: ['/api/orders/{}/cancel', '/api/orders/{}/ship'], unresolved: undefined },
      { line: 16, methods: ['GET'], paths: ['/api/orders'], unresolved: undefined },
      { line: 17, methods: ['GET'], paths: ['/api/orders/latest'], unresolved: undefined },
      { line: 18, methods: ['GET'], paths: ['/api/remotes/admin'], unresolved: undefined },
      { line: 19, methods: ['DELETE'], paths: ['/api/images/{}'], unresolved: undefined },
      { line: 20, methods: ['GET'], paths: [], unresolved: expect.stringContaining('`path` is not a string literal') },
    ]);
    expect(byLine(13).text).toBe('request(`${base}?limit=${10}`, schema, POST)');
    expect(calls.every((call) => call.file === `${SRC}/features/orders.ts`)).toBe(true);
  });
});

describe('callProblems', () => {
  const problems = callProblems(calls, document, { root: ROOT, srcDir: SRC });

  it('reports a missing route, a wrong method, a value a parameter does not admit, with file:line and the call', () => {
    expect(problems).toEqual([
      "src/features/orders.ts:11 GET /api/products/featured/extra: no path of docs/api/openapi.json matches /api/products/featured/extra (`apiRequest('/api/products/featured/extra', schema)`)",
      "src/features/orders.ts:12 DELETE /api/orders/{}: /api/orders/{id} has GET: not DELETE (`apiRequest(`/api/orders/${id}`, schema, { method: 'DELETE' })`)",
      "src/features/orders.ts:15 POST /api/orders/{}/ship: no path of docs/api/openapi.json matches /api/orders/{}/ship (`apiRequest(`/api/orders/${id}/${action}`, schema, { method: 'POST' })`)",
      'src/features/orders.ts:17 GET /api/orders/latest: no path of docs/api/openapi.json matches /api/orders/latest (`apiRequest(\'/api/orders/latest\', schema)`)',
      'src/features/orders.ts:18 GET /api/remotes/admin: no path of docs/api/openapi.json matches /api/remotes/admin (`apiRequest(\'/api/remotes/admin\', schema)`)',
      expect.stringMatching(/^src\/features\/orders\.ts:20: cannot tell what `apiRequest\(path, schema\)` requests: .* list it in the test's unresolved calls as 'features\/orders\.ts: path' with the reason\.$/),
    ]);
  });

  it('accepts an unresolved call listed with its reason, and reports a listed call that is gone', () => {
    const listed = callProblems(calls, document, { root: ROOT, srcDir: SRC, unresolved: { 'features/orders.ts: path': 'the caller passes a documented path', 'features/gone.ts: x': 'stale' } });
    expect(listed.filter((problem) => problem.includes(':20'))).toEqual([]);
    expect(listed).toContain("'features/gone.ts: x' is listed as an unresolved call, but there is no such unresolved call any more: take it off the list");
  });
});

describe('operationProblem', () => {
  it('matches the router: literal over parameter by its schema, a dynamic segment, the wildcard', () => {
    expect(operationProblem(document, 'GET', '/api/orders/0b7e5a4c-8a4e-4a47-9c1e-6a2d1c9f0b11')).toBeUndefined();
    expect(operationProblem(document, 'GET', '/api/remotes/checkout')).toBeUndefined();
    expect(operationProblem(document, 'POST', '/api/orders/{}/{}')).toBeUndefined();
    expect(operationProblem(document, 'DELETE', '/api/images/a/b/c.webp')).toBeUndefined();
    expect(operationProblem(document, 'DELETE', '/api/images')).toBe('no path of docs/api/openapi.json matches /api/images');
    expect(operationProblem(document, 'PUT', '/api/orders')).toBe('/api/orders has GET, POST: not PUT');
  });
});
