/**
 * Source maps (issue 24): every build emits hidden source maps (no `sourceMappingURL`, never
 * served to browsers); `npm run release` uploads them with the version, and `npm start` imports
 * the maps of the builds it serves (`SOURCE_MAP_DIRS`). At ingestion the service maps each stack
 * frame of a report to the original file, line, column and identifier, with a few lines of the
 * original source, using @jridgewell/trace-mapping (the Source Map v3 format, ECMA-426).
 *
 * Which map belongs to a frame: the frame's file name (the last segment of its URL). Content-hashed
 * names (`main.968aa30b.js`) identify a build on their own; an unhashed one (`remoteEntry.js`) is
 * looked up under the report's app and version only. Parsed maps are kept in a bounded LRU cache;
 * a file with no map is remembered for a minute.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { originalPositionFor, sourceContentFor, TraceMap } from '@jridgewell/trace-mapping';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { ValidationError } from '../../errors.ts';
import { isInApp, type StackFrame } from './issue-grouping.ts';
import type { FrameMapper } from './system-errors.service.ts';

/** Lines of original source shown on each side of a mapped line. */
export const SOURCE_CONTEXT_LINES = 3;
/** Largest map accepted, bytes of JSON (the admin remote's biggest chunk map is ~2 MB). */
export const SOURCE_MAP_MAX_BYTES = 25 * 1024 * 1024;
/** Parsed maps kept in memory. */
const CACHE_SIZE = 24;
const MISS_TTL_MS = 60_000;

const HASHED = /[.-][0-9a-f]{8,}\.m?js$/i;

/** One uploaded map: the generated file it describes (`main.968aa30b.js`) and its JSON text. */
export interface SourceMapFile {
  file: string;
  json: string;
}

const sourceMapJsonSchema = z.object({ version: z.literal(3), mappings: z.string(), sources: z.array(z.string().nullable()) }).loose();

/** The generated file name a `.map` upload describes: `main.968aa30b.js.map` -> `main.968aa30b.js`. @throws ValidationError for another name. */
export function generatedFileOf(mapName: string): string {
  const base = path.basename(mapName);
  if (!/^[\w.@-]{1,200}\.js\.map$/.test(base)) throw new ValidationError(`Nome de source map inválido: ${base}`, [{ path: 'file', message: 'Envie arquivos .js.map' }]);
  return base.slice(0, -'.map'.length);
}

