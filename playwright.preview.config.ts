/**
 * The production topology in Chromium (e2e/preview/): `npm run preview:production` boots
 * docker-compose.yml's units on this machine (services/static-host/src/preview-production.ts:
 * real nginx, two API replicas, the shell's host, NODE_ENV=production, a Mercado Pago double) on
 * ports of its own (base `PRATA_PREVIEW_PORT_BASE`, 26000) and a fresh data directory, and the
 * specs check what production serves. The settings every suite shares (e2e/support/suite-settings.ts);
 * the preview is stopped with SIGINT, as Ctrl+C stops it, so its own shutdown runs.
 */
import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { previewOf } from './e2e/preview/preview-store.ts';
import { CHROMIUM_LAUNCH_OPTIONS, SUITE_SETTINGS } from './e2e/support/suite-settings.ts';

// Evaluated in the runner first; workers inherit the variable, so all read one directory.
if (!process.env.PRATA_PREVIEW_DATA_DIR) {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'prata-preview-e2e-'));
  chmodSync(parent, 0o755);
  process.env.PRATA_PREVIEW_DATA_DIR = path.join(parent, 'data');
}
const preview = previewOf(process.env.PRATA_PREVIEW_DATA_DIR);

export default defineConfig({
  testDir: 'e2e/preview',
  outputDir: 'test-results/preview',
  ...SUITE_SETTINGS,
  timeout: 60_000,
  use: {
    baseURL: preview.storeUrl,
    // A shopper who has made a cookie choice (every category off): the banner covers nothing the flows click.
    storageState: { cookies: [{ name: 'prata_consent', value: 'v1.00.1796000000', domain: new URL(preview.storeUrl).hostname, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' }], origins: [] },
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  webServer: {
    command: 'npm run preview:production',
    // The shell's host says ready once every remote answers, in the browser and on the server.
    url: `${preview.storeUrl}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGINT', timeout: 30_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PREVIEW_PORT_BASE: String(preview.portBase),
      PREVIEW_DATA_DIR: preview.dataDir,
      DATABASE_URL: '',
      // The suite never reaches the internet: no CEP lookup, the address forms are filled by hand.
      CEP_LOOKUP_URL: 'off',
      LOG_LEVEL: 'warn',
    },
  },
});
