/**
 * The API reference: an OpenAPI 3.1 document generated from the routes' own zod
 * schemas (@fastify/swagger, with fastify-type-provider-zod's JSON-schema transform), served as
 * JSON at `GET /api/docs/json` and with a reader (Swagger UI) at `GET /api/docs`. On by default;
 * `API_DOCS=false` turns it off (nothing is registered then). The remote teams read it instead of
 * the service's code; `npm run openapi` writes it to docs/api/openapi.json and a test checks that
 * the committed file matches the routes.
 *
 * Registered before the routes (it collects them as they register); its own routes are public
 * (plugins/access.ts) and hidden from the document.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as contracts from '@prata/contracts';

/** Where the reader is served; the JSON document is `${API_DOCS_PATH}/json`. */
export const API_DOCS_PATH = '/api/docs';

/** The document's fixed header (no host or version that varies between machines: the committed file must not drift). */
const OPENAPI_INFO = {
  title: 'Prata 925 API',
  description: 'The service behind the Prata 925 store: catalogue, accounts, orders and payments, administration, releases of the remotes.',
  version: '1',
};

/**
 * Every schema @prata/contracts exports, under its export name (`orderSchema`): the document
 * refers to them as components instead of repeating them in every route, and a reader finds
 * each in the contracts package by that name.
 */
function contractSchemas() {
  const registry = z.registry<{ id: string }>();
  for (const [name, value] of Object.entries(contracts)) {
    // Parameters (path, query, headers) stay inline: @fastify/swagger expands them into one
    // parameter per property and cannot follow a reference there.
    if (!name.endsWith('Schema') || /(Params|Query|Headers)Schema$/.test(name)) continue;
    if (value instanceof z.ZodType && !registry.has(value)) registry.add(value, { id: name });
  }
  return registry;
}

export default fp(
  async (app) => {
    if (!app.config.apiDocs) return;
    const schemaRegistry = contractSchemas();
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: OPENAPI_INFO,
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      // Schemas zod cannot express in JSON Schema (raw image bytes) are documented as `{}`.
      transform: createJsonSchemaTransform({ schemaRegistry }),
      transformObject: createJsonSchemaTransformObject({ schemaRegistry }),
    });
    await app.register(swaggerUi, { routePrefix: API_DOCS_PATH, staticCSP: true });
  },
  { name: 'api-docs', dependencies: ['config'] },
);

/** The OpenAPI document of `app` (built with API docs on, after `ready`), as written to docs/api/openapi.json. */
export function openApiJson(app: FastifyInstance): string {
  return `${JSON.stringify(app.swagger(), null, 2)}\n`;
}
