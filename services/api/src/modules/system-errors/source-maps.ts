/**
 * Source maps (security review 2026-11-29 #1): every build emits hidden source maps (no
 * `sourceMappingURL`, never served to browsers); `npm run release` uploads them with the version,
 * and `npm start` imports the maps of the builds it serves (`SOURCE_MAP_DIRS`). The service maps
 * the stack frames of reports to the original file, line, column and identifier, with a few lines
 * of the original source, using @jridgewell/trace-mapping (the Source Map v3 format, ECMA-426).
 *
 * Which map belongs to a frame: the frame's file name (the last segment of its URL). Content-hashed
 * names (`main.968aa30b.js`) identify a build on their own and are looked up across all apps; an
 * unhashed one (`remoteEntry.js`) is looked up under the report's app and version only.
 *
 * When: never while a report is received, so an anonymous report cannot make the API parse
 * stored maps on the request path. `POST /api/errors` stores the report with its
 * frames as reported and answers 202; a `source-map-frames` job (index.ts, on the pg-boss queue)
 * then maps the stored event's frames ({@link SourceMapStore.mapFrames}) and writes them back
 * (SystemErrorService.mapEvent). What one report can cost is bounded:
 * - at most {@link MAX_FRAMES_MAPPED} frames (the top ones) and {@link MAX_MAPS_PER_REPORT}
 *   distinct maps per report, looked up one after the other; further frames are kept as reported;
 * - each map is read and parsed once at a time: concurrent lookups of the same map await the one
 *   load in flight, and a file with no (usable) map is remembered for a minute;
 * - reading (one query of the gzipped map, over the worker's own database connection, opened on
 *   first use), parsing (gunzip, JSON, decoding the mappings: tens to hundreds of milliseconds for
 *   a ~2 MB map) and the lookups run in a worker thread (source-map-worker.ts; its heap capped at
 *   {@link SOURCE_MAP_WORKER_HEAP_MB} MB: past it the worker dies and is started again, the API
 *   does not; on Linux at the lowest CPU priority, nice 19, which is per thread there), never on
 *   the event loop that answers requests; the worker keeps parsed maps in an
 *   LRU cache bounded by the length of their JSON, {@link SOURCE_MAP_CACHE_MAX_BYTES} in all (a
 *   parsed map takes about 5-9 times its JSON on the heap: 9.5 MB for a 1.75 MB terser map of
 *   react-dom);
 * - the job's queue runs at most {@link FRAME_MAPPING_JOBS_PER_TICK} jobs per poll of the job
 *   runner, so a flood of reports delays mapping, not the other jobs.
 * {@link SourceMapStore.stats} gives the worker's reads, parses and cache.
 * Grouping into issues does not wait for the mapping: reports are fingerprinted on their frames as
 * reported (issue-grouping.ts explains why).
 */
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { ValidationError } from '../../errors.ts';
import { isInApp, mayBeSourceMapped, type StackFrame } from './issue-grouping.ts';
import type { GeneratedPosition, OriginalPosition, SourceMapLoadResult, SourceMapWorkerReply, SourceMapWorkerRequest, SourceMapWorkerStats, StoredMapKey } from './source-map-parsing.ts';
import type { FrameMapper } from './system-errors.service.ts';

export { originalFileName, SOURCE_CONTEXT_LINES, type SourceMapWorkerStats } from './source-map-parsing.ts';

/** Largest map accepted, bytes of JSON (the admin remote's biggest chunk map is ~2 MB). */
export const SOURCE_MAP_MAX_BYTES = 25 * 1024 * 1024;
/** Parsed maps kept per process (in the worker), bytes of their JSON text in all. */
export const SOURCE_MAP_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** The source-map worker's old-generation heap limit, MB: past it the worker dies (its frames stay unmapped), not the API. */
export const SOURCE_MAP_WORKER_HEAP_MB = 512;
/** Frames of one report that are mapped, at most: the top ones; the rest are kept as reported. */
export const MAX_FRAMES_MAPPED = 50;
/** Distinct maps one report's frames are mapped through, at most; frames naming others are kept as reported. */
export const MAX_MAPS_PER_REPORT = 8;
/** `source-map-frames` jobs run per poll of the job runner (jobs/job-runner.ts `perTick`), at most. */
export const FRAME_MAPPING_JOBS_PER_TICK = 10;
/** How long a file with no stored map is remembered, ms. */
const MISS_TTL_MS = 60_000;
/** Files with no stored map remembered, at most. */
const MISSES_KEPT = 1000;

const HASHED = /[.-][0-9a-f]{8,}\.m?js$/i;
const WORKER_FILE = new URL('./source-map-worker.ts', import.meta.url);

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

