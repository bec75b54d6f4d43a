/**
 * The storefront's field CLS, reproduced (prints figures, asserts nothing): shoppers' sessions
 * driven in Chromium, each a page load that ends as a phone user's does (the page hidden), and
 * the CLS the store's own beacon then sends (`POST /api/vitals`, shared-ui web-vitals.ts: the
 * `web-vitals` library's value for the whole page load, client-side navigations included,
 * shifts within 500 ms of an input left out), read from the beacon itself. The p75 over the
 * sessions is computed as the developer area's release health computes it (PostgreSQL's
 * `percentile_cont(0.75)`).
 *
 * Per session it also prints where the largest shift was, from the attribution build of
 * `web-vitals` (`onCLS` with `largestShiftTarget`, `largestShiftSource`, `loadState`), injected
 * into the page beside the store's own measurement.
 *
 * Sessions (each in a fresh browser context, so a cold cache): landing on the home page and
 * reading it; home -> collection -> product -> add to cart -> cart; the catalogue, scrolling down
 * to its next page and a product; a product page from a search engine, add to cart; signing in;
 * a returning signed-in shopper with a cart. On a desktop window, a phone, and a phone on a
 * mobile network (150 ms round trip, 1.6 Mbit/s, 4x CPU slowdown).
 *
 * Run: node bench/field-cls.ts (builds must exist) starts the store on its own ports (38580,
 * 33500-33504, 59829) with a temporary data directory; or against a running store:
 * node bench/field-cls.ts --store http://127.0.0.1:8080 --password <the demo customer's, printed by npm start>
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { outputOf } from './memory.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CUSTOMER = 'cliente@demo.prata925.com.br';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/** `percentile_cont(p)` of PostgreSQL: linear interpolation between the closest ranks. */
export function percentileCont(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = p * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

/** Starts the store (services/static-host/src/launch.ts) on ports of its own; resolves with the demo customer's password. */
async function startStore(): Promise<{ url: string; password: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prata-field-cls-'));
  chmodSync(dataDir, 0o755);
  const env = { PORT: '38580', API_PORT: '33500', STOREFRONT_PORT: '33501', CHECKOUT_PORT: '33502', ADMIN_PORT: '33503', DEVTOOLS_PORT: '33504', EMBEDDED_PG_PORT: '59829' };
  const child: ChildProcess = spawn(process.execPath, ['services/static-host/src/launch.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, DATA_DIR: dataDir, DATABASE_URL: '', DEMO_ACCOUNTS: 'true', DEMO_ORDER_HISTORY: 'false', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output = outputOf(child);
  await output.waitFor(/Prata 925 is running/);
  const [, password] = await output.waitFor(new RegExp(`${CUSTOMER.replace(/\./g, '\\.')}\\s+(\\S+)`));
  return {
    url: `http://127.0.0.1:${env.PORT}`,
    password: password!,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGINT');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Device = 'desktop' | 'phone' | 'phone, 4G';

const DEVICES: Record<Device, BrowserContextOptions> = {
  desktop: { viewport: { width: 1366, height: 768 } },
  phone: { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 },
  'phone, 4G': { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 },
};

/** What a shopper does in one page load (the session ends when the page is hidden). */
interface Session {
  name: string;
  device: Device;
  /** Local storage and a signed-in session left by an earlier visit. */
  returning?: boolean;
  run(page: Page, store: string, password: string): Promise<void>;
}

const pause = (page: Page, ms: number) => page.waitForTimeout(ms);

/** Reads the page as a shopper does: a few screens down, a pause on each, then back up. */
async function read(page: Page): Promise<void> {
  for (let i = 0; i < 4; i += 1) {
    await page.mouse.wheel(0, 500);
    await pause(page, 400);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await pause(page, 500);
}

/** Waits until the page's remote runs it, then a little more (images, fonts, late data). */
async function settled(page: Page): Promise<void> {
  await page.locator('html[data-remote-ready]').waitFor({ state: 'attached', timeout: 60_000 });
  await pause(page, 1500);
}

async function land(page: Page, url: string): Promise<void> {
  await page.goto(url, { timeout: 120_000 });
  await settled(page);
}

/** Taps the card of a product that goes to the cart without a choice ('Adicionar'). */
async function addToCart(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Adicionar .* ao carrinho$/ }).first().click();
  await pause(page, 1500);
}

/** Opens a product from the grid on screen (far down when `lower`), by its name's link. */
async function openProduct(page: Page, lower = false): Promise<void> {
  const cards = page.getByTestId('product-card');
  const card = lower ? cards.nth(Math.max(0, (await cards.count()) - 2)) : cards.first();
  await card.scrollIntoViewIfNeeded();
  await pause(page, 600);
  await card.getByRole('heading').getByRole('link').click();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await pause(page, 2000);
}

async function signIn(page: Page, store: string, password: string): Promise<void> {
  await land(page, `${store}/auth`);
  await page.getByLabel('Email').fill(CUSTOMER);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).last().click();
  await page.getByRole('heading', { name: 'Joias que acompanham a sua história' }).waitFor({ timeout: 30_000 });
  await pause(page, 2500);
}

const SESSIONS: Session[] = [
  ...(['desktop', 'phone', 'phone, 4G'] as const).map((device) => ({
    name: 'lands on the home page and reads it',
    device,
    async run(page: Page, store: string) {
      await land(page, `${store}/`);
      await read(page);
    },
  })),
  ...(['desktop', 'phone'] as const).map((device) => ({
    name: 'home -> collection -> product -> add to cart -> cart',
    device,
    async run(page: Page, store: string) {
      await land(page, `${store}/`);
      await page.getByRole('link', { name: 'Ver Coleção', exact: true }).click();
      await page.getByRole('heading', { name: 'Nossa Coleção' }).waitFor();
      await pause(page, 1500);
      await openProduct(page);
      await page.getByRole('button', { name: 'Adicionar ao carrinho' }).first().click();
      await pause(page, 1500);
      await page.getByTestId('cart-link').click();
      await page.getByRole('heading', { name: 'Carrinho' }).first().waitFor();
      await pause(page, 2000);
    },
  })),
  ...(['desktop', 'phone', 'phone, 4G'] as const).map((device) => ({
    name: 'the catalogue: scrolls down, the next page, a product far down',
    device,
    async run(page: Page, store: string) {
      await land(page, `${store}/produtos`);
      await read(page);
      const next = page.getByRole('link', { name: 'Próxima' });
      if (await next.count()) {
        await next.scrollIntoViewIfNeeded();
        await pause(page, 500);
        await next.click();
        await pause(page, 1500);
      }
      await openProduct(page, true);
    },
  })),
  ...(['desktop', 'phone, 4G'] as const).map((device) => ({
    name: 'a product page from a search engine, add to cart',
    device,
    async run(page: Page, store: string) {
      const { apiUrl } = (await (await fetch(`${store}/runtime-config.json`)).json()) as { apiUrl: string };
      const products = (await (await fetch(`${apiUrl}/api/products`)).json()) as { slug: string; variants: unknown[] }[];
      const simple = products.filter((product) => product.variants.length === 0)[3]!;
      await land(page, `${store}/produtos/${simple.slug}`);
      await read(page);
      await page.getByRole('button', { name: 'Adicionar ao carrinho' }).first().click();
      await pause(page, 2000);
    },
  })),
  ...(['desktop', 'phone'] as const).map((device) => ({
    name: 'the catalogue: adds two pieces to the cart',
    device,
    async run(page: Page, store: string) {
      await land(page, `${store}/produtos`);
      await addToCart(page);
      await page.mouse.wheel(0, 900);
      await pause(page, 500);
      await addToCart(page);
    },
  })),
  ...(['desktop', 'phone'] as const).map((device) => ({
    name: 'signs in, lands on the home page',
    device,
    run: (page: Page, store: string, password: string) => signIn(page, store, password),
  })),
  ...(['desktop', 'phone'] as const).map((device) => ({
    name: 'a returning signed-in shopper with a cart lands on the home page',
    device,
    returning: true,
    async run(page: Page, store: string) {
      await land(page, `${store}/`);
      await read(page);
    },
  })),
];

interface Outcome {
  session: Session;
  cls: number | null;
  target?: string;
  source?: string;
  loadState?: string;
  largest?: number;
}

// The attribution build as a classic script (its IIFE defines `webVitals`), from the installed package.
const ATTRIBUTION = readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve('web-vitals/attribution')), 'web-vitals.attribution.iife.js'), 'utf8');

