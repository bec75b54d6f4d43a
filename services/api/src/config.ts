/**
 * Service configuration, read once from the environment and validated with zod
 * (fastify/demo habit: behaviour is never keyed on NODE_ENV).
 *
 * Environment variables (all optional):
 * - `API_PORT` (default 3000), `API_HOST` (default 127.0.0.1)
 * - `PUBLIC_API_URL`: the origin clients reach the API at (default http://127.0.0.1:API_PORT);
 *   used to build absolute image URLs.
 * - `DATABASE_URL`: a PostgreSQL server to use. Without it an embedded PostgreSQL is started.
 * - `DATA_DIR` (default `<repo>/.data`): embedded PostgreSQL data and the default storage root.
 * - `EMBEDDED_PG_PORT` (default 54329): port of the embedded PostgreSQL.
 * - `STORAGE_ROOT` (default `DATA_DIR/storage`): where bucket files live.
 * - `JWT_SECRET`: signing secret for access tokens (random per start when unset).
 * - `REMOTE_REGISTRY_FILE`: JSON file with the remote registry, re-read when it changes.
 *   Without it the registry is built from `REMOTE_<NAME>_URL` (the remote's origin) with the
 *   defaults of `npm start` (storefront 3001, checkout 3002, admin 3003, devtools 3004).
 * - `PORT` (default 8080): the shell's port; `SHELL_URL` (default http://127.0.0.1:PORT) is the
 *   store's origin. CORS admits the shell origin, its `localhost` twin and the remote origins.
 * - `SEED` (default `if-empty`): `if-empty` seeds the demo catalogue into an empty database,
 *   `never` skips it.
 * - `LOG_LEVEL` (default info).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Repository root (services/api/src -> ../../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const port = z.coerce.number().int().min(1).max(65535);

const envSchema = z.object({
  API_PORT: port.default(3000),
  API_HOST: z.string().default('127.0.0.1'),
  PUBLIC_API_URL: z.url().optional(),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL').optional(),
  DATA_DIR: z.string().optional(),
  EMBEDDED_PG_PORT: port.default(54329),
  STORAGE_ROOT: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  REMOTE_REGISTRY_FILE: z.string().optional(),
  REMOTE_STOREFRONT_URL: z.url().default('http://127.0.0.1:3001'),
  REMOTE_CHECKOUT_URL: z.url().default('http://127.0.0.1:3002'),
  REMOTE_ADMIN_URL: z.url().default('http://127.0.0.1:3003'),
  REMOTE_DEVTOOLS_URL: z.url().default('http://127.0.0.1:3004'),
  PORT: port.default(8080),
  SHELL_URL: z.url().optional(),
  SEED: z.enum(['if-empty', 'never']).default('if-empty'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** Validated configuration of one service process. */
export interface AppConfig {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  storageRoot: string;
  jwtSecret: string;
  remoteRegistryFile: string | undefined;
  remoteOrigins: Record<'storefront' | 'checkout' | 'admin' | 'devtools', string>;
  shellUrl: string;
  /** Origins allowed to call the API from a browser. */
  corsOrigins: string[];
  seed: 'if-empty' | 'never';
  logLevel: string;
}

/**
 * Parses the environment into an {@link AppConfig}.
 * @throws Error listing every invalid variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable counts as unset (`DATABASE_URL= npm start` uses the embedded database).
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const shellUrl = (e.SHELL_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/$/, '');
  const remoteOrigins = {
    storefront: e.REMOTE_STOREFRONT_URL.replace(/\/$/, ''),
    checkout: e.REMOTE_CHECKOUT_URL.replace(/\/$/, ''),
    admin: e.REMOTE_ADMIN_URL.replace(/\/$/, ''),
    devtools: e.REMOTE_DEVTOOLS_URL.replace(/\/$/, ''),
  };
  const withLocalhostTwins = (origins: string[]) =>
    [...new Set(origins.flatMap((origin) => [origin, origin.replace('//127.0.0.1', '//localhost')]))];
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
  return {
    port: e.API_PORT,
    host: e.API_HOST,
    publicUrl: (e.PUBLIC_API_URL ?? `http://127.0.0.1:${e.API_PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    storageRoot: path.resolve(e.STORAGE_ROOT ?? path.join(dataDir, 'storage')),
    jwtSecret: e.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    remoteRegistryFile: e.REMOTE_REGISTRY_FILE ? path.resolve(e.REMOTE_REGISTRY_FILE) : undefined,
    remoteOrigins,
    shellUrl,
    corsOrigins: withLocalhostTwins([shellUrl, ...Object.values(remoteOrigins)]),
    seed: e.SEED,
    logLevel: e.LOG_LEVEL,
  };
}
