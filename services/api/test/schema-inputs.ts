/**
 * Requests derived from a route's own zod schemas, for the fuzzing test
 * (hostile-input.property.test.ts). Each declared input schema (params, querystring, body: the
 * `input` of `app.routeTable`) becomes JSON Schema through zod's `z.toJSONSchema` (both as the
 * input the route accepts and as the output it parses to), and json-schema-faker draws values from
 * it with a seed fast-check chooses, so a failing case replays from fast-check's seed and path.
 * Each part of a request is one of:
 * - **valid**: a value the JSON Schema describes. Refinements JSON Schema cannot state (CPF check
 *   digits, matching passwords) make some of these refused: still a case worth sending;
 * - **boundary**: a valid value with one string at `minLength - 1`, `maxLength` or `maxLength + 1`
 *   characters, or one number at its minimum or maximum or one step past it;
 * - **mutated**: a valid value with one field replaced by a hostile value (injection strings,
 *   prototype keys, other types, strings up to 20 KB), dropped, or joined by an unknown field;
 * - **hostile**: a value of any shape, or a raw body under any content type.
 * A part the route declares no zod schema for is always hostile.
 */
import fc from 'fast-check';
import { generateSync, type JsonSchema } from 'json-schema-faker';
import { z } from 'zod';
import type { RouteAccessEntry } from '../src/plugins/access.ts';

/** One request to send: the path with its parameters filled, the query string, the body (or none). */
export interface DerivedRequest {
  path: string;
  query: string;
  body: { contentType: string; payload: string } | null;
  /** Which kind of value each part holds (for the failure message and the coverage count). */
  kinds: { params: InputKind; query: InputKind; body: InputKind };
}

/** What a part holds: derived from its schema, hostile (of a declared part), `undeclared` (hostile, no schema), `none` (no such part). */
export type InputKind = 'valid' | 'boundary' | 'mutated' | 'hostile' | 'undeclared' | 'none';

type Json = Record<string, unknown>;

/** The largest hostile string: 20 KB of one character. */
export const LARGEST_STRING = 20_480;

const HOSTILE_STRINGS = [
  "' OR '1'='1",
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '..%2F..%2Fsecrets.json',
  '\u0000',
  '%00',
  '${7*7}',
  '{{constructor.constructor("return process")()}}',
  '__proto__',
  'constructor',
  'NaN',
  '-1',
  '1e309',
  '9007199254740993',
  '😀'.repeat(40),
  ' ',
  '',
  'admin@demo.prata925.com.br',
  '00000000-0000-0000-0000-000000000000',
];
const FIELD_NAMES = ['email', 'password', 'id', 'productId', 'quantity', 'items', 'priceCents', 'status', 'roles', 'isAdmin', '__proto__', 'constructor', 'prototype'];

const longString = fc
  .record({ length: fc.integer({ min: 256, max: LARGEST_STRING }), unit: fc.constantFrom('a', 'ç', '<', '\u0000', '%') })
  .map(({ length, unit }) => unit.repeat(length));
const hostileString = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 30 }), longString);
const fieldName = fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 12 }));
const { value: hostileValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fieldName, tie('value'), { maxKeys: 5 }),
  ),
}));
const hostileObject = fc.dictionary(fieldName, hostileValue, { maxKeys: 6 });
const rawBody = fc.record({
  contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml'),
  payload: fc.oneof(fc.constantFrom('{', '{"email":', '[1,2', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}', '--x\r\n\r\n--x--'), hostileString),
});
const seed = fc.integer({ min: 0, max: 2 ** 31 - 1 });

/** JSON Schemas of a zod schema as input and as output (the ones zod can state), or none. */
function jsonSchemasOf(schema: unknown): JsonSchema[] {
  if (!(schema instanceof z.ZodType)) return [];
  const schemas: JsonSchema[] = [];
  for (const io of ['input', 'output'] as const) {
    try {
      schemas.push(z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema);
    } catch {
      // A schema zod cannot state one way (a transform's output) is drawn the other way.
    }
  }
  return schemas;
}

function draw(schema: JsonSchema, from: number): unknown {
  try {
    return generateSync(schema, { seed: from, optionalsProbability: 0.7 });
  } catch {
    return {};
  }
}

/** Paths of every property the JSON Schema describes (objects inside objects), with its schema. */
function propertiesOf(schema: Json, path: string[] = []): { path: string[]; schema: Json }[] {
  const properties = schema.type === 'object' && schema.properties ? Object.entries(schema.properties as Record<string, Json>) : [];
  return properties.flatMap(([name, child]) => [{ path: [...path, name], schema: child }, ...propertiesOf(child, [...path, name])]);
}

/** Values at and one step past a property's bounds (lengths of strings, ranges of numbers). */
function boundariesOf(schema: Json, from: number): unknown[] {
  const values: unknown[] = [];
  if (schema.type === 'string') {
    const sized = (length: number) => {
      const drawn = draw({ ...schema, minLength: length, maxLength: length } as JsonSchema, from);
      return typeof drawn === 'string' && drawn.length === length ? drawn : 'x'.repeat(length);
    };
    if (typeof schema.maxLength === 'number') values.push(sized(schema.maxLength), sized(Math.min(schema.maxLength + 1, LARGEST_STRING)));
    if (typeof schema.minLength === 'number' && schema.minLength > 0) values.push(sized(schema.minLength - 1), sized(schema.minLength));
  }
  if (schema.type === 'number' || schema.type === 'integer') {
    const step = schema.type === 'integer' ? 1 : 0.01;
    for (const [bound, past] of [
      [schema.minimum, -step],
      [schema.maximum, step],
      [schema.exclusiveMinimum, 0],
      [schema.exclusiveMaximum, 0],
    ] as const) {
      if (typeof bound === 'number' && Number.isSafeInteger(Math.trunc(bound))) values.push(bound, bound + past);
    }
  }
  return values;
}

function setAt(value: unknown, path: string[], replacement: unknown, remove = false): unknown {
  const root = (typeof value === 'object' && value !== null && !Array.isArray(value) ? structuredClone(value) : {}) as Json;
  let node = root;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null || Array.isArray(node[key])) node[key] = {};
    node = node[key] as Json;
  }
  const last = path.at(-1)!;
  if (remove) delete node[last];
  else Object.defineProperty(node, last, { value: replacement, enumerable: true, writable: true, configurable: true });
  return root;
}

