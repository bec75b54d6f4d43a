/**
 * Nothing moves under the shopper: the layout shifts that made the storefront's field CLS 0.19
 * (p75) stay fixed. Every layout-shift entry is counted, those right after a click too (the Web
 * Vitals leave those out, but a shopper's phone is slower than this test's clicks), on a desktop
 * window where each of these shifts showed.
 *
 * - Hydration appended a second copy of every style sheet the server had inlined, after the
 *   page's own: the shell's global sheet then briefly won over the page's, and the home page's
 *   hero text jumped to the centre and back (0.165).
 * - A client-side navigation kept the scroll position: from far down the catalogue, the product
 *   page (still a skeleton) was scrolled to its end, where the footer moved away as the page
 *   filled in. And a short page (a skeleton, the sign-in form) showed the footer, which the page
 *   then pushed down.
 * - /auth drew a spinner until the session was known, then its taller form (0.11).
 */
import { expect, test, type Page } from '@playwright/test';
import { createConfirmedCustomer } from './support/customers.ts';
import { layoutShifts, recordLayoutShifts, total, type LayoutShift } from './support/layout-shifts.ts';

/** Below this, a page load is 'good' by the Web Vitals (0.1), with room to spare. */
const MOST = 0.05;

const movedFooter = (shifts: readonly LayoutShift[]) => shifts.filter((shift) => shift.sources.some((source) => source.startsWith('footer#rodape') || source.includes('#rodape')));

async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-remote-ready', 'storefront');
  await page.waitForLoadState('networkidle');
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await recordLayoutShifts(page);
});

test('the home page does not move as it hydrates: the inlined style sheets are neither fetched nor appended again', async ({ page }) => {
  const styleSheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') styleSheets.push(request.url());
  });
  await page.goto('/');
  await hydrated(page);
  const shifts = await layoutShifts(page);
  expect(shifts.filter((shift) => shift.sources.some((source) => source.includes('#inicio-vitrine')))).toEqual([]);
  expect(total(shifts)).toBeLessThan(MOST);
  expect(styleSheets).toEqual([]);
  // Each inlined sheet has its disabled link, which the chunk loaders take for the sheet.
  const inlined = await page.locator('style[data-href]').evaluateAll((styles) => styles.map((style) => style.getAttribute('data-href')));
  expect(inlined.length).toBeGreaterThan(2);
  expect(await page.locator('link[rel="stylesheet"][disabled]').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(inlined);
});

test('from far down the catalogue, a product opens at the top of its page and the footer never moves', async ({ page }) => {
  await page.goto('/produtos');
  await hydrated(page);
  // A phone's network: the product arrives 1.5 s after the tap, so its page shows its skeleton first.
  await page.route('**/api/products/by-slug/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const card = page.getByTestId('product-card').last();
  const name = (await card.getByRole('heading').textContent())!;
  await card.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
  const before = (await layoutShifts(page)).length;

  await card.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const during = (await layoutShifts(page)).slice(before);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(movedFooter(during)).toEqual([]);
  expect(total(during)).toBeLessThan(MOST);
});

test('/auth shows its form at once: nothing moves when the session check ends', async ({ page }) => {
  await page.goto('/auth');
  await hydrated(page);
  await expect(page.getByLabel('Email')).toBeVisible();
  const shifts = await layoutShifts(page);
  expect(total(shifts)).toBeLessThan(MOST);
  expect(movedFooter(shifts)).toEqual([]);
});

test('signing in goes to the home page without moving the footer', async ({ page }) => {
  const password = 'segredo123';
  const email = await createConfirmedCustomer('estavel', password);
  await page.goto('/auth');
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  const before = (await layoutShifts(page)).length;
  await page.getByRole('button', { name: 'Entrar' }).last().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Joias que acompanham a sua história' })).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  const during = (await layoutShifts(page)).slice(before);
  expect(movedFooter(during)).toEqual([]);
  expect(total(during)).toBeLessThan(MOST);
});
