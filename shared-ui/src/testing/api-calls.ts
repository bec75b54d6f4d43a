/**
 * `@prata/shared-ui/testing/api-calls`: every API call an app makes exists in the API document.
 * Each app's tests (and shared-ui's) run {@link checkApiCalls} on its `src`: each `apiRequest`
 * call (found by api-call-finder.ts) must name a path of docs/api/openapi.json (the document the
 * service's routes write, `npm run openapi`) with the method it sends, so a remote never ships a
 * call to a route the service does not have, or with the wrong method.
 *
 * Matching follows the service's router: a literal segment of the call matches the same literal
 * or a path parameter whose schema admits it (`/api/products/featured` is not
 * `/api/products/{id}`, whose id is a uuid); a dynamic segment (`${id}`) matches a parameter, or a
 * literal (it may be that value); Fastify's wildcard `{*}` takes the rest of the path. A call
 * whose path or method cannot be worked out fails the check unless the test lists it, with the
 * reason, in `unresolved`.
 *
 * Test-only: runs in Node (fs, the TypeScript compiler), never bundled.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findApiCalls, type ApiCall } from './api-call-finder.ts';

export { findApiCalls, type ApiCall } from './api-call-finder.ts';

/** The parts of an OpenAPI document the check reads. */
export interface ApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown> };
}

/** Where the document is kept, from the repository root. */
export const API_DOCUMENT = 'docs/api/openapi.json';

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The repository root above `dir`: the first folder holding {@link API_DOCUMENT}. */
export function repositoryRoot(dir: string): string {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    if (existsSync(path.join(current, API_DOCUMENT))) return current;
    if (path.dirname(current) === current) throw new Error(`no ${API_DOCUMENT} above ${dir}`);
  }
}

export function readApiDocument(root: string): ApiDocument {
  return JSON.parse(readFileSync(path.join(root, API_DOCUMENT), 'utf8')) as ApiDocument;
}

type ParameterSchema = { pattern?: string; enum?: unknown[]; const?: unknown; minLength?: number; maxLength?: number; $ref?: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** `pattern` (a schema's, ECMAScript syntax) as a RegExp; undefined when it does not compile. */
function compiled(pattern: string): RegExp | undefined {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(pattern, flags);
    } catch {
      // Some patterns only compile without Unicode mode; one that never does is not checked.
    }
  }
  return undefined;
}

/** Whether the literal `value` fits a path parameter's schema (pattern, enum, const, length). */
function fits(document: ApiDocument, schema: ParameterSchema | undefined, value: string): boolean {
  const resolved = schema?.$ref ? (document.components?.schemas?.[schema.$ref.split('/').at(-1)!] as ParameterSchema | undefined) : schema;
  if (!resolved) return true;
  if (resolved.pattern !== undefined && compiled(resolved.pattern)?.test(value) === false) return false;
  if (resolved.enum && !resolved.enum.includes(value)) return false;
  if (resolved.const !== undefined && resolved.const !== value) return false;
  return value.length >= (resolved.minLength ?? 0) && value.length <= (resolved.maxLength ?? Infinity);
}

/** A documented path's segments; a parameter's schema comes from any of its operations. */
interface DocumentedPath {
  path: string;
  methods: string[];
  segments: { literal?: string; parameter?: ParameterSchema; rest?: true }[];
}

function documentedPaths(document: ApiDocument): DocumentedPath[] {
  return Object.entries(document.paths).map(([route, item]) => {
    const operations = Object.entries(item).filter(([key]) => HTTP_METHODS.has(key));
    const parameters = operations.flatMap(([, operation]) => ((operation as { parameters?: { in: string; name: string; schema?: ParameterSchema }[] }).parameters ?? []).filter((parameter) => parameter.in === 'path'));
    const segments = route
      .split('/')
      .slice(1)
      .map((segment) => {
        const name = /^\{(.+)\}$/.exec(segment)?.[1];
        if (name === undefined) return { literal: segment };
        return name === '*' ? { rest: true as const } : { parameter: parameters.find((parameter) => parameter.name === name)?.schema ?? {} };
      });
    return { path: route, methods: operations.map(([method]) => method.toUpperCase()), segments };
  });
}

