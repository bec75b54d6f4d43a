/**
 * The API is a contract with the remotes that are live: the breaking-change check of the OpenAPI
 * document. {@link compareApiDocuments} diffs the document as last released
 * (docs/api/released/openapi.json, the one the live remote versions were built against) with the
 * current one (docs/api/openapi.json) using Atlassian's `openapi-diff`, and
 * {@link describeBreakingChanges} says what breaks and how to fix it. test/openapi-compat.test.ts
 * fails `npm test` on a breaking difference; `npm run openapi:release` (release-openapi.ts) accepts
 * the current document once the remotes built against it are released.
 *
 * What counts as breaking is `openapi-diff`'s classification: a route or a method removed, a
 * request body that accepts less (a new required field, a narrower type), an answer that may
 * hold more (a field removed from a response or made nullable, a new type), a response status
 * code removed. Our document is shaped first, so that the classification says what our remotes
 * do ({@link shapedOperation}):
 * - request objects are closed (`additionalProperties: false`): a remote sends only the fields of
 *   the document it was built against, so a new optional field accepts more (not breaking) and a
 *   removed field accepts less (breaking: the remote still sends it);
 * - response objects are open (zod's `additionalProperties: false` dropped): the remotes read
 *   answers with zod objects, which ignore unknown keys, so a new response field is not breaking;
 * - every `$ref` is inlined (shaping a component depends on where it is used);
 * - 3.1 -> 3.0 (openapi-30.ts), as `openapi-diff` reads 3.0.
 * `openapi-diff` compares request bodies and answers, not parameters: {@link parameterDifferences}
 * adds the query and header parameters (a new required one, a narrower type, one removed) with
 * `json-schema-diff`, the schema diff `openapi-diff` itself uses. Not compared: multipart bodies
 * (only `application/json` is), string formats, patterns and enums (the schema diff reads types,
 * required properties, lengths and ranges).
 *
 * Speed: `openapi-diff` on the whole document (~800 kB, 158 operations) takes minutes, so only
 * what differs is diffed (openapi-operations.ts): an unchanged document takes well under a second,
 * a change to the error schema that every operation answers about one.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import jsonSchemaDiff from 'json-schema-diff';
import openapiDiff from 'openapi-diff';
import { REPO_ROOT } from '../config.ts';
import { HTTP_METHODS, isJsonObject, NULL_SCHEMA, toOpenApi30, type JsonObject, type OpenApiDocument } from './openapi-30.ts';
import { dedupeParts, operations, placeLabel, trimmed, type Operation, type PartPlace } from './openapi-operations.ts';

/** The current document (`npm run openapi` writes it). */
export const CURRENT_OPENAPI_FILE = path.join(REPO_ROOT, 'docs/api/openapi.json');
/** The document as last released: what the live remote versions were built against. */
export const RELEASED_OPENAPI_FILE = path.join(REPO_ROOT, 'docs/api/released/openapi.json');

/** One difference between the released and the current document. */
export interface ApiDifference {
  /** `openapi-diff`'s code (`path.remove`, `request.body.scope.remove`, ...), or `request.query.scope.remove` / `request.header.scope.remove` for parameters. */
  code: string;
  /** The operation's method, upper case (absent for a whole path added or removed). */
  method?: string;
  /** The path as in the released document (the current one for an addition). */
  path: string;
  /** The part of the operation: `request body`, `response 200`, `query parameters`, ... */
  part?: string;
  /** For a body difference: the fields removed, added, made required or optional (`removed: products[].name`). */
  fields?: string;
  /** The values gained or lost, as a JSON Schema (shortened), for a scope difference. */
  schema?: string;
}

export interface CompatReport {
  breaking: ApiDifference[];
  nonBreaking: ApiDifference[];
  unclassified: ApiDifference[];
  /** Operations that differ in some way and were diffed (the others are equal in both documents). */
  changedOperations: string[];
}

export async function readOpenApiDocument(file: string): Promise<OpenApiDocument> {
  return JSON.parse(await readFile(file, 'utf8')) as OpenApiDocument;
}

const SCHEMA_TEXT_LENGTH = 300;
const schemaText = (schema: unknown) => {
  const text = JSON.stringify(schema) ?? '';
  return text.length > SCHEMA_TEXT_LENGTH ? `${text.slice(0, SCHEMA_TEXT_LENGTH)}…` : text;
};

/** `paths./api/orders/{id}.get.responses.200.content...` -> its route, method and part. */
function locate(location: string): Pick<ApiDifference, 'path' | 'method' | 'part'> {
  const match = /^paths\.(\/.*?)(?:\.(get|put|post|delete|options|head|patch|trace)(?:\.(.*))?)?$/.exec(location);
  if (!match) return { path: location };
  const [, route, method, rest] = match;
  const part = rest?.startsWith('requestBody') ? 'request body' : rest?.startsWith('responses.') ? `response ${rest.split('.')[1]}` : rest;
  return { path: route!, ...(method ? { method: method.toUpperCase() } : {}), ...(part ? { part } : {}) };
}

