/**
 * Released builds of a remote: `npm run release -- <remote>` copies a build to
 * `DATA_DIR/deploy/<remote>/<version>/`; the remote's static host serves that directory at
 * `/releases/<version>/...` next to its bootstrap build, so every version stays reachable (open
 * tabs keep loading the chunks of the version they started with).
 *
 * Caching: a version directory never changes once published, so its files are
 * `public, max-age=31536000, immutable`; the manifest and build info (`mf-manifest.json`,
 * `mf-stats.json`, `build-info.json`) are still `no-cache` (revalidated, never served stale), as
 * the registry that points at them is `no-store`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** URL prefix of released versions on a remote's origin. */
export const RELEASES_PREFIX = '/releases/';

/** Files of a version that are revalidated rather than cached for a year. */
const REVALIDATED = new Set(['mf-manifest.json', 'mf-stats.json', 'build-info.json']);

/** A source map's path (`.map`): hosts never serve them (hidden maps go to the service). */
export function isSourceMap(pathName: string): boolean {
  return /\.map$/i.test(pathName);
}

/** Serves `root` (`DATA_DIR/deploy/<remote>`, created when missing) at {@link RELEASES_PREFIX}. */
export async function serveReleases(app: FastifyInstance, root: string): Promise<void> {
  const dir = path.resolve(root);
  mkdirSync(dir, { recursive: true });
  await app.register(fastifyStatic, {
    root: dir,
    prefix: RELEASES_PREFIX,
    preCompressed: true,
    decorateReply: false,
    index: false,
    // Source maps are the service's, never a browser's.
    allowedPath: (pathName) => !isSourceMap(pathName),
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      void reply.header('cache-control', REVALIDATED.has(path.basename(filePath)) ? 'no-cache' : 'public, max-age=31536000, immutable');
    },
  });
}
