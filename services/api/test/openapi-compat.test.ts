/**
 * The API is a contract with the live remotes: the committed API document (docs/api/openapi.json,
 * checked against the routes by openapi.test.ts) breaks nothing the document as last released
 * (docs/api/released/openapi.json) offered, by `openapi-diff` (src/scripts/openapi-compat.ts).
 * The check is proved both ways on the real document edited in memory: the breaking edits a
 * remote would suffer are reported (with the fix), the additions pass. No database needed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { isJsonObject, type JsonObject, type OpenApiDocument } from '../src/scripts/openapi-30.ts';
import { compareApiDocuments, CURRENT_OPENAPI_FILE, describeBreakingChanges, readOpenApiDocument, RELEASED_OPENAPI_FILE, type ApiDifference } from '../src/scripts/openapi-compat.ts';

let current: OpenApiDocument;

beforeAll(async () => {
  current = await readOpenApiDocument(CURRENT_OPENAPI_FILE);
});

/** The schema (a component, when by `$ref`) an operation's part points at: editable in place. */
function schemaOf(document: OpenApiDocument, holder: unknown): JsonObject {
  const schema = (holder as { content: { 'application/json': { schema: JsonObject } } }).content['application/json'].schema;
  const ref = typeof schema.$ref === 'string' ? schema.$ref.split('/').at(-1)! : undefined;
  const found = ref ? document.components?.schemas?.[ref] : schema;
  if (!isJsonObject(found)) throw new Error(`no schema behind ${JSON.stringify(schema)}`);
  return found;
}

function operation(document: OpenApiDocument, method: string, route: string): JsonObject {
  const found = document.paths[route]?.[method];
  if (!isJsonObject(found)) throw new Error(`${method.toUpperCase()} ${route} is not in the document (pick another operation for this test)`);
  return found;
}

const requestSchema = (document: OpenApiDocument, method: string, route: string) => schemaOf(document, operation(document, method, route).requestBody);
const responseSchema = (document: OpenApiDocument, method: string, route: string, status = '200') => schemaOf(document, (operation(document, method, route).responses as JsonObject)[status]);

/** The current document with `edit` applied to a copy, compared with the current one as released. */
async function afterEdit(edit: (document: OpenApiDocument) => void) {
  const edited = structuredClone(current);
  edit(edited);
  return compareApiDocuments(current, edited);
}

const summary = (differences: ApiDifference[]) => differences.map(({ code, method, path, part, fields }) => ({ code, method, path, part, fields }));

describe('the API document against the one last released', () => {
  it('breaks nothing the released remotes call (else keep the old shape, or release the remotes and run `npm run openapi:release`)', async () => {
    const report = await compareApiDocuments(await readOpenApiDocument(RELEASED_OPENAPI_FILE), current);
    expect(report.breaking.length, describeBreakingChanges(report)).toBe(0);
  });
});