interface Field {
  required: boolean;
  nullable: boolean;
}

const NULL_TEXT = JSON.stringify(NULL_SCHEMA);

/** Whether `schema` admits null (3.1 `type: 'null'`, 3.0 `nullable`, or our 3.0 null, openapi-30.ts). */
function isNullable(schema: unknown): boolean {
  if (!isJsonObject(schema)) return false;
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null')) || schema.nullable === true || JSON.stringify(schema) === NULL_TEXT) return true;
  return [schema.anyOf, schema.oneOf].some((branches) => Array.isArray(branches) && branches.some(isNullable));
}

/** The fields of a (dereferenced) body schema, `a.b[].c`, through `items` and `anyOf`/`oneOf`/`allOf`. */
function fieldsOf(schema: unknown, prefix = '', found = new Map<string, Field>(), depth = 0): Map<string, Field> {
  if (!isJsonObject(schema) || depth > 12) return found;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  for (const [name, property] of Object.entries(isJsonObject(schema.properties) ? schema.properties : {})) {
    const field = prefix ? `${prefix}.${name}` : name;
    const known = found.get(field);
    found.set(field, { required: (known?.required ?? false) || required.has(name), nullable: (known?.nullable ?? false) || isNullable(property) });
    fieldsOf(property, field, found, depth + 1);
  }
  if (schema.items !== undefined) fieldsOf(schema.items, `${prefix}[]`, found, depth + 1);
  for (const branches of [schema.anyOf, schema.oneOf, schema.allOf]) if (Array.isArray(branches)) for (const branch of branches) fieldsOf(branch, prefix, found, depth + 1);
  return found;
}

/** What changed in the fields of a body: `removed: name; now required: variantId; added: note`. */
function fieldChanges(before: unknown, after: unknown): string {
  const [old, now] = [fieldsOf(before), fieldsOf(after)];
  const both = [...now.keys()].filter((field) => old.has(field));
  const changes = [
    ['removed', [...old.keys()].filter((field) => !now.has(field))],
    ['now required', both.filter((field) => now.get(field)!.required && !old.get(field)!.required)],
    ['now optional', both.filter((field) => !now.get(field)!.required && old.get(field)!.required)],
    ['now nullable', both.filter((field) => now.get(field)!.nullable && !old.get(field)!.nullable)],
    ['no longer nullable', both.filter((field) => !now.get(field)!.nullable && old.get(field)!.nullable)],
    ['added', [...now.keys()].filter((field) => !old.has(field)).map((field) => (now.get(field)!.required ? `${field} (required)` : field))],
  ] as const;
  return changes.filter(([, fields]) => fields.length > 0).map(([label, fields]) => `${label}: ${fields.join(', ')}`).join('; ');
}

type DiffResult = openapiDiff.DiffResult<openapiDiff.DiffResultType>;

function toDifference(result: DiffResult): ApiDifference {
  const [source, destination] = [result.sourceSpecEntityDetails[0], result.destinationSpecEntityDetails[0]];
  const details = result.details as { differenceSchema?: unknown } | undefined;
  const fields = result.code.includes('.body.scope.') ? fieldChanges(source?.value, destination?.value) : '';
  const place = locate((source ?? destination)?.location ?? '');
  // A whole path added or removed: its methods.
  const pathItem = (source ?? destination)?.value as unknown;
  if (result.entity === 'path' && isJsonObject(pathItem)) place.method = Object.keys(pathItem).filter((key) => (HTTP_METHODS as readonly string[]).includes(key)).map((key) => key.toUpperCase()).join(',');
  return {
    code: result.code,
    ...place,
    ...(fields ? { fields } : {}),
    ...(details?.differenceSchema === undefined ? {} : { schema: schemaText(details.differenceSchema) }),
  };
}

