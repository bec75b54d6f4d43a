/**
 * Server rendering: the shell's host streams the composed page and the browser hydrates
 * it.
 *
 * - Without JavaScript, the home page and a catalogue search (its first page) show products and
 *   prices from the database, and the footer.
 * - The head of the home page and the catalogue carries title, description, canonical URL and
 *   Open Graph tags; `robots.txt` and `sitemap.xml` are served.
 * - Public documents come from the shell's host's render cache with headers a CDN can act on (no
 *   cookie, `s-maxage`, surrogate keys, ETag), their inline scripts allowed by CSP hashes; pages
 *   answer any `Accept`; pages behind a sign-in are `private`.
 * - With JavaScript, every server-rendered route hydrates without a mismatch (no console error, no
 *   `hydration_mismatch` recorded), the cart badge and the favourites count appear after hydration
 *   (the server knows no browser storage), and navigation stays in the page (no new document),
 *   from the header and from the never-hydrated footer alike.
 * - A remote's Node build that throws while rendering, and one that overruns the page's time
 *   budget: the page still renders, that remote's slot rendered in the browser, and the failure
 *   is recorded as `ssr_render_failure` with the remote and its version.
 */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startStaticHost, type RunningHost } from '../services/static-host/src/static-host.ts';
import { sql } from './support/database.ts';
import { E2E } from './support/environment.ts';
import { hostFollowsRegistry } from './support/registry.ts';

interface ApiProduct {
  id: string;
  name: string;
  priceCents: number;
}

/** BRL as the store writes it, e.g. 24990 -> "R$ 249,90" (an independent formatter: Intl pt-BR). */
const brl = (cents: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100).replace(/\u00a0/g, ' ');

/** The page's visible text with non-breaking spaces as plain spaces. */
const text = async (page: Page) => (await page.locator('body').innerText()).replace(/\u00a0/g, ' ');

async function api<T>(pathname: string): Promise<T> {
  return (await (await fetch(`${E2E.apiUrl}${pathname}`)).json()) as T;
}

/** The server-rendered document of `pathname` (what a crawler or a link preview reads). */
async function documentOf(pathname: string): Promise<string> {
  const response = await fetch(`${E2E.storeUrl}${pathname}`, { headers: { accept: 'text/html' } });
  expect(response.status).toBe(200);
  return response.text();
}

/** The `content` of `<meta property|name="key">` in `html`. */
function meta(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1];
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows the hero, the featured products with their prices and the footer', async ({ page }) => {
    const featured = await api<ApiProduct[]>('/api/products/featured');
    expect(featured).toHaveLength(8);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Joias que acompanham a sua história' })).toBeVisible();
    await expect(page.getByTestId('product-card')).toHaveCount(8);
    const body = await text(page);
    for (const product of featured) {
      expect(body).toContain(product.name);
      expect(body).toContain(brl(product.priceCents));
    }
    await expect(page.getByRole('contentinfo')).toContainText('Todos os direitos reservados');
  });

  test('a catalogue search shows the first page of the products the API finds, with prices', async ({ page }) => {
    const { products: found, total } = await api<{ products: ApiProduct[]; total: number }>('/api/products/page?search=anel');
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBe(Math.min(total, 12));
    await page.goto('/produtos?search=anel');
    await expect(page.getByText('Resultados para “anel”')).toBeVisible();
    await expect(page.getByTestId('product-card')).toHaveCount(found.length);
    const body = await text(page);
    for (const product of found) {
      expect(body).toContain(product.name);
      expect(body).toContain(brl(product.priceCents));
    }
  });
});

test('the head of the home page and the catalogue tells what the page is', async () => {
  const home = await documentOf('/');
  expect(home).toMatch(/^<!doctype html><html lang="pt-BR">/);
  expect(home).toContain('<title>Prata 925 | Joias em Prata 925</title>');
  expect(meta(home, 'description')).toContain('joias em prata 925');
  expect(home).toContain(`<link rel="canonical" href="${E2E.storeUrl}/">`);
  expect(meta(home, 'og:title')).toBe('Prata 925 | Joias em Prata 925');
  expect(meta(home, 'og:url')).toBe(`${E2E.storeUrl}/`);
  expect(meta(home, 'og:locale')).toBe('pt_BR');
  const homeJsonLd = [...home.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as { '@type': string; itemListElement?: unknown[] });
  expect(homeJsonLd.map((block) => block['@type'])).toEqual(['OnlineStore', 'ItemList']);
  expect(homeJsonLd[1]!.itemListElement).toHaveLength(8);

  const rings = await documentOf('/produtos?categoria=aneis');
  expect(rings).toContain('<title>Anéis | Prata 925</title>');
  expect(rings).toContain(`<link rel="canonical" href="${E2E.storeUrl}/produtos?categoria=aneis">`);
  expect(meta(rings, 'og:type')).toBe('website');
  expect(meta(rings, 'description')).toContain('Anéis em prata 925');
  const search = await documentOf('/produtos?search=anel');
  expect(meta(search, 'robots')).toBe('noindex');
});