describe('the breaking-change check', () => {
  it('finds nothing between the document and itself, fast', async () => {
    const started = performance.now();
    const report = await compareApiDocuments(current, structuredClone(current));
    expect(report).toEqual({ breaking: [], nonBreaking: [], unclassified: [], changedOperations: [] });
    expect(performance.now() - started).toBeLessThan(60_000);
  });

  it('reports a removed route the storefront calls, with the fix', async () => {
    const report = await afterEdit((document) => {
      delete document.paths['/api/products/featured'];
    });
    expect(summary(report.breaking)).toEqual([{ code: 'path.remove', method: 'GET', path: '/api/products/featured', part: undefined, fields: undefined }]);
    const message = describeBreakingChanges(report);
    expect(message).toContain('  - path.remove GET /api/products/featured');
    expect(message).toContain('keep the old shape');
    expect(message).toContain('npm run openapi:release');
  });

  it('reports a removed method', async () => {
    const report = await afterEdit((document) => {
      delete document.paths['/api/orders']!.post;
    });
    expect(summary(report.breaking)).toEqual([expect.objectContaining({ code: 'method.remove', method: 'POST', path: '/api/orders' })]);
  });

  it('reports an optional request field made required', async () => {
    const report = await afterEdit((document) => {
      const body = requestSchema(document, 'post', '/api/reservations');
      expect(body.required).not.toContain('variantId');
      body.required = [...(body.required as string[]), 'variantId'];
    });
    expect(summary(report.breaking)).toEqual([{ code: 'request.body.scope.remove', method: 'POST', path: '/api/reservations', part: 'request body', fields: 'now required: variantId' }]);
  });

  it('reports a field removed from an answer, at every operation that answers it', async () => {
    const report = await afterEdit((document) => {
      const product = responseSchema(document, 'get', '/api/products/{id}');
      expect(product.required).toContain('name');
      delete (product.properties as JsonObject).name;
      product.required = (product.required as string[]).filter((field) => field !== 'name');
    });
    expect(summary(report.breaking)).toContainEqual({ code: 'response.body.scope.add', method: 'GET', path: '/api/products/{id}', part: 'response 200', fields: 'removed: name' });
    expect(summary(report.breaking)).toContainEqual({ code: 'response.body.scope.add', method: 'GET', path: '/api/products/featured', part: 'response 200', fields: 'removed: [].name' });
    expect(report.breaking.every((difference) => difference.code === 'response.body.scope.add')).toBe(true);
  });

  it('reports an answer field made nullable and a query parameter made required', async () => {
    const report = await afterEdit((document) => {
      (responseSchema(document, 'get', '/api/products/{id}').properties as JsonObject).slug = { type: ['string', 'null'] };
      const category = (operation(document, 'get', '/api/products').parameters as JsonObject[]).find((parameter) => parameter.name === 'category')!;
      expect(category.required).toBe(false);
      category.required = true;
    });
    expect(summary(report.breaking)).toContainEqual({ code: 'response.body.scope.add', method: 'GET', path: '/api/products/{id}', part: 'response 200', fields: 'now nullable: slug' });
    expect(summary(report.breaking)).toContainEqual({ code: 'request.query.scope.remove', method: 'GET', path: '/api/products', part: 'query parameters', fields: 'now required: category' });
  });

  it('lets additions pass: a route, an optional request field, an answer field, an optional query parameter', async () => {
    const report = await afterEdit((document) => {
      document.paths['/api/gift-wrapping'] = { get: { responses: { 200: { description: 'Default Response', content: { 'application/json': { schema: { type: 'object', properties: { available: { type: 'boolean' } }, required: ['available'] } } } } } } };
      (requestSchema(document, 'post', '/api/reservations').properties as JsonObject).note = { type: 'string', maxLength: 200 };
      const product = responseSchema(document, 'get', '/api/products/{id}');
      (product.properties as JsonObject).hallmark = { type: 'string' };
      product.required = [...(product.required as string[]), 'hallmark'];
      (operation(document, 'get', '/api/products').parameters as JsonObject[]).push({ in: 'query', name: 'material', required: false, schema: { type: 'string' } });
    });
    expect(report.breaking, describeBreakingChanges(report)).toEqual([]);
    expect(summary(report.nonBreaking)).toContainEqual({ code: 'path.add', method: 'GET', path: '/api/gift-wrapping', part: undefined, fields: undefined });
    expect(summary(report.nonBreaking)).toContainEqual({ code: 'request.body.scope.add', method: 'POST', path: '/api/reservations', part: 'request body', fields: 'added: note' });
    expect(summary(report.nonBreaking)).toContainEqual(expect.objectContaining({ code: 'response.body.scope.remove', method: 'GET', path: '/api/products/{id}', fields: 'added: hallmark (required)' }));
  });

  it('reports a change to a schema every operation answers at each of them, without diffing it at each', async () => {
    const started = performance.now();
    const report = await afterEdit((document) => {
      const error = responseSchema(document, 'post', '/api/orders', '400');
      delete (error.properties as JsonObject).message;
      error.required = (error.required as string[]).filter((field) => field !== 'message');
    });
    const operations = new Set(report.breaking.map((difference) => `${difference.method} ${difference.path}`));
    expect(operations.size).toBeGreaterThan(100);
    expect(report.breaking.every((difference) => difference.code === 'response.body.scope.add' && difference.fields === 'removed: message')).toBe(true);
    expect(performance.now() - started).toBeLessThan(60_000);
  });
});
