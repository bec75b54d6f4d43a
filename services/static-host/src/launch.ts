/**
 * `npm start` / `npm run dev`: runs the whole store on 127.0.0.1, every deployable unit on its
 * own origin, as separate deployments would be.
 *
 * - API (services/api) as a child process: embedded PostgreSQL unless `DATABASE_URL` is set.
 * - `npm start`: the shell and each remote's production build, each on its own static host; the
 *   shell's host server-renders pages with the shell's Node build: shell-host.ts, the
 *   same code the production container runs (host-server.ts).
 * - `npm run dev` (`--dev`): each app's rspack dev server (hot reload; both builds, the Node
 *   build written to disk), the API under `node --watch`, and the shell's host on `PORT`, which
 *   server-renders with the shell's latest Node build and links the shell's files at its dev
 *   server: the store composes and renders as it does in production.
 * The store is reported running once the API is healthy and every remote of its registry answers
 * in the browser and on the server (readiness.ts).
 *
 * Ports (environment): `PORT` shell (8080), `API_PORT` (3000), `STOREFRONT_PORT` (3001),
 * `CHECKOUT_PORT` (3002), `ADMIN_PORT` (3003), `DEVTOOLS_PORT` (3004), `SHELL_ASSETS_PORT` (the
 * shell's dev server in development, 3005). Server rendering: `PUBLIC_STORE_URL` (the store's
 * public origin, for canonical and Open Graph URLs; the shell's URL by default), `INTERNAL_API_URL`
 * (where the shell's host reaches the API, when not at `PUBLIC_API_URL`), `SSR_BUDGET_MS` (a page's
 * remote time budget, 300; 3000 in development), `RENDER_CACHE=off` (no render cache; development
 * has none), `CDN_PURGE_URL` (a CDN's purge hook for the documents' surrogate keys), `TRUST_PROXY`
 * (the proxies in front, for the API and the shell's host alike). SIGINT/SIGTERM/SIGHUP stop
 * everything, the API last: it lets its requests in flight finish, then stops its embedded
 * PostgreSQL (which runs in its own process group, so Ctrl+C reaches it only through the API).
 *
 * An API that dies after it has been healthy (killed, crashed) is started again after 1 s, 2 s,
 * 4 s ... (at most 30 s; reset after a minute up); the new one recovers the orphaned embedded
 * PostgreSQL. One that fails before it is ever healthy (bad configuration, database in use)
 * stops the store, as any other unit that exits does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseTrustProxy } from '@prata/contracts/address-key';
import { DEFAULT_SSR_BUDGET_MS } from './page-renders.ts';
import { documentCacheOf, startShellHost, type ShellHost } from './shell-host.ts';
import { startStaticHost } from './static-host.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dev = process.argv.includes('--dev');

/** The positive integer in environment variable `variable` (a port, a budget in ms), else `fallback`. */
function positiveInt(variable: string, fallback: number): number {
  const value = Number.parseInt(process.env[variable] ?? '', 10);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

const APPS = [
  { name: 'shell', dir: 'shell', port: positiveInt('PORT', 8080) },
  { name: 'storefront', dir: 'mf-storefront', port: positiveInt('STOREFRONT_PORT', 3001) },
  { name: 'checkout', dir: 'mf-checkout', port: positiveInt('CHECKOUT_PORT', 3002) },
  { name: 'admin', dir: 'mf-admin', port: positiveInt('ADMIN_PORT', 3003) },
  { name: 'devtools', dir: 'mf-devtools', port: positiveInt('DEVTOOLS_PORT', 3004) },
] as const;
const apiPort = positiveInt('API_PORT', 3000);
/** The shell's dev server in development (its files; the documents come from the shell's host on PORT). */
const shellAssetsPort = positiveInt('SHELL_ASSETS_PORT', 3005);
/** Where `npm run release` puts remote builds (`DATA_DIR/deploy/<remote>/<version>/`, the API's DATA_DIR default). */
const deployRoot = path.join(path.resolve(process.env.DATA_DIR || path.join(ROOT, '.data')), 'deploy');
const apiUrl = (process.env.PUBLIC_API_URL ?? `http://127.0.0.1:${apiPort}`).replace(/\/$/, '');
const storeUrl = `http://127.0.0.1:${APPS[0].port}`;

const origin = (name: string) => `http://127.0.0.1:${APPS.find((app) => app.name === name)!.port}`;

/** The shell's build: production's, or development's (shared-ui/build/federation.ts `outputDir`). */
const shellRoot = path.join(ROOT, 'shell', dev ? 'dist-dev' : 'dist');

const sharedEnv: NodeJS.ProcessEnv = {
  // A local store gets demo accounts (printed at start) unless told otherwise; never in production.
  ...(process.env.NODE_ENV === 'production' ? {} : { DEMO_ACCOUNTS: 'true' }),
  ...process.env,
  PORT: String(APPS[0].port),
  API_PORT: String(apiPort),
  STOREFRONT_PORT: String(APPS[1].port),
  CHECKOUT_PORT: String(APPS[2].port),
  ADMIN_PORT: String(APPS[3].port),
  DEVTOOLS_PORT: String(APPS[4].port),
  SHELL_ASSETS_PORT: String(shellAssetsPort),
  PUBLIC_API_URL: apiUrl,
  // The shell's host signs shoppers' client ids with it and the API verifies them (a new one per run when unset).
  CLIENT_ID_SECRET: process.env.CLIENT_ID_SECRET || randomBytes(48).toString('base64url'),
  REMOTE_STOREFRONT_URL: process.env.REMOTE_STOREFRONT_URL ?? origin('storefront'),
  REMOTE_CHECKOUT_URL: process.env.REMOTE_CHECKOUT_URL ?? origin('checkout'),
  REMOTE_ADMIN_URL: process.env.REMOTE_ADMIN_URL ?? origin('admin'),
  REMOTE_DEVTOOLS_URL: process.env.REMOTE_DEVTOOLS_URL ?? origin('devtools'),
  // The hidden source maps of the builds this store serves: the API imports them at start, so
  // errors reported from these builds show their original source (releases upload theirs).
  SOURCE_MAP_DIRS: process.env.SOURCE_MAP_DIRS ?? (dev ? '' : APPS.map((app) => path.join(ROOT, app.dir, 'dist')).join(',')),
};

const children: ChildProcess[] = [];
/** The static hosts and the shell's host, closed first on stop. */
const hosts: { close(): Promise<void> }[] = [];
let stopping = false;

function run(label: string, args: string[], cwd: string, onExit?: (code: number | null, signal: NodeJS.Signals | null) => boolean): ChildProcess {
  const child = spawn(process.execPath, args, { cwd, env: sharedEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  children.push(child);
  child.on('exit', (code, signal) => {
    children.splice(children.indexOf(child), 1);
    if (stopping || onExit?.(code, signal)) return;
    console.error(`[launch] ${label} exited (${signal ?? code}); stopping the store`);
    void stop(1);
  });
  return child;
}

/** Runs the API; restarts it with backoff when it dies after having been healthy (see module doc). */
function runApi(): void {
  let attempt = 0;
  let startedAt = 0;
  const start = () => {
    if (stopping) return;
    startedAt = Date.now();
    const child = run('api', dev ? ['--watch', 'src/server.ts'] : ['src/server.ts'], path.join(ROOT, 'services/api'), (code, signal) => {
      if (!apiWasHealthy) return false;
      if (Date.now() - startedAt > 60_000) attempt = 0;
      const delay = Math.min(30_000, 1000 * 2 ** attempt);
      attempt += 1;
      console.error(`[launch] api exited (${signal ?? code}); restarting it in ${delay} ms`);
      setTimeout(start, delay).unref();
      return true;
    });
    console.log(`[launch] api        started (pid ${child.pid})`);
  };
  start();
}
let apiWasHealthy = false;

async function stop(exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await Promise.allSettled(hosts.map((host) => host.close()));
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  process.exit(exitCode);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('SIGHUP', () => void stop(0));

async function waitForApi(timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    const ok = await fetch(`${apiUrl}/api/health`).then((r) => r.ok, () => false);
    if (ok) return true;
    await sleep(250);
  }
  return false;
}

const startedAt = performance.now();
runApi();

let shellHost: ShellHost | undefined;

/** The shell's host (shell-host.ts): its pages (server-rendered), its files (production), runtime configuration and readiness. */
async function startShell(extraSources: string[]): Promise<void> {
  shellHost = await startShellHost({
    root: shellRoot,
    port: APPS[0].port,
    apiUrl,
    ...(process.env.INTERNAL_API_URL ? { internalApiUrl: process.env.INTERNAL_API_URL } : {}),
    storeOrigin: process.env.PUBLIC_STORE_URL || storeUrl,
    cspEnv: process.env,
    remoteUrls: [sharedEnv.REMOTE_STOREFRONT_URL!, sharedEnv.REMOTE_CHECKOUT_URL!, sharedEnv.REMOTE_ADMIN_URL!, sharedEnv.REMOTE_DEVTOOLS_URL!],
    // Development builds are unminified and rebuilt on every change: a longer budget by default.
    ssrBudgetMs: positiveInt('SSR_BUDGET_MS', dev ? 3000 : DEFAULT_SSR_BUDGET_MS),
    extraSources,
    development: dev,
    cache: documentCacheOf(process.env, dev),
    clientIdSecret: sharedEnv.CLIENT_ID_SECRET!,
    // The proxies in front, as the API trusts them (the same variable): their X-Forwarded-For gives the shopper's address.
    ...(process.env.TRUST_PROXY ? { trustProxy: parseTrustProxy(process.env.TRUST_PROXY, "the shell's host") } : {}),
  });
  hosts.push(shellHost);
  console.log(`[launch] ${'shell'.padEnd(10)} ${shellHost.url}`);
}

if (dev) {
  const rspackCli = path.join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js');
  for (const app of APPS) run(`${app.name} dev server`, [rspackCli, 'serve', '--mode', 'development'], path.join(ROOT, app.dir));
  // The shell's files come from its dev server, and every dev server's hot-reload socket is allowed.
  const devSockets = [shellAssetsPort, ...APPS.slice(1).map((app) => app.port)].map((port) => `ws://127.0.0.1:${port}`);
  await startShell([`http://127.0.0.1:${shellAssetsPort}`, ...devSockets]);
} else {
  for (const app of APPS) {
    const root = path.join(ROOT, app.dir, 'dist');
    if (!existsSync(root)) {
      console.error(`[launch] ${app.dir}/dist is missing: run \`npm run build\` (npm start does it for you)`);
      await stop(1);
    }
    if (app.name === 'shell') {
      await startShell([]);
      continue;
    }
    const host = await startStaticHost({ name: app.name, root, port: app.port, releasesRoot: path.join(deployRoot, app.name) });
    hosts.push(host);
    console.log(`[launch] ${app.name.padEnd(10)} ${host.url}`);
  }
}

if (await waitForApi(180_000)) {
  apiWasHealthy = true;
  // Development compiles every app first: give it longer.
  const problems = await shellHost!.waitUntilReady(dev ? 300_000 : 60_000, () => stopping);
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  if (stopping) {
    // Stopped while waiting.
  } else if (problems.length > 0) {
    console.error(`\n  Prata 925 is up at ${storeUrl}, but these remotes do not answer (their pages show a fallback):\n    ${problems.join('\n    ')}\n`);
  } else console.log(`\n  Prata 925 is running: ${storeUrl}  (API ${apiUrl}, ready in ${seconds} s)\n  Press Ctrl+C to stop.\n`);
} else if (!stopping) {
  console.error('[launch] the API did not become healthy within 180 s');
  await stop(1);
}
