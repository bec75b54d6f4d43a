/**
 * Runtime composition: all four remotes mount in the shell; an unknown path shows the
 * not-found page; the registry points the running shell at another build; a stopped remote
 * shows a fallback inside the chrome while the rest of the store works, is recorded as a system
 * error, and recovers on retry. A build that does not fit the shell (its manifest
 * requires a React the shell does not provide), forced into the registry, is refused the same way.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startStaticHost, type RunningHost } from '../services/static-host/src/static-host.ts';
import { sql } from './support/database.ts';
import { E2E } from './support/environment.ts';
import { hostFollowsRegistry } from './support/registry.ts';

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
  // Logged by the page once it has hydrated (the heading comes with the server's document).
  await expect.poll(() => errors.some((e) => e.includes('/colecao-inexistente'))).toBe(true);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(`${E2E.storeUrl}/`);
});

/** The system errors a remote's failed loads recorded since `since`. */
async function loadFailures(remote: string, since: Date): Promise<{ error_message: string; version: string | null }[]> {
  return sql("select error_message, version from system_errors where error_type = 'remote_load_failure' and remote = $1 and last_seen_at >= $2", [remote, since]);
}

/** Points the registry file at `manifestUrl` for `remote`, with `version`. */
async function pointRegistry(remote: string, manifestUrl: string, version: string): Promise<void> {
  const registry = await (await fetch(`${E2E.apiUrl}/api/remotes`)).json();
  const moved = registry.map((entry: { name: string }) => (entry.name === remote ? { ...entry, manifestUrl, version } : entry));
  await writeFile(E2E.registryFile(), JSON.stringify(moved));
  await hostFollowsRegistry();
}

test.describe('a remote that goes away or does not fit', () => {
  let host: RunningHost | undefined;
  let copy: string | undefined;
  const port = E2E.ports.spare;

  test.afterEach(async () => {
    await host?.close();
    host = undefined;
    await rm(E2E.registryFile(), { force: true });
    await hostFollowsRegistry();
    if (copy) await rm(copy, { recursive: true, force: true });
    copy = undefined;
  });

  test('a build requiring a React the shell does not provide is refused with the fallback and reported', async ({ page }) => {
    // The real storefront build, whose manifest says it needs React 99.
    copy = await mkdtemp(path.join(os.tmpdir(), 'prata-incompatible-'));
    await cp(path.resolve('mf-storefront/dist'), copy, { recursive: true });
    const manifestFile = path.join(copy, 'mf-manifest.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as { shared: { name: string; requiredVersion: string }[] };
    const react = manifest.shared.find((entry) => entry.name === 'react')!;
    react.requiredVersion = '^99.0.0';
    await writeFile(manifestFile, JSON.stringify(manifest));
    host = await startStaticHost({ name: 'storefront-incompatible', root: copy, port });
    const since = new Date(Date.now() - 1000);
    await pointRegistry('storefront', `http://127.0.0.1:${port}/mf-manifest.json`, '0.1.0-react99');

    await page.goto('/produtos');
    await expect(page.getByTestId('remote-fallback')).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByTestId('product-card')).toHaveCount(0);
    await page.getByRole('banner').getByRole('link', { name: /Carrinho/ }).click();
    await expect(page.getByRole('heading', { name: 'Seu carrinho está vazio' })).toBeVisible();
    await expect.poll(async () => (await loadFailures('storefront', since)).map((row) => row.version)).toContain('0.1.0-react99');
    const [failure] = await loadFailures('storefront', since);
    expect(failure!.error_message).toContain('não é compatível com este shell');
    expect(failure!.error_message).toContain('o remote pede react ^99.0.0');
  });

  test('the registry re-points the store; a stopped remote shows the fallback; retry recovers', async ({ page }) => {
    const serve = () => startStaticHost({ name: 'storefront-copy', root: path.resolve('mf-storefront/dist'), port });
    host = await serve();
    await pointRegistry('storefront', `http://127.0.0.1:${port}/mf-manifest.json`, '0.1.0-copy');

    const storefrontRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`http://127.0.0.1:${port}/`)) storefrontRequests.push(request.url());
    });
    await page.goto('/produtos');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    // The cards come with the server's document; the browser then loads the remote to hydrate them.
    await expect.poll(() => storefrontRequests.some((url) => url.endsWith('/mf-manifest.json'))).toBe(true);
    await expect(page.locator('html')).toHaveAttribute('data-remote-ready', 'storefront');

    await host.close();
    host = undefined;
    const since = new Date(Date.now() - 1000);
    await page.goto('/produtos');
    await expect(page.getByTestId('remote-fallback')).toBeVisible();
    await expect.poll(async () => (await loadFailures('storefront', since)).map((row) => row.version)).toContain('0.1.0-copy');
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
