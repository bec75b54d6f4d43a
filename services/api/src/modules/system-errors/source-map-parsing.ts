/**
 * The CPU-bound half of source mapping (source-maps.ts): parsing a stored map and reading
 * original positions out of it. It runs in the source-map worker thread (source-map-worker.ts),
 * never on the API's event loop: decoding the mappings of a ~2 MB map takes tens to hundreds of
 * milliseconds of synchronous work. Kept free of the service's other modules (only Node built-ins
 * and @jridgewell/trace-mapping), so the worker loads nothing else; also the messages the worker
 * and its client (source-maps.ts) exchange.
 */
import { gunzipSync } from 'node:zlib';
import { originalPositionFor, sourceContentFor, TraceMap } from '@jridgewell/trace-mapping';

/** Lines of original source shown on each side of a mapped line. */
export const SOURCE_CONTEXT_LINES = 3;

/** `webpack://devtools/./src/x.tsx` -> `src/x.tsx`; `webpack://shell/../shared-ui/src/y.ts` -> `shared-ui/src/y.ts`. */
export function originalFileName(source: string): string {
  return source
    .replace(/^webpack:\/\/[^/]*\//, '')
    .replace(/^(\.\.?\/)+/, '')
    .replace(/^css /, '');
}

/** A position in a generated file, as a stack frame gives it: line and column both 1-based. */
export interface GeneratedPosition {
  line: number;
  column: number;
}

/**
 * Where a generated position came from: the original file (normalised by {@link originalFileName}),
 * its 1-based line and column, the original identifier (null when the map names none) and up to
 * {@link SOURCE_CONTEXT_LINES} lines of original source on each side (when the map embeds the source).
 */
export interface OriginalPosition {
  file: string;
  line: number;
  column: number;
  function: string | null;
  context?: { firstLine: number; lines: string[] };
}

/** A parsed map and the length of its JSON text, bytes (what the worker's cache counts). */
export interface ParsedMap {
  map: TraceMap;
  bytes: number;
}

/**
 * Parses one `source_maps.map` value: gzip-compressed Source Map v3 JSON. @throws when the bytes
 * are not gzip or the text is not a source map (JSON.parse / TraceMap errors).
 */
export function parseStoredMap(gzipped: Uint8Array): ParsedMap {
  const json = gunzipSync(gzipped);
  return { map: new TraceMap(json.toString('utf8')), bytes: json.byteLength };
}

/**
 * The original position of each of `positions` in `map`, in order; null where the map has no
 * mapping (or no source) for it. The first lookup decodes the map's mappings (the costly part).
 */
export function originalPositions(map: TraceMap, positions: readonly GeneratedPosition[]): (OriginalPosition | null)[] {
  const sourceLines = new Map<string, string[] | null>();
  const linesOf = (source: string): string[] | null => {
    if (!sourceLines.has(source)) sourceLines.set(source, sourceContentFor(map, source)?.split('\n') ?? null);
    return sourceLines.get(source) ?? null;
  };
  return positions.map(({ line, column }) => {
    const position = originalPositionFor(map, { line, column: Math.max(0, column - 1) });
    if (position.source === null || position.line === null) return null;
    const lines = linesOf(position.source);
    let context: OriginalPosition['context'];
    if (lines) {
      const first = Math.max(1, position.line - SOURCE_CONTEXT_LINES);
      const last = Math.min(lines.length, position.line + SOURCE_CONTEXT_LINES);
      context = { firstLine: first, lines: lines.slice(first - 1, last) };
    }
    return {
      file: originalFileName(position.source),
      line: position.line,
      column: position.column + 1,
      function: position.name ?? null,
      ...(context ? { context } : {}),
    };
  });
}

/** Which stored map to read: by file name across all apps (content-hashed names), or within one app and version. */
export interface StoredMapKey {
  key: string;
  file: string;
  build: { app: string; version: string } | null;
}

/** What a `load` did: the map is now cached; no map is stored under that key; or the map is larger than the whole cache (not kept). */
export type SourceMapLoadResult = 'cached' | 'none' | 'too-large';

/** The worker's counters since it started: database reads, maps parsed, and what its cache holds (maps, bytes of JSON). */
export interface SourceMapWorkerStats {
  reads: number;
  parses: number;
  cachedMaps: number;
  cachedBytes: number;
}

/**
 * A request to the source-map worker; `id` comes back in its reply.
 * - `map`: the original positions of `positions` in the cached map `key` (reply `result`: the
 *   list, or null when that map is not cached);
 * - `load`: read the map from `source_maps` (one query), parse and cache it (reply `result`: a
 *   {@link SourceMapLoadResult}; `error` when the read fails or the bytes are not a gzipped source map);
 * - `forget`: drop the cached maps `keys` (a re-upload replaced them);
 * - `stats`: its {@link SourceMapWorkerStats};
 * - `close`: end its database connection (then it is terminated).
 */
export type SourceMapWorkerRequest =
  | { id: number; op: 'map'; key: string; positions: GeneratedPosition[] }
  | ({ id: number; op: 'load' } & StoredMapKey)
  | { id: number; op: 'forget'; keys: string[] }
  | { id: number; op: 'stats' }
  | { id: number; op: 'close' };

/** The worker's reply to the request `id`: a result, or the error text. */
export type SourceMapWorkerReply =
  | { id: number; result: (OriginalPosition | null)[] | null | SourceMapLoadResult | SourceMapWorkerStats | true }
  | { id: number; error: string };