/** Beside the store's own measurement: the attribution build's CLS report, kept on `window.__clsAttribution`. */
const ATTRIBUTION_SCRIPT = `${ATTRIBUTION}
webVitals.onCLS(function (metric) {
  var a = metric.attribution, node = a.largestShiftSource && a.largestShiftSource.node;
  window.__clsAttribution = { value: metric.value, target: a.largestShiftTarget, largest: a.largestShiftValue, loadState: a.loadState,
    source: node ? (node.nodeName.toLowerCase() + (node.id ? '#' + node.id : '') + ' "' + String(node.textContent || '').trim().slice(0, 40) + '"') : undefined };
}, { reportAllChanges: true });`;

/** Hides the page, as leaving it on a phone does: web-vitals finalises CLS and the store sends its beacon. */
async function hide(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

async function runSession(browser: Browser, session: Session, store: string, password: string, signedIn: BrowserContextOptions['storageState']): Promise<Outcome> {
  const context = await browser.newContext({ ...DEVICES[session.device], ...(session.returning && signedIn ? { storageState: signedIn } : {}) });
  try {
    const beacons: { metrics: { name: string; value: number }[] }[] = [];
    await context.route('**/api/vitals', async (route) => {
      beacons.push(JSON.parse(route.request().postData() ?? '{}'));
      await route.fulfill({ status: 204 });
    });
    await context.addInitScript(ATTRIBUTION_SCRIPT);
    const page = await context.newPage();
    if (session.device === 'phone, 4G') {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    }
    await session.run(page, store, password);
    const attribution = (await page.evaluate(() => (window as { __clsAttribution?: Omit<Outcome, 'session' | 'cls'> }).__clsAttribution)) ?? {};
    await hide(page);
    await page.waitForTimeout(500);
    const cls = beacons.flatMap((beacon) => beacon.metrics).find((metric) => metric.name === 'CLS')?.value ?? null;
    return { session, cls, ...attribution };
  } finally {
    await context.close();
  }
}

/** A signed-in session with a cart in local storage, for the returning shoppers. */
async function returningState(browser: Browser, store: string, password: string): Promise<BrowserContextOptions['storageState']> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, store, password);
    await land(page, `${store}/produtos`);
    await addToCart(page);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

