/**
 * Home page load in chromium (Playwright), cold browser cache each time:
 * - the JavaScript transferred before the Largest Contentful Paint and in all, on an emulated
 *   phone (slow 4G, 4x CPU; `jsAroundLcp`);
 * - the home page with JavaScript disabled: hero, product cards with prices, footer (`withoutJavaScript`);
 * - the JavaScript it transfers (bytes on the wire, gzip) by origin, until the network is idle;
 * - the time to the first product card, with the document the shell's host renders (boot data
 *   inlined, preload and preconnect hints) and with the plain built `index.html`
 *   (the shell then asks for `/runtime-config.json`, `/api/remotes`, the manifest, ... one after
 *   the other), each on loopback and on an emulated mobile network (150 ms round trip,
 *   1.6 Mbit/s down, 750 kbit/s up: Lighthouse's slow 4G), median of `runs`. With server
 *   rendering, the "rendered document" is the server-rendered page; the plain one is
 *   the same store rendered in the browser: the baseline, measured in the same run.
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

export interface JsAroundLcp {
  /** Largest Contentful Paint, ms after navigation start. */
  lcpMs: number;
  /** JavaScript bytes on the wire (gzip) whose download ended before the LCP. */
  beforeLcpBytes: number;
  /** JavaScript bytes on the wire in all, until the network is idle. */
  totalBytes: number;
}

/**
 * The JavaScript `url` transfers before its Largest Contentful Paint and in all, on an emulated
 * phone (Lighthouse's slow 4G and 4x CPU slowdown), cold cache. Times come from the DevTools
 * protocol's network events (download ends) against the page's LCP entry, on one clock (both
 * relative to the document request).
 */
export async function jsAroundLcp(url: string): Promise<JsAroundLcp> {
  const browser = await launch();
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', MOBILE);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const scripts = new Map<string, { type: string; end?: number; bytes?: number }>();
    let documentStart: number | undefined;
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.type === 'Document' && documentStart === undefined) documentStart = event.timestamp;
    });
    cdp.on('Network.responseReceived', (event) => scripts.set(event.requestId, { type: event.type }));
    cdp.on('Network.loadingFinished', (event) => {
      const entry = scripts.get(event.requestId);
      if (entry) Object.assign(entry, { end: event.timestamp, bytes: event.encodedDataLength });
    });
    await page.addInitScript(() => {
      (window as { __lcp?: number }).__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) (window as { __lcp?: number }).__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    const lcpMs = await page.evaluate(() => (window as { __lcp?: number }).__lcp ?? 0);
    const js = [...scripts.values()].filter((entry) => entry.type === 'Script' && entry.end !== undefined);
    const since = (entry: { end?: number }) => (entry.end! - (documentStart ?? 0)) * 1000;
    return {
      lcpMs,
      beforeLcpBytes: js.filter((entry) => since(entry) <= lcpMs).reduce((sum, entry) => sum + (entry.bytes ?? 0), 0),
      totalBytes: js.reduce((sum, entry) => sum + (entry.bytes ?? 0), 0),
    };
  } finally {
    await browser.close();
  }
}

export interface WithoutJavaScript {
  hero: boolean;
  productCards: number;
  /** Cards showing a price in R$. */
  pricedCards: number;
  footer: boolean;
}

/** What the home page shows with JavaScript disabled (a crawler, a link preview). */
export async function withoutJavaScript(storeUrl: string): Promise<WithoutJavaScript> {
  const browser = await launch();
  try {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${storeUrl}/`);
    const cards = page.getByTestId('product-card');
    return {
      hero: await page.getByRole('heading', { name: 'Joias que acompanham a sua história' }).isVisible(),
      productCards: await cards.count(),
      pricedCards: await cards.filter({ hasText: /R\$\s?\d/ }).count(),
      footer: await page.getByRole('contentinfo').isVisible(),
    };
  } finally {
    await browser.close();
  }
}
