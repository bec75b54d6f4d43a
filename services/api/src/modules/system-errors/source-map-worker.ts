/**
 * The source-map worker thread's entry (started by source-maps.ts, one per API process, only once
 * a stored report's frames are first mapped). It reads maps from `source_maps` over its own
 * database connection (one, opened on the first read, as pg-boss and the outbox listener have
 * theirs), parses them (source-map-parsing.ts) and keeps them in an LRU cache bounded by the total
 * length of their JSON text (`workerData.cacheMaxBytes`), so neither the map's bytes nor its
 * parsing ever reach the API's event loop; on Linux it runs at the lowest CPU priority. It
 * answers {@link SourceMapWorkerRequest}s; which map is read when (one read per key at a time,
 * misses remembered) is decided by its client.
 * Runs as Node runs the service's sources (type stripping), so it imports only erasable TypeScript.
 */
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import {
  originalPositions,
  parseStoredMap,
  type ParsedMap,
  type SourceMapLoadResult,
  type SourceMapWorkerReply,
  type SourceMapWorkerRequest,
  type SourceMapWorkerStats,
  type StoredMapKey,
} from './source-map-parsing.ts';

const port = parentPort;
if (!port) throw new Error('source-map-worker.ts runs as a worker thread (source-maps.ts starts it)');
const { cacheMaxBytes, connectionString } = workerData as { cacheMaxBytes: number; connectionString: string };

// Mapping is background work: on Linux the nice value is per thread, so this thread alone runs at
// the lowest CPU priority and yields the cores to the event loop that answers requests (elsewhere
// it would lower the whole process, so it is left as is).
if (process.platform === 'linux') {
  try {
    os.setPriority(19);
  } catch {
    // Not allowed here (some sandboxes): the thread keeps the process's priority.
  }
}

const cache = new LRUCache<string, ParsedMap>({ maxSize: cacheMaxBytes, sizeCalculation: (entry) => Math.max(1, entry.bytes) });
const counters = { reads: 0, parses: 0 };
let connecting: Promise<pg.Client> | null = null;

/** The worker's database connection, opened on first use and again after it broke. */
function connection(): Promise<pg.Client> {
  connecting ??= (async () => {
    const client = new pg.Client({ connectionString, application_name: 'prata-source-maps', keepAlive: true, connectionTimeoutMillis: 5000, query_timeout: 30_000 });
    const reset = () => {
      connecting = null;
    };
    client.on('error', reset);
    client.on('end', reset);
    try {
      await client.connect();
    } catch (error) {
      reset();
      throw error;
    }
    return client;
  })();
  return connecting;
}

async function load({ key, file, build }: StoredMapKey): Promise<SourceMapLoadResult> {
  const client = await connection();
  counters.reads += 1;
  const { rows } = build
    ? await client.query<{ map: Buffer }>('select map from source_maps where app = $1 and version = $2 and file = $3', [build.app, build.version, file])
    : // A content-hashed name is one build's file: the first map stored under it is that build's, and
      // an upload of the same name under another app or version cannot replace it (review #10).
      await client.query<{ map: Buffer }>('select map from source_maps where file = $1 order by uploaded_at asc limit 1', [file]);
  const row = rows[0];
  if (!row) return 'none';
  counters.parses += 1;
  cache.set(key, parseStoredMap(row.map));
  return cache.has(key) ? 'cached' : 'too-large';
}

async function answer(request: SourceMapWorkerRequest): Promise<SourceMapWorkerReply> {
  switch (request.op) {
    case 'map': {
      const entry = cache.get(request.key);
      return { id: request.id, result: entry ? originalPositions(entry.map, request.positions) : null };
    }
    case 'load':
      return { id: request.id, result: await load(request) };
    case 'forget':
      for (const key of request.keys) cache.delete(key);
      return { id: request.id, result: true };
    case 'stats':
      return { id: request.id, result: { ...counters, cachedMaps: cache.size, cachedBytes: cache.calculatedSize } satisfies SourceMapWorkerStats };
    case 'close': {
      const open = connecting;
      connecting = null;
      if (open) await open.then((client) => client.end()).catch(() => undefined);
      return { id: request.id, result: true };
    }
  }
}

port.on('message', (request: SourceMapWorkerRequest) => {
  answer(request)
    .catch((error: unknown): SourceMapWorkerReply => ({ id: request.id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }))
    .then((reply) => port.postMessage(reply));
});
