/**
 * What search engines read of the store (`robots.txt` and a
 * `sitemap.xml` of the public pages and products, generated from the database), served by the
 * shell's host:
 *
 * - `GET /robots.txt`: everything may be crawled but the private areas (panels, cart, checkout,
 *   the shopper's account, the sign-in pages), and where the sitemap is;
 * - `GET /sitemap.xml` (sitemaps.org 0.9): the public pages, each category of the catalogue and
 *   every active product's page, read from the API (`GET /api/products`) when asked (cached for
 *   {@link SITEMAP_TTL_MS}); when the API does not answer, the pages alone;
 * - `GET /produtos/<uuid>` (the old address of a product page): a permanent redirect
 *   (301) to the product's page `/produtos/<slug>`, the query kept ({@link productRedirect});
 * - `GET /produtos/<slug>` of a product the API does not show (unknown, draft or archived): the
 *   page (its not-found screen) with the status 404 ({@link productMissing}).
 */
import type { FastifyInstance } from 'fastify';
import { PRODUCT_CATEGORIES, productListSchema, productPagePath, productSchema, type Product } from '@prata/contracts/catalogue';

/** How long a sitemap is served before it is built again (ms). */
export const SITEMAP_TTL_MS = 5 * 60_000;

/** Public pages, with how often they change (sitemaps.org `changefreq`). */
export const PUBLIC_PAGES: readonly { path: string; changefreq: 'daily' | 'weekly' | 'monthly' | 'yearly' }[] = [
  { path: '/', changefreq: 'daily' },
  { path: '/produtos', changefreq: 'daily' },
  { path: '/sobre', changefreq: 'monthly' },
  { path: '/contato', changefreq: 'monthly' },
  { path: '/politica-privacidade', changefreq: 'yearly' },
  { path: '/politica-troca', changefreq: 'yearly' },
  { path: '/termos-uso', changefreq: 'yearly' },
];

/** Paths crawlers are asked to stay out of (private or per-visitor pages). */
export const PRIVATE_PATHS = ['/admin', '/painel-admin', '/developer', '/developer-login', '/desenvolvedor', '/carrinho', '/checkout', '/pedido-confirmado', '/minha-conta', '/auth', '/recuperar-senha', '/reset-password', '/avisos', '/pedido/'];

/** The page of a product, when products have one (their `slug`); undefined otherwise. */
export type ProductPath = (product: Product) => string | undefined;

/** The body of `robots.txt` for a store at `storeOrigin`. */
export function robotsTxt(storeOrigin: string): string {
  return ['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${storeOrigin}/sitemap.xml`, ''].join('\n');
}

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The sitemap of a store at `storeOrigin` with `products` (each listed when `productPath` gives it a page). */
export function sitemapXml(storeOrigin: string, products: readonly Product[], productPath: ProductPath): string {
  const url = (path: string, changefreq: string, lastmod?: string) =>
    `<url><loc>${escapeXml(`${storeOrigin}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}<changefreq>${changefreq}</changefreq></url>`;
  const entries = [
    ...PUBLIC_PAGES.map((page) => url(page.path, page.changefreq)),
    ...PRODUCT_CATEGORIES.map((category) => url(`/produtos?categoria=${category}`, 'daily')),
    ...products.flatMap((product) => {
      const path = productPath(product);
      return path ? [url(path, 'weekly', product.createdAt.slice(0, 10))] : [];
    }),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</urlset>\n`;
}

export interface SeoOptions {
  /** The store's public origin (absolute URLs in both files). */
  storeOrigin: string;
  /** Where this host reaches the API. */
  apiOrigin: string;
  productPath: ProductPath;
}

/** The page of every product: `/produtos/<slug>`. */
export const productPagePathOf: ProductPath = (product) => productPagePath(product);

/**
 * Where the old address `/produtos/<id>` of a product now is (`/produtos/<slug>` with `search`,
 * e.g. `?x=1`), asked of the API (`GET /api/products/:id`, 3 s at most); null when the API does
 * not know the product or does not answer (the page then renders as usual: not found).
 */
export async function productRedirect(apiOrigin: string, id: string, search = ''): Promise<string | null> {
  try {
    const response = await fetch(`${apiOrigin}/api/products/${encodeURIComponent(id)}`, { signal: AbortSignal.timeout(3000) });
    if (!response.ok) return null;
    return `${productPagePath(productSchema.parse(await response.json()))}${search}`;
  } catch {
    return null;
  }
}

/**
 * Whether the API says there is no product page at `slug`: `GET /api/products/by-slug/:slug`
 * answers 404 for an unknown, draft or archived product (3 s at most). False when it answers
 * otherwise or not at all (the page then renders as usual, status 200).
 */
export async function productMissing(apiOrigin: string, slug: string): Promise<boolean> {
  try {
    const response = await fetch(`${apiOrigin}/api/products/by-slug/${encodeURIComponent(slug)}`, { signal: AbortSignal.timeout(3000) });
    await response.body?.cancel();
    return response.status === 404;
  } catch {
    return false;
  }
}

/**
 * The pages worth rendering before the first shopper asks (the render cache's warm-up): the
 * public pages, each category of the catalogue and the first `maxProducts` product pages the
 * API lists (the sitemap's pages, most visited first). Without the API's answer, the pages alone.
 */
export async function popularPaths(options: Pick<SeoOptions, 'apiOrigin' | 'productPath'>, maxProducts = 100): Promise<string[]> {
  const pages = [...PUBLIC_PAGES.map((page) => page.path), ...PRODUCT_CATEGORIES.map((category) => `/produtos?categoria=${category}`)];
  try {
    const response = await fetch(`${options.apiOrigin}/api/products`, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) return pages;
    const products = productListSchema.parse(await response.json());
    return [...pages, ...products.slice(0, maxProducts).flatMap((product) => options.productPath(product) ?? [])];
  } catch {
    return pages;
  }
}

/** Registers `GET /robots.txt` and `GET /sitemap.xml` on the shell's host. */
export function serveSeoFiles(app: FastifyInstance, options: SeoOptions): void {
  let cached: { at: number; body: string } | undefined;
  app.get('/robots.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(options.storeOrigin)));
  app.get('/sitemap.xml', async (_request, reply) => {
    if (!cached || Date.now() - cached.at > SITEMAP_TTL_MS) {
      let products: Product[] = [];
      let complete = true;
      try {
        const response = await fetch(`${options.apiOrigin}/api/products`, { signal: AbortSignal.timeout(5000) });
        if (!response.ok) throw new Error(`GET /api/products answered ${response.status}`);
        products = productListSchema.parse(await response.json());
      } catch {
        complete = false;
      }
      const body = sitemapXml(options.storeOrigin, products, options.productPath);
      // A sitemap without the products is not kept: the next request asks the API again.
      cached = complete ? { at: Date.now(), body } : undefined;
      return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(body);
    }
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(cached.body);
  });
}
