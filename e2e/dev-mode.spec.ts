/**
 * `npm run dev`: the development store,
 * started on ports other than the defaults, composes and server-renders as production does: a
 * visitor of `/produtos` gets the page's server-rendered head and products, and in the browser
 * the storefront is composed (no "unavailable" fallback) from the dev servers on the ports asked
 * for. The launcher here is the `npm run dev` script's command (`node services/static-host/src/launch.ts --dev`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E } from './support/environment.ts';

// Ports away from the e2e store's and from the defaults.
const base = E2E.ports.shell + 60;
const ports = { PORT: base, API_PORT: base + 1, STOREFRONT_PORT: base + 2, CHECKOUT_PORT: base + 3, ADMIN_PORT: base + 4, DEVTOOLS_PORT: base + 5, SHELL_ASSETS_PORT: base + 6, EMBEDDED_PG_PORT: E2E.pgPort + 60 };
const storeUrl = `http://127.0.0.1:${ports.PORT}`;

let store: ChildProcess | undefined;
let dataDir: string | undefined;

test.afterAll(async () => {
  if (store?.pid && store.exitCode === null) {
    process.kill(-store.pid, 'SIGINT');
    await once(store, 'exit');
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('the development store composes and server-renders on the ports asked for', async ({ page }) => {
  // Every app is compiled twice in development before the store reports it is running.
  test.setTimeout(420_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'prata-dev-e2e-'));
  store = spawn(process.execPath, ['services/static-host/src/launch.ts', '--dev'], {
    env: { ...process.env, ...Object.fromEntries(Object.entries(ports).map(([key, value]) => [key, String(value)])), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', DEMO_ACCOUNTS: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prata 925 is running')) resolve();
      if (output.includes('do not answer')) reject(new Error(`the development store is up but not every remote answers:\n${output.slice(-3000)}`));
    };
    store!.stdout!.on('data', onData);
    store!.stderr!.on('data', onData);
    store!.once('exit', (code) => reject(new Error(`npm run dev exited (${code}):\n${output.slice(-3000)}`)));
  });
  expect(output).toContain(`Prata 925 is running: ${storeUrl}`);

  const html = await (await fetch(`${storeUrl}/produtos`, { headers: { accept: 'text/html' } })).text();
  expect(html).toContain('<title>Nossa Coleção | Prata 925</title>');
  expect(html).toContain('data-testid="product-card"');
  // The page's remote comes from the storefront's dev server, on its port.
  expect(html).toContain(`http://127.0.0.1:${ports.STOREFRONT_PORT}/remoteEntry.js`);

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${storeUrl}/produtos`);
  await expect(page.locator('html')).toHaveAttribute('data-remote-ready', 'storefront', { timeout: 60_000 });
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  expect(errors).toEqual([]);
});
