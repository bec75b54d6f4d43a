/**
 * The shell's Content-Security-Policy in a real browser: the store's pages load every
 * remote, style, font and image they need without a single CSP violation, and the document
 * carries the policy, nosniff and a Referrer-Policy.
 */
import { expect, test } from '@playwright/test';
import { E2E } from './support/environment.ts';

test('the store runs under its CSP without violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    window.document.addEventListener('securitypolicyviolation', (event: SecurityPolicyViolationEvent) => console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));
  });
  const home = await page.goto('/');
  const headers = home!.headers();
  expect(headers['content-security-policy']).toContain(`script-src 'self' http://127.0.0.1:${E2E.ports.storefront}`);
  expect(headers['content-security-policy']).toContain(`connect-src 'self' ${E2E.apiUrl}`);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

  await expect(page.getByTestId('product-card').first()).toBeVisible();
  for (const path of ['/produtos', '/carrinho', '/admin/login', '/developer-login']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await page.goto('/produtos');
  // The product photo comes from the API's origin (img-src): it must really load.
  const photo = page.getByTestId('product-card').first().locator('img');
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  expect(violations).toEqual([]);
});