test('robots.txt points to the sitemap, which lists the public pages', async () => {
  const robots = await (await fetch(`${E2E.storeUrl}/robots.txt`)).text();
  expect(robots).toContain(`Sitemap: ${E2E.storeUrl}/sitemap.xml`);
  expect(robots).toMatch(/Disallow: \/admin/);
  const response = await fetch(`${E2E.storeUrl}/sitemap.xml`);
  expect(response.headers.get('content-type')).toContain('xml');
  const sitemap = await response.text();
  for (const pathname of ['/', '/produtos', '/sobre', '/contato', '/politica-privacidade', '/produtos?categoria=aneis']) {
    expect(sitemap).toContain(`<loc>${E2E.storeUrl}${pathname.replace('&', '&amp;')}</loc>`);
  }
});

test('public documents come from the render cache and a CDN may keep them: no cookie, shared max-age, surrogate keys, ETag, CSP hashes', async () => {
  // Kept by the render cache: once rendered (at start, or again after an earlier spec's change purged it), a hit.
  const cached = () => fetch(`${E2E.storeUrl}/`, { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
  await expect.poll(async () => (await cached()).headers.get('x-render-cache')).toMatch(/^(hit|stale)$/);
  const home = await cached();
  expect(home.status).toBe(200);
  expect(home.headers.get('x-render-cache')).toMatch(/^(hit|stale)$/);
  expect(home.headers.get('set-cookie')).toBeNull();
  expect(home.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
  expect(home.headers.get('vary')).toBe('accept-encoding');
  expect(home.headers.get('surrogate-key')!.split(' ')).toEqual(expect.arrayContaining(['catalogue', 'settings', 'content:social-links', 'remote:storefront']));
  // A cached page's inline scripts run by their hashes: the header names no nonce, nothing inline otherwise.
  const scriptSrc = /script-src ([^;]*)/.exec(home.headers.get('content-security-policy')!)![1]!.split(' ');
  expect(scriptSrc.some((source) => source.startsWith("'nonce-"))).toBe(false);
  expect(scriptSrc.filter((source) => source.startsWith("'sha256-")).length).toBeGreaterThan(0);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  const etag = home.headers.get('etag')!;
  await home.arrayBuffer();
  const again = await fetch(`${E2E.storeUrl}/`, { headers: { accept: 'text/html', 'if-none-match': etag } });
  expect(again.status).toBe(304);

  // A product page names its product, so an edit of it purges the page.
  const [product] = await api<(ApiProduct & { slug: string })[]>('/api/products');
  const productPage = () => fetch(`${E2E.storeUrl}/produtos/${product!.slug}`, { headers: { accept: 'text/html' } });
  await expect.poll(async () => (await productPage()).headers.get('x-render-cache')).toMatch(/^(hit|stale)$/);
  expect((await productPage()).headers.get('surrogate-key')!.split(' ')).toContain(`product:${product!.id}`);

  // curl, uptime probes and link-preview fetchers ask with */* or no Accept: they get the page too.
  for (const headers of [{ accept: '*/*' }, {} as Record<string, string>]) {
    const response = await fetch(`${E2E.storeUrl}/produtos`, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain('data-testid="product-card"');
  }
  expect((await fetch(`${E2E.storeUrl}/sobre`, { headers: { accept: '*/*' } })).status).toBe(200);

  // Pages behind a sign-in (rendered in the browser) are for no shared cache.
  const cart = await fetch(`${E2E.storeUrl}/carrinho`, { headers: { accept: 'text/html' } });
  expect(cart.headers.get('cache-control')).toMatch(/^(private, no-store|no-cache)$/);
  expect(cart.headers.get('set-cookie')).toBeNull();
});

test.describe('with JavaScript', () => {
  test('every server-rendered route hydrates without a mismatch', async ({ page }) => {
    const since = new Date(Date.now() - 1000);
    const errors: string[] = [];
    page.on('console', (message) => {
      // The session check answers 401 to a visitor without a session: not a page error.
      if (message.type() === 'error' && !message.text().includes('401')) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    for (const pathname of ['/', '/produtos', '/produtos?search=anel', '/sobre', '/contato', '/politica-privacidade', '/politica-troca', '/termos-uso', '/auth', '/recuperar-senha']) {
      await page.goto(pathname);
      await expect(page.locator('html')).toHaveAttribute('data-remote-ready', 'storefront');
    }
    expect(errors).toEqual([]);
    const mismatches = await sql("select error_message from system_errors where error_type in ('hydration_mismatch', 'ssr_render_failure') and last_seen_at >= $1", [since]);
    expect(mismatches).toEqual([]);
  });

  test('the cart badge and favourites count appear after hydration; navigation stays in the page', async ({ page }) => {
    const [product] = await api<ApiProduct[]>('/api/products');
    await page.addInitScript((item) => {
      localStorage.setItem('prata925:cart', JSON.stringify({ state: { items: [{ ...item, quantity: 3 }] }, version: 1 }));
      localStorage.setItem('prata925:favourites', JSON.stringify({ state: { items: [{ ...item, reservedUntil: null }] }, version: 1 }));
    }, { id: product!.id, name: product!.name, priceCents: product!.priceCents, imageUrl: null });
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });

    // The server's page has an empty cart: the browser's storage is read after hydration.
    expect(await documentOf('/')).toContain('aria-label="Carrinho: 0 itens"');
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Carrinho: 3 itens' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Favoritos: 1' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-remote-ready', 'storefront');
    await page.evaluate(() => {
      (window as { __samePage?: boolean }).__samePage = true;
    });

    await banner.getByRole('link', { name: 'Produtos', exact: true }).click();
    await expect(page).toHaveURL(`${E2E.storeUrl}/produtos`);
    await expect(page.getByRole('heading', { name: 'Nossa Coleção' })).toBeVisible();
    // The footer is never hydrated; its links still navigate in the page.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Sobre Nós' }).click();
    await expect(page).toHaveURL(`${E2E.storeUrl}/sobre`);
    await expect(page.getByRole('heading', { name: 'Sobre Nós', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(documents).toEqual([`${E2E.storeUrl}/`]);
  });
});

test.describe("a remote's server render that fails", () => {
  let host: RunningHost | undefined;
  let copy: string | undefined;
  const port = E2E.ports.spare;

  test.afterEach(async () => {
    await rm(E2E.registryFile(), { force: true });
    await hostFollowsRegistry();
    await host?.close();
    host = undefined;
    if (copy) await rm(copy, { recursive: true, force: true });
    copy = undefined;
  });

  /**
   * Serves a copy of the storefront's build whose Node container is `container` (CommonJS: the
   * federation container protocol, `init` and `get`), and points the registry at it as `version`.
   */
  async function serveStorefrontWithServerBuild(container: string, version: string): Promise<void> {
    copy = await mkdtemp(path.join(os.tmpdir(), 'prata-ssr-failure-'));
    await cp(path.resolve('mf-storefront/dist'), copy, { recursive: true });
    await writeFile(path.join(copy, 'server', 'remoteEntry.js'), container);
    host = await startStaticHost({ name: 'storefront-ssr-failure', root: copy, port });
    const registry = (await api<{ name: string }[]>('/api/remotes')).map((entry) =>
      entry.name === 'storefront' ? { ...entry, manifestUrl: `http://127.0.0.1:${port}/mf-manifest.json`, version } : entry,
    );
    await writeFile(E2E.registryFile(), JSON.stringify(registry));
    await hostFollowsRegistry();
  }

  /** A container whose `./App` is the RemoteModule `module` (JavaScript source of an object literal). */
  const container = (module: string) =>
    `module.exports = { init() {}, get() { return Promise.resolve(() => ({ __esModule: true, default: ${module} })); } };`;

  /**
   * `/produtos` renders: its chrome from the server, its slot (`slotMark` in the document: how the
   * server left it to the browser) rendered in the browser; the failure recorded with `message`.
   */
  async function expectClientRenderedSlot(page: Page, version: string, slotMark: string, message: RegExp, since: Date): Promise<void> {
    const response = await fetch(`${E2E.storeUrl}/produtos`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Pular para o conteúdo');
    expect(html).toContain(slotMark);
    expect(html).not.toContain('data-testid="product-card"');
    await page.goto('/produtos');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect
      .poll(async () => sql<{ error_message: string }>("select error_message from system_errors where error_type = 'ssr_render_failure' and remote = 'storefront' and version = $1 and last_seen_at >= $2", [version, since]))
      .toEqual([expect.objectContaining({ error_message: expect.stringMatching(message) })]);
  }

  test('one that throws: the page renders, the slot in the browser, the error recorded', async ({ page }) => {
    const since = new Date(Date.now() - 1000);
    await serveStorefrontWithServerBuild(
      container(`{ contractVersion: 1, routes: [{ path: '/*', layout: 'store', render: 'server' }], App() { throw new Error('falha proposital no render do servidor'); } }`),
      '0.1.0-ssr-throws',
    );
    // React's mark of a boundary the server could not finish (the browser renders it), with the host's digest.
    await expectClientRenderedSlot(page, '0.1.0-ssr-throws', '<!--$!--><template data-dgst="prata:ssr-error">', /falha proposital no render do servidor/, since);
  });

  test('one that sleeps past the budget: the page renders, the slot in the browser, the overrun recorded', async ({ page }) => {
    const since = new Date(Date.now() - 1000);
    await serveStorefrontWithServerBuild(
      container(`{ contractVersion: 1, routes: [{ path: '/*', layout: 'store', render: 'server' }], App() { return null; }, prefetch() { return new Promise((resolve) => setTimeout(resolve, 5000)); } }`),
      '0.1.0-ssr-sleeps',
    );
    // The boot data says the slot went to the browser: the document did not wait for the 5 s prefetch.
    await expectClientRenderedSlot(page, '0.1.0-ssr-sleeps', '"slot":"client"', new RegExp(`passou do limite de ${E2E.ssrBudgetMs} ms`), since);
  });
});
