/**
 * The source-map worker thread's entry (started by source-maps.ts, one per API process, only once
 * a report's frames are first mapped). It keeps the parsed maps in an LRU cache bounded by the
 * total length of their JSON text (`workerData.cacheMaxBytes`) and answers the requests of
 * source-map-parsing.ts ({@link SourceMapWorkerRequest}), one at a time, in the order sent. Runs
 * as Node runs the service's sources (type stripping), so it imports only erasable TypeScript.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import { originalPositions, parseStoredMap, type ParsedMap, type SourceMapWorkerReply, type SourceMapWorkerRequest } from './source-map-parsing.ts';

const port = parentPort;
if (!port) throw new Error('source-map-worker.ts runs as a worker thread (source-maps.ts starts it)');
const { cacheMaxBytes } = workerData as { cacheMaxBytes: number };

const cache = new LRUCache<string, ParsedMap>({ maxSize: cacheMaxBytes, sizeCalculation: (entry) => Math.max(1, entry.bytes) });

function answer(request: SourceMapWorkerRequest): SourceMapWorkerReply {
  switch (request.op) {
    case 'map': {
      const entry = cache.get(request.key);
      return { id: request.id, result: entry ? originalPositions(entry.map, request.positions) : null };
    }
    case 'load':
      // A map larger than the whole cache is not kept (false): its frames stay as reported.
      cache.set(request.key, parseStoredMap(request.gzipped));
      return { id: request.id, result: cache.has(request.key) };
    case 'forget':
      for (const key of request.keys) cache.delete(key);
      return { id: request.id, result: true };
  }
}

port.on('message', (request: SourceMapWorkerRequest) => {
  let reply: SourceMapWorkerReply;
  try {
    reply = answer(request);
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  port.postMessage(reply);
});
