/**
 * Home page load in chromium (Playwright), cold browser cache each time:
 * - the JavaScript it transfers (bytes on the wire, gzip) by origin, until the network is idle;
 * - the time to the first product card, with the document the shell's host renders (boot data
 *   inlined, preload and preconnect hints: issue 15) and with the plain built `index.html`
 *   (the shell then asks for `/runtime-config.json`, `/api/remotes`, the manifest, ... one after
 *   the other), each on loopback and on an emulated mobile network (150 ms round trip,
 *   1.6 Mbit/s down, 750 kbit/s up: Lighthouse's slow 4G), median of `runs`.
 */
import { readFileSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';

export interface PageWeight {
  /** Bytes of JavaScript transferred (gzip), by origin port. */
  byPort: Record<string, number>;
  totalBytes: number;
  files: number;
  requests: number;
}

export interface FirstCard {
  inlinedMs: number;
  plainMs: number;
}

const MOBILE = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // A document fulfilled by route interception counts as a public address; Chromium's Local
    // Network Access checks would then block its calls to the loopback API.
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-features=LocalNetworkAccessChecks'],
  });
}

/** JavaScript transferred by `url` (cold cache) until the network is idle. */
export async function pageWeight(url: string): Promise<PageWeight> {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const js: { port: string; bytes: number }[] = [];
    let requests = 0;
    const sizes: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      requests += 1;
      if (request.resourceType() !== 'script') return;
      sizes.push(request.sizes().then((size) => void js.push({ port: new URL(request.url()).port, bytes: size.responseBodySize })));
    });
    await page.goto(url);
    await page.getByTestId('product-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(sizes);
    const byPort: Record<string, number> = {};
    for (const item of js) byPort[item.port] = (byPort[item.port] ?? 0) + item.bytes;
    return { byPort, totalBytes: js.reduce((sum, item) => sum + item.bytes, 0), files: js.length, requests };
  } finally {
    await browser.close();
  }
}

/** Milliseconds from navigation to the first product card of `storeUrl`'s home page, once. */
async function firstCardOnce(browser: Browser, storeUrl: string, plainDocument: string | null, mobile: boolean): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    if (mobile) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', MOBILE);
    }
    if (plainDocument !== null) {
      await page.route(`${storeUrl}/`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: plainDocument }));
    }
    const t0 = performance.now();
    await page.goto(`${storeUrl}/`);
    await page.getByTestId('product-card').first().waitFor({ timeout: 60_000 });
    return performance.now() - t0;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * First-card time with the rendered document and with the plain built one (`shellIndexFile`),
 * alternating so both see the same machine load. @throws when no card appears within 60 s.
 */
export async function firstCard(storeUrl: string, shellIndexFile: string, mobile: boolean, runs = 3): Promise<FirstCard> {
  const plain = readFileSync(shellIndexFile, 'utf8');
  const browser = await launch();
  try {
    const inlined: number[] = [];
    const plainRuns: number[] = [];
    // A warm-up load (server-side caches, the manifest the host reads), not counted.
    await firstCardOnce(browser, storeUrl, null, false);
    for (let i = 0; i < runs; i += 1) {
      inlined.push(await firstCardOnce(browser, storeUrl, null, mobile));
      plainRuns.push(await firstCardOnce(browser, storeUrl, plain, mobile));
    }
    return { inlinedMs: median(inlined), plainMs: median(plainRuns) };
  } finally {
    await browser.close();
  }
}
