/**
 * Our OpenAPI 3.1 document as an OpenAPI 3.0 one, for the breaking-change check
 * (openapi-compat.ts): `openapi-diff` reads OpenAPI 3.0 (and Swagger 2) only, and validates the
 * document against the 3.0 schema before it compares anything.
 *
 * `@apiture/openapi-down-convert` does the conversion; {@link toOpenApi30} first rewrites what it
 * leaves invalid or unfaithful in our document (zod's JSON Schema output, written by
 * fastify-swagger), checked on docs/api/openapi.json:
 * - null: zod writes `anyOf: [X, { type: 'null' }]` (which the converter leaves, and 3.0 rejects)
 *   and `type: ['string', 'null']` (which it turns into `nullable: true`, a keyword the diff
 *   ignores, so a field that becomes nullable would go unseen). Both become an `anyOf` with
 *   {@link NULL_SCHEMA}, "none of the non-null types", which is valid 3.0 and means exactly null
 *   to the schema diff;
 * - numeric `exclusiveMinimum`/`exclusiveMaximum` (3.1) become the 3.0 boolean form;
 * - `const` becomes a one-value `enum` here, as the converter skips a falsy `const` (`false`, `''`);
 * - a parameter whose `schema` is not a schema object is dropped: fastify-swagger spreads a
 *   `z.record` querystring into one bogus parameter per keyword (`type`, `propertyNames`, ...:
 *   the payments webhook's), which fails 3.0 validation.
 */
import { Converter } from '@apiture/openapi-down-convert';

/** A JSON object (an OpenAPI document or one of its parts). */
export type JsonObject = { [key: string]: unknown };

/** The parts of an OpenAPI document the checks read. */
export interface OpenApiDocument extends JsonObject {
  openapi: string;
  paths: Record<string, JsonObject>;
  components?: JsonObject & { schemas?: Record<string, unknown> };
}

/** The HTTP methods an OpenAPI path item may hold (its other keys are not operations). */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** JSON null, as OpenAPI 3.0 can say it: a value of none of the other JSON types. */
export const NULL_SCHEMA: JsonObject = { not: { anyOf: ['string', 'number', 'boolean', 'object', 'array'].map((type) => ({ type })) } };

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const nullSchema = (): JsonObject => structuredClone(NULL_SCHEMA);

/** Keys whose value maps names to schemas (not a schema itself: a property may be called `type`). */
const NAME_MAPS = new Set(['properties', 'patternProperties', 'schemas', 'paths', 'responses', 'content', 'headers']);
/** Keys whose value is data (a default, an example, allowed values), never rewritten. */
export const DATA_KEYS = new Set(['enum', 'const', 'default', 'example', 'examples']);

/** One schema's own keywords rewritten for 3.0 (its children already are). */
function rewriteSchema(schema: JsonObject): JsonObject {
  if (schema.type === 'null') {
    const { type: _type, ...rest } = schema;
    return { ...rest, ...nullSchema() };
  }
  if (Array.isArray(schema.type)) {
    const { type: types, ...rest } = schema as JsonObject & { type: string[] };
    const branches: JsonObject[] = types.filter((type) => type !== 'null').map((type) => ({ ...rest, type }));
    if (types.includes('null')) branches.push(nullSchema());
    return branches.length === 1 ? branches[0]! : { anyOf: branches };
  }
  const out = { ...schema };
  if ('const' in out) {
    out.enum = [out.const];
    delete out.const;
  }
  for (const [exclusive, bound, lower] of [['exclusiveMinimum', 'minimum', true], ['exclusiveMaximum', 'maximum', false]] as const) {
    const limit = out[exclusive];
    if (typeof limit !== 'number') continue;
    delete out[exclusive];
    const inclusive = out[bound];
    // The tighter of the two bounds wins: the exclusive one unless the inclusive one is past it.
    if (typeof inclusive !== 'number' || (lower ? inclusive <= limit : inclusive >= limit)) {
      out[bound] = limit;
      out[exclusive] = true;
    }
  }
  return out;
}

/** `value` with every schema in it rewritten by {@link rewriteSchema}, children first. */
function rewrite(value: unknown, underNameMap = false): unknown {
  if (Array.isArray(value)) return value.map((item) => rewrite(item));
  if (!isJsonObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) out[key] = !underNameMap && DATA_KEYS.has(key) ? child : rewrite(child, !underNameMap && NAME_MAPS.has(key));
  return underNameMap ? out : rewriteSchema(out);
}

/** Drops the parameters (of path items and operations) whose `schema` is not a schema object. */
function dropBogusParameters(document: OpenApiDocument): void {
  const isBogus = (parameter: unknown) => isJsonObject(parameter) && !('$ref' in parameter) && !isJsonObject(parameter.schema);
  for (const item of Object.values(document.paths)) {
    for (const holder of [item, ...HTTP_METHODS.map((method) => item[method])]) {
      if (isJsonObject(holder) && Array.isArray(holder.parameters)) holder.parameters = holder.parameters.filter((parameter) => !isBogus(parameter));
    }
  }
}

/**
 * `document` (OpenAPI 3.1, zod's schemas) as OpenAPI 3.0 that `openapi-diff` accepts and compares
 * faithfully (see the module comment). The argument is not changed.
 * @throws Error when the converter finds something it cannot convert.
 */
export function toOpenApi30(document: OpenApiDocument): OpenApiDocument {
  const prepared = rewrite(document) as OpenApiDocument;
  dropBogusParameters(prepared);
  return new Converter(prepared, { verbose: false }).convert() as OpenApiDocument;
}
