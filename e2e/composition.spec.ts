/**
 * Runtime composition (issue 2): all four remotes mount in the shell; an unknown path shows the
 * not-found page; the registry points the running shell at another build; a stopped remote
 * shows a fallback inside the chrome while the rest of the store works, and recovers on retry.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startStaticHost, type RunningHost } from '../services/static-host/src/static-host.ts';
import { E2E } from './support/environment.ts';

test('every remote is composed into the shell', async ({ page }) => {
  await page.goto('/carrinho');
  await expect(page.getByRole('heading', { name: 'Seu carrinho está vazio' })).toBeVisible();
  // Admin and devtools remotes guard their areas: anonymous visitors reach their login pages.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Painel Administrativo' })).toBeVisible();
  await page.goto('/developer');
  await expect(page).toHaveURL(/\/developer-login$/);
  await expect(page.getByRole('heading', { name: 'Developer Login' })).toBeVisible();
  await page.goto('/painel-admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('an unknown path shows the not-found page and logs the path', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/colecao-inexistente');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  expect(errors.some((e) => e.includes('/colecao-inexistente'))).toBe(true);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(`${E2E.storeUrl}/`);
});

test.describe('a remote that goes away', () => {
  let host: RunningHost | undefined;
  const port = E2E.ports.spare;

  test.afterEach(async () => {
    await host?.close();
    host = undefined;
    await rm(E2E.registryFile(), { force: true });
  });

  test('the registry re-points the store; a stopped remote shows the fallback; retry recovers', async ({ page }) => {
    const serve = () => startStaticHost({ name: 'storefront-copy', root: path.resolve('mf-storefront/dist'), port });
    host = await serve();
    const registry = await (await fetch(`${E2E.apiUrl}/api/remotes`)).json();
    const moved = registry.map((entry: { name: string }) =>
      entry.name === 'storefront' ? { ...entry, manifestUrl: `http://127.0.0.1:${port}/mf-manifest.json`, version: '0.1.0-copy' } : entry,
    );
    await writeFile(E2E.registryFile(), JSON.stringify(moved));

    const storefrontRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`http://127.0.0.1:${port}/`)) storefrontRequests.push(request.url());
    });
    await page.goto('/produtos');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    expect(storefrontRequests.some((url) => url.endsWith('/mf-manifest.json'))).toBe(true);

    await host.close();
    host = undefined;
    await page.goto('/produtos');
    await expect(page.getByTestId('remote-fallback')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Esta parte da loja está indisponível no momento' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    await page.getByRole('banner').getByRole('link', { name: /Carrinho/ }).click();
    await expect(page.getByRole('heading', { name: 'Seu carrinho está vazio' })).toBeVisible();

    await page.goBack();
    await expect(page.getByTestId('remote-fallback')).toBeVisible();
    host = await serve();
    await page.getByRole('button', { name: 'Tentar Novamente' }).click();
    await expect(page.getByTestId('product-card').first()).toBeVisible();
  });
});