/** Which stored map applies to `frame` (see the module comment), or null when none can. */
function mapTargetOf(frame: StackFrame, app: string | undefined, version: string | undefined): StoredMapKey | null {
  if (!mayBeSourceMapped(frame)) return null;
  let file: string;
  try {
    file = path.posix.basename(new URL(frame.file).pathname);
  } catch {
    return null;
  }
  if (HASHED.test(file)) return { key: `*|${file}`, file, build: null };
  if (!app || !version) return null;
  return { key: `${app}|${version}|${file}`, file, build: { app, version } };
}

/** A frame at `position` (its original source). */
function mappedFrame(position: OriginalPosition): StackFrame {
  return {
    file: position.file,
    line: position.line,
    column: position.column,
    function: position.function,
    mapped: true,
    inApp: isInApp(position.file),
    ...(position.context ? { context: position.context } : {}),
  };
}

type WorkerRequest = SourceMapWorkerRequest extends infer R ? (R extends SourceMapWorkerRequest ? Omit<R, 'id'> : never) : never;

/**
 * The client of one source-map worker thread (source-map-worker.ts): started on the first request,
 * started again after it died (a crash or its heap limit fails the requests in flight), kept from
 * holding the process open while idle, stopped by {@link close}.
 */
class SourceMapWorkerClient {
  private readonly workerData: { cacheMaxBytes: number; connectionString: string };
  private current: { worker: Worker; pending: Map<number, { resolve(result: unknown): void; reject(error: unknown): void }> } | null = null;
  private nextId = 1;
  private closed = false;

  constructor(workerData: { cacheMaxBytes: number; connectionString: string }) {
    this.workerData = workerData;
  }

  get running(): boolean {
    return this.current !== null;
  }

  /** Sends one request. @returns its result. @throws Error for the worker's error, its exit, or after close. */
  request(message: WorkerRequest): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('source map worker closed'));
    const current = this.current ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (current.pending.size === 0) current.worker.ref();
      current.pending.set(id, { resolve, reject });
      current.worker.postMessage({ ...message, id });
    });
  }

  /** Drops `keys` from the worker's cache, if it runs (a fresh worker has nothing cached). */
  forget(keys: string[]): void {
    if (this.current) this.request({ op: 'forget', keys }).catch(() => undefined);
  }

  /** Ends the worker's database connection and the worker; later requests fail. */
  async close(): Promise<void> {
    if (this.closed) return;
    const current = this.current;
    if (current) await this.request({ op: 'close' }).catch(() => undefined);
    this.closed = true;
    this.current = null;
    if (current) await current.worker.terminate();
  }

  private start(): NonNullable<SourceMapWorkerClient['current']> {
    const worker = new Worker(WORKER_FILE, { workerData: this.workerData, resourceLimits: { maxOldGenerationSizeMb: SOURCE_MAP_WORKER_HEAP_MB } });
    const current = { worker, pending: new Map<number, { resolve(result: unknown): void; reject(error: unknown): void }>() };
    worker.unref();
    worker.on('message', (reply: SourceMapWorkerReply) => {
      const waiting = current.pending.get(reply.id);
      if (!waiting) return;
      current.pending.delete(reply.id);
      if (current.pending.size === 0) worker.unref();
      if ('error' in reply) waiting.reject(new Error(reply.error));
      else waiting.resolve(reply.result);
    });
    const fail = (error: unknown) => {
      if (this.current === current) this.current = null;
      for (const waiting of current.pending.values()) waiting.reject(error);
      current.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`source map worker stopped (exit code ${code})`)));
    this.current = current;
    return current;
  }
}

/** Options of a {@link SourceMapStore}. */
export interface SourceMapStoreOptions {
  /** The database the worker reads `source_maps` from (a `postgres://` URL); without it frames are never mapped (a store that only saves). */
  connectionString?: string;
  /** Parsed maps kept, bytes of their JSON in all (default {@link SOURCE_MAP_CACHE_MAX_BYTES}). */
  cacheMaxBytes?: number;
}

/**
 * The stored source maps (`source_maps`): saving and importing them, and mapping stack frames
 * through them (see the module comment for the bounds). One per API process; {@link close} stops
 * its worker thread.
 */
export class SourceMapStore {
  /** Map keys with no usable stored map (none, too large, unreadable), for MISS_TTL_MS. */
  private readonly misses = new LRUCache<string, true>({ max: MISSES_KEPT, ttl: MISS_TTL_MS });
  /** Loads in flight per map key: every lookup of that map awaits the same one. */
  private readonly inflight = new Map<string, Promise<boolean>>();
  private readonly worker: SourceMapWorkerClient | null;