/** Whether a call's path template (`{}` dynamic) may be a request for `documented`. */
function matches(document: ApiDocument, template: string, documented: DocumentedPath): boolean {
  const segments = template.split('/').slice(1);
  for (const [index, expected] of documented.segments.entries()) {
    const actual = segments[index];
    if (actual === undefined || actual === '') return false;
    if (expected.rest) return true;
    const dynamic = actual.includes('{}');
    if (expected.parameter) {
      if (!dynamic && !fits(document, expected.parameter, actual)) return false;
    } else if (dynamic ? !new RegExp(`^${actual.split('{}').map(escapeRegExp).join('[^/]+')}$`).test(expected.literal!) : actual !== expected.literal) {
      return false;
    }
  }
  return segments.length === documented.segments.length;
}

/** Why `method template` is not an operation of the document, or undefined when it is. */
export function operationProblem(document: ApiDocument, method: string, template: string): string | undefined {
  const found = documentedPaths(document).filter((documented) => matches(document, template, documented));
  if (found.length === 0) return `no path of ${API_DOCUMENT} matches ${template}`;
  if (found.some((documented) => documented.methods.includes(method))) return undefined;
  return `${found.map((documented) => `${documented.path} has ${documented.methods.join(', ') || 'no operation'}`).join('; ')}: not ${method}`;
}

export interface ApiCallsCheck {
  calls: ApiCall[];
  /** One line per problem: `mf-admin/src/features/x.ts:12 POST /api/x: no path ... — apiRequest(...)`. */
  problems: string[];
}

/**
 * The problems of `calls` against `document`: a call to no documented path, or with a method its
 * path does not have; an unresolved call not listed in `unresolved` (by `<file under srcDir>:
 * <first argument>`, each with the reason it is fine); a listed call that is no longer unresolved
 * (so the list stays true). Files are named from `root`.
 */
export function callProblems(calls: ApiCall[], document: ApiDocument, options: { root: string; srcDir: string; unresolved?: Record<string, string> }): string[] {
  const listed = new Set(Object.keys(options.unresolved ?? {}));
  const problems: string[] = [];
  for (const call of calls) {
    const where = `${path.relative(options.root, call.file)}:${call.line}`;
    if (call.unresolved) {
      const key = `${path.relative(options.srcDir, call.file)}: ${call.pathText}`;
      if (!listed.delete(key)) problems.push(`${where}: cannot tell what \`${call.text}\` requests: ${call.unresolved}. Write its path as a literal or template (a \`const\` or a one-expression function of ours is followed), or list it in the test's unresolved calls as '${key}' with the reason.`);
      continue;
    }
    for (const method of call.methods) {
      for (const template of call.paths) {
        const problem = operationProblem(document, method, template);
        if (problem) problems.push(`${where} ${method} ${template}: ${problem} (\`${call.text}\`)`);
      }
    }
  }
  for (const key of listed) problems.push(`'${key}' is listed as an unresolved call, but there is no such unresolved call any more: take it off the list`);
  return problems;
}

/** {@link callProblems} of the `apiRequest` calls under `srcDir`, against the repository's API document (or `document`). */
export function checkApiCalls(options: { srcDir: string; document?: ApiDocument; unresolved?: Record<string, string> }): ApiCallsCheck {
  const root = repositoryRoot(options.srcDir);
  const calls = findApiCalls({ srcDir: options.srcDir });
  return { calls, problems: callProblems(calls, options.document ?? readApiDocument(root), { root, srcDir: path.resolve(options.srcDir), unresolved: options.unresolved ?? {} }) };
}