/** `webpack://devtools/./src/x.tsx` -> `src/x.tsx`; `webpack://shell/../shared-ui/src/y.ts` -> `shared-ui/src/y.ts`. */
export function originalFileName(source: string): string {
  return source
    .replace(/^webpack:\/\/[^/]*\//, '')
    .replace(/^(\.\.?\/)+/, '')
    .replace(/^css /, '');
}

export class SourceMapStore {
  private readonly cache = new LRUCache<string, TraceMap | false>({ max: CACHE_SIZE, ttlAutopurge: false });

  /**
   * Stores `files` for `app` at `version` (replacing maps of the same file). @throws
   * ValidationError (pt-BR) when one is not a Source Map v3 JSON or is larger than SOURCE_MAP_MAX_BYTES.
   * @returns how many were stored.
   */
  async save(em: EntityManager, app: string, version: string, files: readonly SourceMapFile[], now: Date): Promise<number> {
    for (const { file, json } of files) {
      if (Buffer.byteLength(json) > SOURCE_MAP_MAX_BYTES) throw new ValidationError(`Source map grande demais: ${file}`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(json);
      } catch {
        throw new ValidationError(`Source map inválido: ${file}`);
      }
      if (!sourceMapJsonSchema.safeParse(parsed).success) throw new ValidationError(`Source map inválido: ${file}`);
    }
    const connection = em.getConnection();
    for (const { file, json } of files) {
      await connection.execute(
        `insert into source_maps (app, version, file, map, size, uploaded_at) values (?, ?, ?, ?, ?, ?)
         on conflict (app, version, file) do update set map = excluded.map, size = excluded.size, uploaded_at = excluded.uploaded_at`,
        [app, version, file, gzipSync(json), Buffer.byteLength(json), now],
      );
      this.cache.delete(`${app}|${version}|${file}`);
      this.cache.delete(`*|${file}`);
    }
    return files.length;
  }

  /**
   * Imports the maps of one build directory (`dist/`: `build-info.json` names the app and version,
   * `*.js.map` are its maps), unless that version's maps are stored already. @returns how many
   * were stored (0 when already there or when the directory is not a build).
   */
  async importBuild(em: EntityManager, dir: string, now: Date): Promise<number> {
    const info = await readFile(path.join(dir, 'build-info.json'), 'utf8').then((text) => z.object({ name: z.string(), version: z.string() }).parse(JSON.parse(text)), () => null);
    if (!info) return 0;
    const [row] = await em.getConnection().execute<{ n: number }[]>('select count(*)::int as n from source_maps where app = ? and version = ?', [info.name, info.version]);
    if ((row?.n ?? 0) > 0) return 0;
    const names = (await readdir(dir)).filter((name) => name.endsWith('.js.map'));
    const files = await Promise.all(names.map(async (name) => ({ file: generatedFileOf(name), json: await readFile(path.join(dir, name), 'utf8') })));
    return this.save(em, info.name, info.version, files, now);
  }

  /** A {@link FrameMapper} reading maps through `em()` (a fresh EntityManager per lookup). */
  mapper(em: () => EntityManager): FrameMapper {
    return async (frames, remote, version) => Promise.all(frames.map((frame) => this.mapFrame(em, frame, remote, version)));
  }

  private async mapFrame(em: () => EntityManager, frame: StackFrame, app: string | undefined, version: string | undefined): Promise<StackFrame> {
    if (frame.line === null || frame.column === null || !/^https?:\/\//.test(frame.file)) return frame;
    let file: string;
    try {
      file = path.posix.basename(new URL(frame.file).pathname);
    } catch {
      return frame;
    }
    const hashed = HASHED.test(file);
    if (!hashed && (!app || !version)) return frame;
    const map = await this.load(em, file, hashed ? null : { app: app as string, version: version as string });
    if (!map) return frame;
    const position = originalPositionFor(map, { line: frame.line, column: Math.max(0, frame.column - 1) });
    if (position.source === null || position.line === null) return frame;
    const original = originalFileName(position.source);
    const content = sourceContentFor(map, position.source);
    let context: StackFrame['context'];
    if (content !== null) {
      const lines = content.split('\n');
      const first = Math.max(1, position.line - SOURCE_CONTEXT_LINES);
      const last = Math.min(lines.length, position.line + SOURCE_CONTEXT_LINES);
      context = { firstLine: first, lines: lines.slice(first - 1, last) };
    }
    return {
      file: original,
      line: position.line,
      column: position.column + 1,
      function: position.name ?? null,
      mapped: true,
      inApp: isInApp(original),
      ...(context ? { context } : {}),
    };
  }

  private async load(em: () => EntityManager, file: string, build: { app: string; version: string } | null): Promise<TraceMap | null> {
    const key = build ? `${build.app}|${build.version}|${file}` : `*|${file}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached || null;
    const rows = build
      ? await em().getConnection().execute<{ map: Buffer }[]>('select map from source_maps where app = ? and version = ? and file = ?', [build.app, build.version, file])
      : await em().getConnection().execute<{ map: Buffer }[]>('select map from source_maps where file = ? order by uploaded_at desc limit 1', [file]);
    const row = rows[0];
    if (!row) {
      this.cache.set(key, false, { ttl: MISS_TTL_MS });
      return null;
    }
    const map = new TraceMap(gunzipSync(row.map).toString('utf8'));
    this.cache.set(key, map);
    return map;
  }
}