const given = option('store');
const store = given ? { url: given.replace(/\/$/, ''), password: option('password') ?? '', stop: async () => undefined } : await startStore();
if (!store.password) console.log('no --password: the sign-in sessions will fail');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const signedIn = await returningState(browser, store.url, store.password);
  const outcomes: Outcome[] = [];
  for (const session of SESSIONS) {
    const outcome: Outcome = await runSession(browser, session, store.url, store.password, signedIn).catch((error: unknown): Outcome => {
      console.log(`  ${session.name} (${session.device}) failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      return { session, cls: null };
    });
    outcomes.push(outcome);
    const where = outcome.largest ? `largest shift ${outcome.largest.toFixed(4)} at ${outcome.target} (${outcome.source}, ${outcome.loadState})` : 'no shift';
    console.log(`  CLS ${outcome.cls === null ? 'n/a   ' : outcome.cls.toFixed(4)}  ${session.device.padEnd(9)}  ${session.name}; ${where}`);
  }
  const values = outcomes.flatMap((outcome) => (outcome.cls === null ? [] : [outcome.cls]));
  console.log(
    `field CLS over ${values.length} sessions (beacons): p75 ${percentileCont(values, 0.75).toFixed(3)}, p95 ${percentileCont(values, 0.95).toFixed(3)}, max ${Math.max(...values).toFixed(3)}; ${values.filter((value) => value > 0.1).length} above 0.1`,
  );
} finally {
  await browser.close();
  await store.stop();
}
process.exit(0);
