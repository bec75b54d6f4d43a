/**
 * Static host: serves one built app (the shell or a remote) from its own origin, as its own
 * deployment would. Compressed responses; content-hashed files cached for a year, entry files
 * (`index.html`, `remoteEntry.js`, `mf-manifest.json`) revalidated every time; CORS open so the
 * shell on another origin can fetch a remote's manifest. The shell's host also answers
 * `/runtime-config.json` (the API origin) and falls back to `index.html` for client routes.
 */
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';

export interface StaticHostOptions {
  /** Name for logs, e.g. `shell`, `storefront`. */
  name: string;
  /** The app's build output directory. */
  root: string;
  port: number;
  host?: string;
  /** Single-page app: unknown GET paths that accept HTML get `index.html` (the shell). */
  spa?: boolean;
  /** Served at `/runtime-config.json` when given (the shell). */
  runtimeConfig?: { apiUrl: string };
  logger?: boolean | { level: string };
}

export interface RunningHost {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/** Entry files that must never be cached: they name the hashed files of the current build. */
const ENTRY_FILES = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json', 'mf-stats.json']);

/** Starts a static host. @throws when the port is taken or `root` is missing. */
export async function startStaticHost(options: StaticHostOptions): Promise<RunningHost> {
  const app = Fastify({ logger: options.logger ?? false, forceCloseConnections: true });
  await app.register(compress, { global: true, threshold: 512 });
  await app.register(cors, { origin: '*' });
  await app.register(fastifyStatic, {
    root: path.resolve(options.root),
    index: ['index.html'],
    wildcard: true,
    // Hashed file names change with their content; entry files are revalidated instead.
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const file = path.basename(filePath);
      void reply.header('cache-control', ENTRY_FILES.has(file) ? 'no-cache' : 'public, max-age=31536000, immutable');
    },
  });
  if (options.runtimeConfig) {
    const body = options.runtimeConfig;
    app.get('/runtime-config.json', async (_request, reply) => reply.header('cache-control', 'no-store').send(body));
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (options.spa && wantsHtml) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).send({ error: 'not_found' });
  });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port, host });
  return { app, url: `http://${host}:${options.port}`, close: () => app.close() };
}
