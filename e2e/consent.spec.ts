/**
 * Consent first (LGPD art. 7 I and 8; ANPD cookie guide): on the first visit the banner offers
 * 'Aceitar', 'Rejeitar' and 'Configurar', and until the shopper chooses, the page makes no request
 * to a third party and stores no `prata_client` (every request of the page is recorded). After
 * 'Aceitar', on idle, the store's tags load with the ids the owner set (gtag.js, fbevents.js: routed
 * to a local answer, no internet needed) and the choice is logged (`POST /api/consent`). After
 * 'Rejeitar', nothing loads. The footer's 'Preferências de cookies' reopens the choice. On a phone, the
 * banner (shown after hydration) never becomes the catalogue's Largest Contentful Paint.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { sql } from './support/database.ts';

// A first visit: none of the cookie choice the rest of the suite starts with (playwright.config.ts).
test.use({ storageState: { cookies: [], origins: [] } });

const GA4_ID = 'G-E2ECONSENT';
const PIXEL_ID = '1234567890';
const FIRST_PARTY_HOSTS = new Set(['127.0.0.1', 'localhost']);

test.beforeAll(async () => {
  await sql('update store_settings set ga4_measurement_id = $1, meta_pixel_id = $2', [GA4_ID, PIXEL_ID]);
});
test.afterAll(async () => {
  await sql('update store_settings set ga4_measurement_id = null, meta_pixel_id = null');
});

/** Every request the page makes, and the third-party ones answered locally. */
async function recorded(context: BrowserContext, page: Page): Promise<string[]> {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  await context.route(/^https:\/\/([a-z0-9-]+\.)*(googletagmanager\.com|google-analytics\.com|analytics\.google\.com|facebook\.net|facebook\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: '/* tag de teste */' }),
  );
  return urls;
}

const thirdParty = (urls: string[]) => urls.filter((url) => /^https?:/.test(url) && !FIRST_PARTY_HOSTS.has(new URL(url).hostname));

/** Waits for the page to be interactive and the browser to have been idle once (when the tags would load). */
async function settledIdle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.interactive !== undefined);
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })));
  await page.waitForLoadState('networkidle');
}

const clientCookie = async (context: BrowserContext) => (await context.cookies()).find((cookie) => cookie.name === 'prata_client');

test('nothing third-party and no prata_client before consent; Aceitar loads the tags with the ids the owner set', async ({ context, page }) => {
  const urls = await recorded(context, page);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookies e privacidade' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button')).toHaveText(['Aceitar', 'Rejeitar', 'Configurar']);
  const axe = await new AxeBuilder({ page }).include('[data-testid="consent-banner"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
  await settledIdle(page);
  await page.goto('/produtos');
  await settledIdle(page);
  expect(thirdParty(urls)).toEqual([]);
  expect(await clientCookie(context)).toBeUndefined();

  const logged = page.waitForRequest((request) => request.url().endsWith('/api/consent') && request.method() === 'POST');
  await banner.getByRole('button', { name: 'Aceitar' }).click();
  expect((await logged).postDataJSON()).toEqual({ analytics: true, marketing: true });
  await expect(banner).toBeHidden();
  expect((await context.cookies()).find((cookie) => cookie.name === 'prata_consent')?.value).toMatch(/^v1\.11\.\d+$/);
  await expect.poll(() => urls.some((url) => url.startsWith(`https://www.googletagmanager.com/gtag/js?id=${GA4_ID}`))).toBe(true);
  await expect.poll(() => urls.includes('https://connect.facebook.net/en_US/fbevents.js')).toBe(true);

  // The choice stays: no banner on the next page; the footer reopens it.
  await page.reload();
  await settledIdle(page);
  await expect(banner).toBeHidden();
  await page.getByRole('button', { name: 'Preferências de cookies' }).click();
  await expect(banner.getByRole('checkbox', { name: /Medição/ })).toBeChecked();
});

test('Rejeitar: no tag, no third-party request and no prata_client, on this page and the next', async ({ context, page }) => {
  const urls = await recorded(context, page);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookies e privacidade' });
  await banner.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(banner).toBeHidden();
  await settledIdle(page);
  await page.goto('/produtos');
  await settledIdle(page);
  expect(thirdParty(urls)).toEqual([]);
  expect(await clientCookie(context)).toBeUndefined();
  expect((await context.cookies()).find((cookie) => cookie.name === 'prata_consent')?.value).toMatch(/^v1\.00\.\d+$/);
});

test("Configurar: every category off until turned on; saving analytics alone loads GA4 and not Meta's pixel", async ({ context, page }) => {
  const urls = await recorded(context, page);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookies e privacidade' });
  await banner.getByRole('button', { name: 'Configurar' }).click();
  await expect(banner.getByRole('checkbox', { name: /Medição/ })).not.toBeChecked();
  await expect(banner.getByRole('checkbox', { name: /Marketing/ })).not.toBeChecked();
  await banner.getByRole('checkbox', { name: /Medição/ }).check();
  await banner.getByRole('button', { name: 'Salvar preferências' }).click();
  await expect.poll(() => urls.some((url) => url.startsWith('https://www.googletagmanager.com/gtag/js'))).toBe(true);
  await settledIdle(page);
  expect(urls.some((url) => url.includes('facebook'))).toBe(false);
});

test("the banner of a first visit is not the catalogue's Largest Contentful Paint on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.addInitScript(() => {
    const entries: string[] = [];
    (window as unknown as { lcpEntries: string[] }).lcpEntries = entries;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) entries.push(entry.element?.closest('[data-testid="consent-banner"]') ? 'banner' : 'page');
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto('/produtos');
  await expect(page.getByTestId('consent-banner')).toBeVisible();
  await settledIdle(page);
  const entries = await page.evaluate(() => (window as unknown as { lcpEntries: string[] }).lcpEntries);
  expect(entries.length).toBeGreaterThan(0);
  // Shown after hydration: had it been the largest element, LCP would move to when it appeared.
  expect(entries).not.toContain('banner');
});
