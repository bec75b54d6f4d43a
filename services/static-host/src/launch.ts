/**
 * `npm start` / `npm run dev`: runs the whole store on 127.0.0.1, every deployable unit on its
 * own origin, as separate deployments would be.
 *
 * - API (services/api) as a child process: embedded PostgreSQL unless `DATABASE_URL` is set.
 * - `npm start`: the shell and each remote's production build, each on its own static host.
 * - `npm run dev` (`--dev`): each app's rspack dev server (hot reload) and the API under
 *   `node --watch`.
 *
 * Ports (environment): `PORT` shell (8080), `API_PORT` (3000), `STOREFRONT_PORT` (3001),
 * `CHECKOUT_PORT` (3002), `ADMIN_PORT` (3003), `DEVTOOLS_PORT` (3004). SIGINT/SIGTERM/SIGHUP stop
 * everything, the API last: it lets its requests in flight finish, then stops its embedded
 * PostgreSQL (which runs in its own process group, so Ctrl+C reaches it only through the API).
 *
 * An API that dies after it has been healthy (killed, crashed) is started again after 1 s, 2 s,
 * 4 s ... (at most 30 s; reset after a minute up); the new one recovers the orphaned embedded
 * PostgreSQL. One that fails before it is ever healthy (bad configuration, database in use)
 * stops the store, as any other unit that exits does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { acquirerCspSources } from './acquirer-csp.ts';
import { allowedRemoteOrigins } from './release-origins.ts';
import { ShellDocument } from './shell-document.ts';
import { startStaticHost, type RunningHost } from './static-host.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dev = process.argv.includes('--dev');

function portOf(variable: string, fallback: number): number {
  const value = Number.parseInt(process.env[variable] ?? '', 10);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

const APPS = [
  { name: 'shell', dir: 'shell', port: portOf('PORT', 8080) },
  { name: 'storefront', dir: 'mf-storefront', port: portOf('STOREFRONT_PORT', 3001) },
  { name: 'checkout', dir: 'mf-checkout', port: portOf('CHECKOUT_PORT', 3002) },
  { name: 'admin', dir: 'mf-admin', port: portOf('ADMIN_PORT', 3003) },
  { name: 'devtools', dir: 'mf-devtools', port: portOf('DEVTOOLS_PORT', 3004) },
] as const;
const apiPort = portOf('API_PORT', 3000);
/** Where `npm run release` puts remote builds (`DATA_DIR/deploy/<remote>/<version>/`, the API's DATA_DIR default). */
const deployRoot = path.join(path.resolve(process.env.DATA_DIR || path.join(ROOT, '.data')), 'deploy');
const apiUrl = (process.env.PUBLIC_API_URL ?? `http://127.0.0.1:${apiPort}`).replace(/\/$/, '');
const storeUrl = `http://127.0.0.1:${APPS[0].port}`;

const origin = (name: string) => `http://127.0.0.1:${APPS.find((app) => app.name === name)!.port}`;

/** The shell's page documents: boot data (runtime configuration, registry) and resource hints inlined. */
const shellDocument = new ShellDocument({ root: path.join(ROOT, 'shell', 'dist'), apiUrl });

const sharedEnv: NodeJS.ProcessEnv = {
  // A local store gets demo accounts (printed at start) unless told otherwise.
  DEMO_ACCOUNTS: 'true',
  ...process.env,
  PORT: String(APPS[0].port),
  API_PORT: String(apiPort),
  PUBLIC_API_URL: apiUrl,
  REMOTE_STOREFRONT_URL: process.env.REMOTE_STOREFRONT_URL ?? origin('storefront'),
  REMOTE_CHECKOUT_URL: process.env.REMOTE_CHECKOUT_URL ?? origin('checkout'),
  REMOTE_ADMIN_URL: process.env.REMOTE_ADMIN_URL ?? origin('admin'),
  REMOTE_DEVTOOLS_URL: process.env.REMOTE_DEVTOOLS_URL ?? origin('devtools'),
};

/** The shell CSP's remote origins: the release allow-list, fixed at start (issue 21; release-origins.ts). */
const cspRemoteOrigins = allowedRemoteOrigins(process.env, [sharedEnv.REMOTE_STOREFRONT_URL!, sharedEnv.REMOTE_CHECKOUT_URL!, sharedEnv.REMOTE_ADMIN_URL!, sharedEnv.REMOTE_DEVTOOLS_URL!]);

const children: ChildProcess[] = [];
const hosts: RunningHost[] = [];
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

if (dev) {
  const rspackCli = path.join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js');
  for (const app of APPS) run(`${app.name} dev server`, [rspackCli, 'serve', '--mode', 'development'], path.join(ROOT, app.dir));
} else {
  for (const app of APPS) {
    const root = path.join(ROOT, app.dir, 'dist');
    if (!existsSync(root)) {
      console.error(`[launch] ${app.dir}/dist is missing: run \`npm run build\` (npm start does it for you)`);
      await stop(1);
    }
    hosts.push(
      await startStaticHost({
        name: app.name,
        root,
        port: app.port,
        spa: app.name === 'shell',
        ...(app.name === 'shell' ? {} : { releasesRoot: path.join(deployRoot, app.name) }),
        ...(app.name === 'shell' ? { runtimeConfig: { apiUrl }, csp: { apiUrl, remoteOrigins: async () => cspRemoteOrigins, acquirer: acquirerCspSources(process.env) }, document: shellDocument } : {}),
      }),
    );
    console.log(`[launch] ${app.name.padEnd(10)} ${hosts.at(-1)!.url}`);
  }
}

if (await waitForApi(180_000)) {
  apiWasHealthy = true;
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  console.log(`\n  Prata 925 is running: ${storeUrl}  (API ${apiUrl}, ready in ${seconds} s)\n  Press Ctrl+C to stop.\n`);
} else if (!stopping) {
  console.error('[launch] the API did not become healthy within 180 s');
  await stop(1);
}