/** The `where` parameters of an operation (of a {@link trimmed} document) as one closed object schema, names lower-cased for headers. */
function parametersSchema(document: OpenApiDocument, operation: Operation, where: 'query' | 'header'): JsonObject {
  const item = document.paths[operation.route] ?? {};
  const all = [...((item.parameters as unknown[] | undefined) ?? []), ...(((item[operation.method] as JsonObject).parameters as unknown[] | undefined) ?? [])];
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const parameter of all) {
    if (!isJsonObject(parameter) || parameter.in !== where || typeof parameter.name !== 'string' || !isJsonObject(parameter.schema)) continue;
    const name = where === 'header' ? parameter.name.toLowerCase() : parameter.name;
    properties[name] = parameter.schema;
    if (parameter.required === true) required.push(name);
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

/**
 * Query and header parameters of the operations in both documents: accepting less (a new required
 * parameter, a narrower type) is breaking, as for a request body.
 */
async function parameterDifferences(released: OpenApiDocument, current: OpenApiDocument, keys: string[]): Promise<ApiDifference[]> {
  const before = operations(released);
  const after = operations(current);
  const found: ApiDifference[] = [];
  for (const key of keys) {
    const [source, destination] = [before.get(key), after.get(key)];
    if (!source || !destination) continue;
    for (const where of ['query', 'header'] as const) {
      const [sourceSchema, destinationSchema] = [parametersSchema(released, source, where), parametersSchema(current, destination, where)];
      if (JSON.stringify(sourceSchema) === JSON.stringify(destinationSchema)) continue;
      const diff = await jsonSchemaDiff.diffSchemas({ sourceSchema, destinationSchema });
      if (!diff.removalsFound) continue;
      const fields = fieldChanges(sourceSchema, destinationSchema);
      found.push({ code: `request.${where}.scope.remove`, method: source.method.toUpperCase(), path: source.route, part: `${where} parameters`, ...(fields ? { fields } : {}), schema: schemaText(diff.removedJsonSchema) });
    }
  }
  return found;
}

/** `difference` at each place its part stands for (dedupeParts). */
function copies(difference: ApiDifference, standsFor: Map<string, PartPlace[]>): ApiDifference[] {
  if (!difference.method || !difference.part) return [];
  const places = standsFor.get(placeLabel({ method: difference.method, path: difference.path, part: difference.part })) ?? [];
  return places.map((place) => ({ ...difference, ...place }));
}

/**
 * Diffs `released` against `current` (both as `npm run openapi` writes them, OpenAPI 3.1).
 * @throws Error when a document cannot be converted or read by `openapi-diff` (`OPENAPI_DIFF_*`).
 */
export async function compareApiDocuments(releasedDocument: OpenApiDocument, currentDocument: OpenApiDocument): Promise<CompatReport> {
  const before = operations(releasedDocument);
  const after = operations(currentDocument);
  const changed = new Set([...before.keys(), ...after.keys()].filter((key) => before.get(key)?.fingerprint !== after.get(key)?.fingerprint));
  const [released, current] = [trimmed(releasedDocument, changed), trimmed(currentDocument, changed)];
  const parameters = await parameterDifferences(released, current, [...changed]);
  const standsFor = dedupeParts(released, current);
  const spec = (document: OpenApiDocument, location: string) => ({ content: JSON.stringify(toOpenApi30(document)), location, format: 'openapi3' as const });
  const outcome = await openapiDiff.diffSpecs({ sourceSpec: spec(released, 'released'), destinationSpec: spec(current, 'current') });
  const differences = (results: DiffResult[]) => results.map(toDifference).flatMap((difference) => [difference, ...copies(difference, standsFor)]);
  return {
    breaking: [...(outcome.breakingDifferencesFound ? differences(outcome.breakingDifferences) : []), ...parameters],
    nonBreaking: differences(outcome.nonBreakingDifferences),
    unclassified: differences(outcome.unclassifiedDifferences),
    changedOperations: [...changed].sort(),
  };
}

/** One line for a difference: `path.remove GET /api/products/featured`, `request.body.scope.remove POST /api/orders (request body): ...`. */
export function describeDifference(difference: ApiDifference): string {
  const operation = [difference.method, difference.path].filter(Boolean).join(' ');
  const part = difference.part ? ` (${difference.part})` : '';
  const verb = difference.code.startsWith('response') ? 'may now answer' : 'no longer accepts';
  const what = difference.fields ? `: ${difference.fields}` : difference.schema ? `: ${verb} ${difference.schema}` : '';
  return `${difference.code} ${operation}${part}${what}`;
}

/** The failure message of the check: each breaking difference, then the two ways out. */
export function describeBreakingChanges(report: CompatReport): string {
  return [
    `The API document breaks what the released remotes call: ${report.breaking.length} breaking difference(s) between docs/api/released/openapi.json and docs/api/openapi.json:`,
    ...report.breaking.map((difference) => `  - ${describeDifference(difference)}`),
    'Fix: keep the old shape. Add, do not remove or rename (a route, a method, a field of an answer); a new request field or query parameter is optional; an answer does not become nullable or another type.',
    'Or, when no live remote version calls the old shape any more (the remotes built against docs/api/openapi.json are released: docs/releasing.md), accept the document as released: `npm run openapi:release`, and commit docs/api/released/openapi.json.',
  ].join('\n');
}
