/**
 * End-to-end tests in Chromium against the production build, served exactly as `npm start`
 * serves it (services/static-host/src/launch.ts), on ports of their own and a fresh embedded
 * PostgreSQL in a temporary directory. Browser: Debian's chromium (`CHROMIUM_PATH` overrides).
 */
import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS, SUITE_SETTINGS } from './e2e/support/suite-settings.ts';
import { E2E } from './e2e/support/environment.ts';
import { MELHOR_ENVIO_DOUBLE_TOKEN } from './services/api/test/melhor-envio-double.ts';

// Evaluated in the runner first; workers inherit the variable, so all share one directory.
process.env.PRATA_E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'prata-e2e-'));
chmodSync(process.env.PRATA_E2E_DATA_DIR, 0o755);
const dataDir = process.env.PRATA_E2E_DATA_DIR;

export default defineConfig({
  testDir: 'e2e',
  // The production topology has a configuration of its own (playwright.preview.config.ts).
  testIgnore: ['preview/**'],
  // Visual baselines (e2e/visual.spec.ts) are committed under e2e/__screenshots__/<spec>/.
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  // Per port offset, so suites running side by side keep their own artifacts.
  outputDir: `test-results/offset-${process.env.PRATA_E2E_PORT_OFFSET ?? '0'}`,
  ...SUITE_SETTINGS,
  timeout: 30_000,
  use: {
    baseURL: E2E.storeUrl,
    // The suite's shopper has already made a cookie choice (every category off), so the banner,
    // fixed at the bottom of the viewport, covers nothing the specs click or photograph;
    // e2e/consent.spec.ts starts without it.
    storageState: { cookies: [{ name: 'prata_consent', value: 'v1.00.1796000000', domain: new URL(E2E.storeUrl).hostname, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' }], origins: [] },
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  webServer: {
    command: 'node services/static-host/src/launch.ts',
    // The shell's host says ready once every remote answers, in the browser and on the server.
    url: `${E2E.storeUrl}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      REMOTE_REGISTRY_FILE: path.join(dataDir, 'remotes.json'),
      EMBEDDED_PG_PORT: String(E2E.pgPort),
      // The suite's store is thrown away with its temporary directory: PostgreSQL does not flush to disk.
      EMBEDDED_PG_DURABLE: 'false',
      PORT: String(E2E.ports.shell),
      API_PORT: String(E2E.ports.api),
      STOREFRONT_PORT: String(E2E.ports.storefront),
      CHECKOUT_PORT: String(E2E.ports.checkout),
      ADMIN_PORT: String(E2E.ports.admin),
      DEVTOOLS_PORT: String(E2E.ports.devtools),
      LOG_LEVEL: 'warn',
      SSR_BUDGET_MS: String(E2E.ssrBudgetMs),
      // Tests create the accounts they need; demo admins would take admin slots.
      DEMO_ACCOUNTS: 'false',
      // Every staff account of the suite enrols 2FA and signs in with codes, all from
      // one address: the per-IP limit of the code steps (default 10 a minute) would be the suite's.
      TOTP_RATE_LIMIT_PER_MINUTE: '120',
      // The same for signing in and up (default 30 a minute per route): the specs sign in
      // through the API, seconds apart, from one address.
      AUTH_RATE_LIMIT_PER_MINUTE: '120',
      // Cart reminders are looked for every 5 s, so the cart-recovery spec waits seconds, not minutes,
      // after it dates a cart back past the first delay.
      CART_RECOVERY_INTERVAL_MS: '5000',
      // Expired holds and unpaid orders past their deadline are looked for every 5 s (default
      // 60 s), so the new-PIX spec waits seconds for the expiry of the orders it dates back.
      RESERVATION_CLEANUP_INTERVAL_MS: '5000',
      // Every request keeps its trace (in memory, the newest 200), so the suite can open the
      // trace of a request that did not fail.
      TRACE_SLOW_MS: '0',
      // The canary guard compares two versions' Web Vitals from 4 clients each (default 20), so
      // e2e/canary-health.spec.ts rolls its slow canary back with a handful of browsers. Only
      // shoppers who allowed analytics carry a canary token, and the suite's default shopper did not.
      CANARY_MIN_VITALS_SESSIONS: '4',
      // The suite's browsers all connect from 127.0.0.1, and a canary counts at most 5 clients per
      // address: the store trusts X-Forwarded-For from loopback, as behind a local proxy, so
      // canary-health.spec.ts gives each of its shoppers an address of its own (TEST-NET-2). No
      // other spec sends the header: their requests keep the socket's address.
      TRUST_PROXY: 'loopback',
      // The suite never reaches the internet: no CEP lookup, so the address forms are
      // filled by hand as when ViaCEP is down; the lookup itself is tested against a double.
      CEP_LOOKUP_URL: 'off',
      // Freight from Melhor Envio at a port where only the freight spec starts its double:
      // otherwise the carrier is down and quotes come from the store's table, with the notice.
      CARRIER: 'melhorenvio',
      MELHOR_ENVIO_URL: `http://127.0.0.1:${E2E.ports.carrier}`,
      MELHOR_ENVIO_TOKEN: MELHOR_ENVIO_DOUBLE_TOKEN,
      // The release allow-list (also the shell's CSP): the remotes and the spare port the
      // composition spec serves a copy of a remote on.
      RELEASE_ORIGINS: [E2E.ports.storefront, E2E.ports.checkout, E2E.ports.admin, E2E.ports.devtools, E2E.ports.spare].map((port) => `http://127.0.0.1:${port}`).join(' '),
    },
  },
});
