/**
 * Lighthouse 13 (npm `lighthouse`, default config: the mobile preset with simulated slow-4G and
 * 4x CPU throttling) against Debian's chromium, performance category only. Signed-in pages: a
 * Playwright page signs in through the UI in the same browser first, and Lighthouse keeps that
 * browser's storage (`disableStorageReset`), so the session's refresh cookie restores the session
 * as it does for a returning user.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Page } from '@playwright/test';

export interface LighthouseFigures {
  /** Performance score, 0-100. */
  score: number;
  /** Largest Contentful Paint (ms). */
  lcpMs: number;
  /** Cumulative Layout Shift (unitless). */
  cls: number;
  /** Total Blocking Time (ms). */
  tbtMs: number;
}

export interface LighthousePage {
  /** Label in the report, e.g. `/checkout (signed in)`. */
  label: string;
  path: string;
  /** Signs in (through the UI) before the audit; the page is closed afterwards. */
  signIn?: (page: Page, storeUrl: string) => Promise<void>;
}

async function audit(port: number, url: string) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  return result.lhr;
}

/** Audits each page in one chromium (signed-in pages last keep their session). @throws when Lighthouse fails. */
export async function runLighthouse(storeUrl: string, pages: LighthousePage[]): Promise<Map<string, LighthouseFigures>> {
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const results = new Map<string, LighthouseFigures>();
  try {
    for (const item of pages) {
      if (item.signIn) {
        // Playwright attaches only while it signs in: an attached client disturbs Lighthouse's trace.
        const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        const page = await browser.contexts()[0]!.newPage();
        await item.signIn(page, storeUrl);
        await page.close();
        await browser.close();
      }
      // Lighthouse sometimes loses the trace of a load (NO_NAVSTART, NO_FCP): such a run is
      // repeated once; a second failure is reported.
      let lhr = await audit(chrome.port, `${storeUrl}${item.path}`);
      if (lhr.runtimeError) lhr = await audit(chrome.port, `${storeUrl}${item.path}`);
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${item.path}: ${lhr.runtimeError.message}`);
      results.set(item.label, {
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}
