/**
 * Starts one more store exactly as `npm start` serves it (services/static-host/src/launch.ts),
 * on ports of its own, a fresh embedded PostgreSQL in a temporary directory and extra settings
 * (e.g. another acquirer), for a spec whose behaviour needs a configuration the suite's store
 * does not have. `stop()` ends it (SIGTERM: the launcher stops every unit and the database).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { embeddedUrlFor } from '../../services/api/src/database/embedded-postgres.ts';
import { E2E } from './environment.ts';

export interface StorePorts {
  shell: number;
  api: number;
  storefront: number;
  checkout: number;
  admin: number;
  devtools: number;
  pg: number;
}

export interface RunningStore {
  storeUrl: string;
  apiUrl: string;
  /** The store's embedded database (the launcher's default credentials). */
  databaseUrl: string;
  stop(): Promise<void>;
}

/** Starts the store and waits (up to 120 s) for its API's health and its shell host's readiness (`/healthz`). @throws when it exits or never answers. */
export async function startStore(ports: StorePorts, env: Record<string, string>): Promise<RunningStore> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prata-e2e-store-'));
  chmodSync(dataDir, 0o755);
  const apiUrl = `http://127.0.0.1:${ports.api}`;
  const child: ChildProcess = spawn(process.execPath, ['services/static-host/src/launch.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(ports.pg),
      // Its data is deleted when the spec ends: no flushing to disk.
      EMBEDDED_PG_DURABLE: 'false',
      PORT: String(ports.shell),
      API_PORT: String(ports.api),
      STOREFRONT_PORT: String(ports.storefront),
      CHECKOUT_PORT: String(ports.checkout),
      ADMIN_PORT: String(ports.admin),
      DEVTOOLS_PORT: String(ports.devtools),
      LOG_LEVEL: 'warn',
      SSR_BUDGET_MS: String(E2E.ssrBudgetMs),
      DEMO_ACCOUNTS: 'false',
      ...env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the store exited with ${child.exitCode}`);
    const healthy = await fetch(`${apiUrl}/api/health`).then((r) => r.ok, () => false);
    // Ready as the host says it (every remote answers and the popular pages are rendered ahead),
    // so a spec's first page does not race the host's warm-up.
    const shell = healthy && (await fetch(`http://127.0.0.1:${ports.shell}/healthz`).then((r) => r.ok, () => false));
    if (shell) return { storeUrl: `http://127.0.0.1:${ports.shell}`, apiUrl, databaseUrl: embeddedUrlFor(path.join(dataDir, 'postgres'), ports.pg, 'prata925'), stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error('the store did not become healthy in 120 s');
}