/** Arbitrary values for one declared input part, tagged with their kind. */
function partValues(schema: unknown, hostile: fc.Arbitrary<unknown>): fc.Arbitrary<{ kind: InputKind; value: unknown }> {
  const schemas = jsonSchemasOf(schema);
  const asHostile = hostile.map((value) => ({ kind: 'hostile' as InputKind, value }));
  if (schemas.length === 0) return hostile.map((value) => ({ kind: 'undeclared' as InputKind, value }));
  const valid = fc.record({ schema: fc.constantFrom(...schemas), seed }).map(({ schema: js, seed: from }) => ({ js: js as Json, from, value: draw(js, from) }));
  const properties = propertiesOf(schemas[0] as Json);
  const bounded = properties.filter((property) => boundariesOf(property.schema, 0).length > 0);
  const boundary = bounded.length
    ? fc.record({ base: valid, property: fc.constantFrom(...bounded), pick: fc.nat() }).map(({ base, property, pick }) => {
        const values = boundariesOf(property.schema, base.from);
        return { kind: 'boundary' as InputKind, value: setAt(base.value, property.path, values[pick % values.length]) };
      })
    : null;
  const mutated = properties.length
    ? fc
        .record({ base: valid, property: fc.constantFrom(...properties), change: fc.oneof(hostileValue.map((v) => ({ set: v })), fc.constant({ drop: true }), fieldName.map((extra) => ({ extra }))) })
        .map(({ base, property, change }) => {
          const value =
            'set' in change ? setAt(base.value, property.path, change.set) : 'drop' in change ? setAt(base.value, property.path, undefined, true) : setAt(base.value, [...property.path.slice(0, -1), change.extra], 'x');
          return { kind: 'mutated' as InputKind, value };
        })
    : null;
  return fc.oneof(
    { weight: 3, arbitrary: valid.map(({ value }) => ({ kind: 'valid' as InputKind, value })) },
    ...(boundary ? [{ weight: 2, arbitrary: boundary }] : []),
    ...(mutated ? [{ weight: 2, arbitrary: mutated }] : []),
    { weight: 1, arbitrary: asHostile },
  );
}

function queryString(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return typeof value === 'string' ? new URLSearchParams({ q: value }).toString() : '';
  const search = new URLSearchParams();
  for (const [name, entry] of Object.entries(value as Json)) {
    for (const item of Array.isArray(entry) ? entry : [entry]) search.append(name, typeof item === 'string' ? item : JSON.stringify(item) ?? '');
  }
  return search.toString();
}

/**
 * Every request fast-check may send to `route`: its path parameters, query string and body, each
 * derived from the route's zod schema where it declares one ({@link DerivedRequest}).
 */
export function requestsFor(route: RouteAccessEntry): fc.Arbitrary<DerivedRequest> {
  const names = [...route.url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
  const params = names.length ? partValues(route.input.params, fc.record(Object.fromEntries(names.map((name) => [name, fc.oneof(hostileString, fc.uuid())])))) : fc.constant({ kind: 'none' as InputKind, value: {} });
  const query = partValues(route.input.querystring, fc.dictionary(fieldName, hostileString, { maxKeys: 4 }));
  const hasBody = route.input.body !== undefined || !['GET', 'DELETE'].includes(route.method);
  const body = hasBody
    ? fc.oneof(
        { weight: 4, arbitrary: partValues(route.input.body, hostileObject).map(({ kind, value }) => ({ kind, sent: { contentType: 'application/json', payload: JSON.stringify(value) ?? 'null' } as DerivedRequest['body'] })) },
        { weight: 1, arbitrary: rawBody.map((sent) => ({ kind: 'hostile' as InputKind, sent })) },
      )
    : fc.oneof(fc.constant({ kind: 'none' as InputKind, sent: null }), rawBody.map((sent) => ({ kind: 'hostile' as InputKind, sent })));
  return fc.record({ params, query, body }).map(({ params: p, query: q, body: b }) => {
    const values = (typeof p.value === 'object' && p.value !== null ? p.value : {}) as Json;
    const path = route.url.replace(/:(\w+)|\*/g, (_, name?: string) => {
      const value = values[name ?? '*'];
      return encodeURIComponent(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
    });
    return { path, query: queryString(q.value), body: b.sent, kinds: { params: p.kind, query: q.kind, body: b.kind } };
  });
}