  constructor(options: SourceMapStoreOptions = {}) {
    this.worker = options.connectionString
      ? new SourceMapWorkerClient({ connectionString: options.connectionString, cacheMaxBytes: options.cacheMaxBytes ?? SOURCE_MAP_CACHE_MAX_BYTES })
      : null;
  }

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
      const keys = [`${app}|${version}|${file}`, `*|${file}`];
      for (const key of keys) this.misses.delete(key);
      this.worker?.forget(keys);
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

  /** A {@link FrameMapper}: {@link mapFrames}. Never throws. */
  mapper(): FrameMapper {
    return (frames, remote, version) => this.mapFrames(frames, remote, version);
  }

  /**
   * `frames` (top first) with each of the first {@link MAX_FRAMES_MAPPED} mapped to its original
   * source through the stored map its file names (the report's `app` and `version` for unhashed
   * files), through at most {@link MAX_MAPS_PER_REPORT} distinct maps, one after the other. Frames
   * with no map, no mapping, past either cap or whose map failed to load are returned as given;
   * all of them when the store has no database to read from. Never throws.
   */
  async mapFrames(frames: readonly StackFrame[], app: string | undefined, version: string | undefined): Promise<StackFrame[]> {
    const result = [...frames];
    if (!this.worker) return result;
    const groups = new Map<string, StoredMapKey & { indexes: number[] }>();
    frames.slice(0, MAX_FRAMES_MAPPED).forEach((frame, index) => {
      const target = mapTargetOf(frame, app, version);
      if (!target) return;
      let group = groups.get(target.key);
      if (!group) {
        if (groups.size >= MAX_MAPS_PER_REPORT) return;
        group = { ...target, indexes: [] };
        groups.set(target.key, group);
      }
      group.indexes.push(index);
    });
    for (const group of groups.values()) {
      const positions = group.indexes.map((index) => ({ line: frames[index]!.line!, column: frames[index]!.column! }));
      const found = await this.originalPositions(this.worker, group, positions).catch(() => null);
      group.indexes.forEach((frameIndex, i) => {
        const position = found?.[i];
        if (position) result[frameIndex] = mappedFrame(position);
      });
    }
    return result;
  }

  /** The worker's counters (all zero before it started, or without a database). */
  async stats(): Promise<SourceMapWorkerStats> {
    if (!this.worker?.running) return { reads: 0, parses: 0, cachedMaps: 0, cachedBytes: 0 };
    return (await this.worker.request({ op: 'stats' })) as SourceMapWorkerStats;
  }

  /** Stops the worker thread (and its database connection); later lookups leave frames as reported. */
  async close(): Promise<void> {
    await this.worker?.close();
  }

  /** The original positions of `positions` in `target`'s map, loading it first when the worker has not cached it; null without a usable map. */
  private async originalPositions(worker: SourceMapWorkerClient, target: StoredMapKey, positions: GeneratedPosition[]): Promise<(OriginalPosition | null)[] | null> {
    if (this.misses.has(target.key)) return null;
    const cached = (await worker.request({ op: 'map', key: target.key, positions })) as (OriginalPosition | null)[] | null;
    if (cached) return cached;
    if (!(await this.ensureLoaded(worker, target))) return null;
    return (await worker.request({ op: 'map', key: target.key, positions })) as (OriginalPosition | null)[] | null;
  }

  /**
   * Has the worker read, parse and cache `target`'s map, or awaits the load of it already in
   * flight: one database read and one parse per key at a time, whoever asks. @returns whether the
   * map is now cached. @throws Error when that load failed.
   */
  private ensureLoaded(worker: SourceMapWorkerClient, target: StoredMapKey): Promise<boolean> {
    let pending = this.inflight.get(target.key);
    if (!pending) {
      pending = this.load(worker, target).finally(() => this.inflight.delete(target.key));
      this.inflight.set(target.key, pending);
    }
    return pending;
  }

  /**
   * One load: the worker reads `target`'s map from the database, parses and caches it. @returns
   * false when no map is stored, or it is larger than the whole cache (both then remembered for
   * MISS_TTL_MS). @throws Error when the read or the parse failed (remembered likewise) or the worker died.
   */
  private async load(worker: SourceMapWorkerClient, { key, file, build }: StoredMapKey): Promise<boolean> {
    let result: SourceMapLoadResult;
    try {
      result = (await worker.request({ op: 'load', key, file, build })) as SourceMapLoadResult;
    } catch (error) {
      this.misses.set(key, true);
      throw error;
    }
    if (result !== 'cached') this.misses.set(key, true);
    return result === 'cached';
  }
}
