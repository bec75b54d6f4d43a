/**
 * Lighthouse 13 (npm `lighthouse`, default config: the mobile preset with simulated slow-4G and
 * 4x CPU throttling) against Debian's chromium, performance category only, each page COLD (a
 * fresh browser profile per page, as PageSpeed Insights measures): every page gets a
 * chromium of its own with a new, empty profile. A signed-in page signs in through the UI in that
 * browser first (Playwright over CDP), then the HTTP cache is emptied (`Network.clearBrowserCache`;
 * the session cookie and local storage stay, as for a returning user whose cache was evicted) and
 * Lighthouse keeps the storage (`disableStorageReset`).
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Page } from '@playwright/test';

export interface LighthouseFigures {
  /** Performance score, 0-100. */
  score: number;
  /** First Contentful Paint (ms). */
  fcpMs: number;
  /** Largest Contentful Paint (ms). */
  lcpMs: number;
  /** Cumulative Layout Shift (unitless). */
  cls: number;
  /** Total Blocking Time (ms). */
  tbtMs: number;
  /** JavaScript transferred by the page (bytes on the wire). */
  scriptBytes: number;
  /** The longest main-thread tasks Lighthouse saw (simulated 4x CPU): `[script or "document", ms]`. */
  longTasks: [string, number][];
}

export interface LighthousePage {
  /** Label in the report, e.g. `/checkout (signed in)`. */
  label: string;
  path: string;
  /** Signs in (through the UI) before the audit; the page is closed afterwards. */
  signIn?: (page: Page, storeUrl: string) => Promise<void>;
}

const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

type Audits = Record<string, { numericValue?: number; details?: { items?: Record<string, unknown>[] } } | undefined>;

function figures(lhr: { categories: { performance?: { score: number | null } }; audits: Audits }): LighthouseFigures {
  const audits = lhr.audits;
  const items = (name: string) => audits[name]?.details?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    scriptBytes: items('network-requests')
      .filter((item) => item.resourceType === 'Script')
      .reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0),
    longTasks: items('long-tasks')
      .slice(0, 3)
      .map((item) => [String(item.url ?? '').split('/').pop() || 'document', Math.round(Number(item.duration ?? 0))]),
  };
}

/** Audits one page in a chromium of its own (see the module doc). @throws when Lighthouse fails twice. */
async function auditCold(storeUrl: string, item: LighthousePage): Promise<LighthouseFigures> {
  const chrome = await launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: FLAGS });
  try {
    if (item.signIn) {
      // Playwright attaches only while it signs in: an attached client disturbs Lighthouse's trace.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0]!.newPage();
      await item.signIn(page, storeUrl);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await page.close();
      await browser.close();
    }
    const audit = async () => {
      const result = await lighthouse(`${storeUrl}${item.path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: Boolean(item.signIn) });
      if (!result) throw new Error(`Lighthouse gave no result for ${item.path}`);
      return result.lhr;
    };
    // Lighthouse sometimes loses the trace of a load (NO_NAVSTART, NO_FCP): such a run is
    // repeated once; a second failure is reported.
    let lhr = await audit();
    if (lhr.runtimeError) lhr = await audit();
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${item.path}: ${lhr.runtimeError.message}`);
    return figures(lhr as unknown as Parameters<typeof figures>[0]);
  } finally {
    chrome.kill();
  }
}

/** Audits each page cold, one after the other. @throws when Lighthouse fails. */
export async function runLighthouse(storeUrl: string, pages: LighthousePage[]): Promise<Map<string, LighthouseFigures>> {
  const results = new Map<string, LighthouseFigures>();
  for (const item of pages) results.set(item.label, await auditCold(storeUrl, item));
  return results;
}
