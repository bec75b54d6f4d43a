/**
 * The document plumbing of the breaking-change check (openapi-compat.ts): which operations
 * differ between two documents at all, and the documents cut down to what must be diffed.
 *
 * `openapi-diff` takes minutes on our whole document (each request body and answer it compares
 * costs two JSON Schema validators, changed or not) and about a second per operation whose error
 * answers changed (5 or 6 answers each), so the check diffs only what can differ:
 * - {@link operations} fingerprints each operation with every component it references: an
 *   operation equal in both documents is left out of both ({@link trimmed});
 * - {@link dedupeParts} leaves out a request body or an answer equal in both documents, and one
 *   that changed exactly like one already kept (a change to the error schema changes ~700 answers
 *   the same way): the kept one stands for the others, whose differences are copied from it.
 * {@link trimmed} also shapes what it keeps for the diff ({@link shaped}: `$ref`s inlined, request
 * objects closed, response objects open; openapi-compat.ts says why).
 */
import { DATA_KEYS, HTTP_METHODS, isJsonObject, type JsonObject, type OpenApiDocument } from './openapi-30.ts';

/** `/api/orders/{id}` -> `/api/orders/{}`: a renamed path parameter is the same route (as `openapi-diff` sees it). */
export const normalizePath = (route: string) => route.replace(/\{[^}]*\}/g, '{}');
export const operationKey = (method: string, route: string) => `${method.toUpperCase()} ${normalizePath(route)}`;

/** The component `#/components/<kind>/<name>` a `$ref` names, if it is one. */
function component(document: OpenApiDocument, ref: string): unknown {
  const match = /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref);
  const kind = match ? document.components?.[match[1]!] : undefined;
  return match && isJsonObject(kind) ? kind[match[2]!] : undefined;
}

/** The `$ref`s reachable from `value`, through the components they name. */
function referencedComponents(document: OpenApiDocument, value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) referencedComponents(document, item, found);
  else if (isJsonObject(value)) {
    if (typeof value.$ref === 'string' && !found.has(value.$ref)) {
      found.add(value.$ref);
      referencedComponents(document, component(document, value.$ref), found);
    }
    for (const child of Object.values(value)) referencedComponents(document, child, found);
  }
  return found;
}

export interface Operation {
  route: string;
  method: string;
  /** The operation, its path item's shared keys and every component it references, as JSON. */
  fingerprint: string;
}

export function operations(document: OpenApiDocument): Map<string, Operation> {
  const found = new Map<string, Operation>();
  for (const [route, item] of Object.entries(document.paths)) {
    const shared = Object.fromEntries(Object.entries(item).filter(([key]) => !(HTTP_METHODS as readonly string[]).includes(key)));
    for (const method of HTTP_METHODS) {
      if (!isJsonObject(item[method])) continue;
      const refs = [...referencedComponents(document, [shared, item[method]])].sort();
      const fingerprint = JSON.stringify([shared, item[method], refs.map((ref) => [ref, component(document, ref)])]);
      found.set(operationKey(method, route), { route, method, fingerprint });
    }
  }
  return found;
}

/**
 * `value` (schemas, or objects holding them) with its `$ref`s inlined and its object schemas
 * closed to unknown keys (`closed`, requests) or open to them (responses). `refs`: the `$ref`s
 * followed on the way here (a cycle would never end; our document has none).
 */
function shaped(document: OpenApiDocument, value: unknown, closed: boolean, refs: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => shaped(document, item, closed, refs));
  if (!isJsonObject(value)) return value;
  if (typeof value.$ref === 'string') {
    if (refs.includes(value.$ref)) throw new Error(`openapi-compat: ${value.$ref} refers to itself (${refs.join(' -> ')}): a cycle is not inlined`);
    return shaped(document, component(document, value.$ref) ?? {}, closed, [...refs, value.$ref]);
  }
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (DATA_KEYS.has(key)) out[key] = child;
    else if ((key === 'properties' || key === 'patternProperties') && isJsonObject(child)) out[key] = Object.fromEntries(Object.entries(child).map(([name, schema]) => [name, shaped(document, schema, closed, refs)]));
    else out[key] = shaped(document, child, closed, refs);
  }
  if (isJsonObject(out.properties)) {
    if (closed && out.additionalProperties === undefined) out.additionalProperties = false;
    if (!closed && out.additionalProperties === false) delete out.additionalProperties;
  }
  return out;
}

/** An operation (or a path item's shared keys) with its parameters and request body closed, its answers open, nothing by `$ref`. */
function shapedOperation(document: OpenApiDocument, operation: JsonObject): JsonObject {
  const out = { ...operation };
  for (const key of ['parameters', 'requestBody'] as const) if (key in out) out[key] = shaped(document, out[key], true);
  if ('responses' in out) out.responses = shaped(document, out.responses, false);
  return out;
}

