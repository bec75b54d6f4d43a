/**
 * The API reference (plugins/api-docs.ts): served under /api/docs by default, absent with
 * `API_DOCS=false`, and the committed docs/api/openapi.json matches the routes (a route or schema
 * changed without `npm run openapi` fails here).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { openApiJson } from '../src/plugins/api-docs.ts';
import { createTestService, type TestService } from './helpers.ts';

let service: TestService;

beforeAll(async () => {
  service = await createTestService();
});

afterAll(async () => {
  await service.close();
});

describe('API reference', () => {
  it('serves the OpenAPI document and its reader under /api/docs', async () => {
    const json = await service.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const document = json.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths['/api/products'] ?? {})).toContain('get');
    expect(Object.keys(document.paths['/api/orders'] ?? {})).toContain('post');
    expect(Object.keys(document.paths).some((url) => url.startsWith('/api/docs'))).toBe(false);
    const reader = await service.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(reader.statusCode).toBe(200);
    expect(reader.headers['content-type']).toContain('text/html');
  });

  it('matches the committed docs/api/openapi.json (run `npm run openapi` after changing a route)', async () => {
    const committed = await readFile(path.join(REPO_ROOT, 'docs/api/openapi.json'), 'utf8');
    expect(JSON.parse(committed)).toEqual(JSON.parse(openApiJson(service.app)));
  });

  it('is absent with API_DOCS=false', async () => {
    const off = await createTestService({ API_DOCS: 'false' });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
      expect((await off.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