/** `document` with only the operations in `keep` (their paths' other methods left out), shaped for the diff, schema components inlined. */
export function trimmed(document: OpenApiDocument, keep: Set<string>): OpenApiDocument {
  const keptPaths = new Set([...keep].map((key) => key.slice(key.indexOf(' ') + 1)));
  const paths: Record<string, JsonObject> = {};
  for (const [route, item] of Object.entries(document.paths)) {
    if (!keptPaths.has(normalizePath(route))) continue;
    const kept = Object.entries(item).filter(([key]) => !(HTTP_METHODS as readonly string[]).includes(key) || keep.has(operationKey(key, route)));
    paths[route] = shapedOperation(document, Object.fromEntries(kept.map(([key, value]) => [key, isJsonObject(value) ? shapedOperation(document, value) : value])));
  }
  return { ...document, paths, components: { ...document.components, schemas: {} } };
}

/** Where a part of an operation is: `POST /api/orders` and `request body` or `response 200` (as openapi-compat.ts reports it). */
export interface PartPlace {
  method: string;
  path: string;
  part: string;
}

export const placeLabel = (place: PartPlace) => `${place.method} ${place.path} ${place.part}`;

/** A trimmed operation's request body and answers, by their report names (`request body`, `response 200`). */
function parts(operation: JsonObject): Map<string, [holder: JsonObject, key: string]> {
  const found = new Map<string, [JsonObject, string]>();
  if (operation.requestBody !== undefined) found.set('request body', [operation, 'requestBody']);
  if (isJsonObject(operation.responses)) for (const code of Object.keys(operation.responses)) found.set(`response ${code}`, [operation.responses, code]);
  return found;
}

/** What stands in for the answers left out of an operation with none left (3.0 wants one). */
const UNCHANGED_RESPONSE = { description: 'unchanged (left out of the diff)' };

/**
 * Leaves out of both {@link trimmed} documents (in place) each part of an operation in both that
 * cannot add a difference: equal on both sides, or changed exactly like a part kept before it;
 * then the operations with nothing left (each part diffed costs `openapi-diff` two JSON Schema
 * validators, ~0.1 s, changed or not). Returns, by {@link placeLabel} of each kept part, the
 * places whose differences it stands for.
 */
export function dedupeParts(released: OpenApiDocument, current: OpenApiDocument): Map<string, PartPlace[]> {
  const currentRoutes = new Map(Object.keys(current.paths).map((route) => [normalizePath(route), route]));
  const kept = new Map<string, string>();
  const standsFor = new Map<string, PartPlace[]>();
  for (const [route, item] of Object.entries(released.paths)) {
    const otherItem = current.paths[currentRoutes.get(normalizePath(route)) ?? ''];
    for (const method of HTTP_METHODS) {
      const [before, after] = [item[method], otherItem?.[method]];
      if (!otherItem || !isJsonObject(before) || !isJsonObject(after)) continue;
      const afterParts = parts(after);
      const dropped: string[] = [];
      for (const [part, [holder, key]] of parts(before)) {
        const other = afterParts.get(part);
        if (!other) continue;
        const [beforeText, afterText] = [JSON.stringify(holder[key]), JSON.stringify(other[0][other[1]])];
        const place = { method: method.toUpperCase(), path: route, part };
        const pair = `${part === 'request body' ? 'request' : 'response'}\n${beforeText}\n${afterText}`;
        const standIn = kept.get(pair);
        if (beforeText !== afterText && standIn === undefined) {
          kept.set(pair, placeLabel(place));
          standsFor.set(placeLabel(place), []);
          continue;
        }
        if (standIn !== undefined) standsFor.get(standIn)!.push(place);
        delete holder[key];
        delete other[0][other[1]];
        dropped.push(key);
      }
      const noAnswers = (operation: JsonObject) => Object.keys(isJsonObject(operation.responses) ? operation.responses : {}).length === 0;
      if (noAnswers(before) && noAnswers(after) && before.requestBody === undefined && after.requestBody === undefined) {
        delete item[method];
        delete otherItem[method];
      } else if (noAnswers(before) || noAnswers(after)) {
        // Under a code both had (and lost here), so the stand-in is no status code added or removed.
        const code = dropped.find((key) => key !== 'requestBody') ?? 'default';
        for (const operation of [before, after]) operation.responses = { ...(operation.responses as JsonObject), [code]: UNCHANGED_RESPONSE };
      }
    }
  }
  return standsFor;
}
