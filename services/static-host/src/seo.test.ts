/**
 * robots.txt and sitemap.xml of the shell's host, over real HTTP with a stand-in API
 * (`GET /api/products`, its documented answer): every public page and category, each product that
 * has a page, XML-escaped; the pages alone while the API fails, asked again on the next request.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORIES, type Product } from '@prata/contracts/catalogue';
import { PUBLIC_PAGES, productPagePathOf, productRedirect, robotsTxt, serveSeoFiles } from './seo.ts';

const product = (id: string, name: string): Product => ({
  id, slug: name.toLowerCase(), name, category: 'aneis', priceCents: 10000, description: '', imageUrl: null, images: [], isNew: false, isBestseller: false, isFeatured: false, stock: 1, available: 1, options: [], variants: [], rating: null, createdAt: '2026-11-20T10:00:00.000Z',
});

let api: FastifyInstance;
let host: FastifyInstance;
let apiUp = true;

beforeAll(async () => {
  api = Fastify();
  api.get('/api/products', async (_request, reply) => (apiUp ? [product('0a1f6a3e-2b1c-4d5e-8f90-a1b2c3d4e5f6', 'Anel'), product('b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e', 'Brinco & Colar')] : reply.code(503).send({ error: 'down' })));
  const apiOrigin = await api.listen({ port: 0, host: '127.0.0.1' });
  host = Fastify();
  serveSeoFiles(host, { storeOrigin: 'https://loja.example', apiOrigin, productPath: (item) => (item.id.startsWith('b2') ? undefined : `/produtos/${item.id}?x=1&y=2`) });
  await host.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await host?.close();
  await api?.close();
});

const get = (path: string) => host.inject({ method: 'GET', url: path });

describe('robots.txt', () => {
  it('keeps crawlers out of the private areas and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toBe(robotsTxt('https://loja.example'));
    expect(response.body).toContain('Disallow: /admin\n');
    expect(response.body).toContain('Disallow: /checkout\n');
    expect(response.body).toContain('Disallow: /avisos\n');
    expect(response.body).toContain('Sitemap: https://loja.example/sitemap.xml');
  });
});

describe('sitemap.xml', () => {
  it('lists the public pages, the categories and each product with a page', async () => {
    apiUp = true;
    const response = await get('/sitemap.xml');
    expect(response.headers['content-type']).toContain('application/xml');
    const locations = [...response.body.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([
      ...PUBLIC_PAGES.map((page) => `https://loja.example${page.path}`),
      ...PRODUCT_CATEGORIES.map((category) => `https://loja.example/produtos?categoria=${category}`),
      'https://loja.example/produtos/0a1f6a3e-2b1c-4d5e-8f90-a1b2c3d4e5f6?x=1&amp;y=2',
    ]);
    expect(response.body).toContain('<lastmod>2026-11-20</lastmod>');
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
  });
});

describe('sitemap.xml while the API fails', () => {
  it('lists the pages alone, and asks the API again on the next request', async () => {
    const fresh = Fastify();
    let up = false;
    const stand = Fastify();
    stand.get('/api/products', async (_request, reply) => (up ? [product('0a1f6a3e-2b1c-4d5e-8f90-a1b2c3d4e5f6', 'Anel')] : reply.code(503).send({ error: 'down' })));
    const apiOrigin = await stand.listen({ port: 0, host: '127.0.0.1' });
    serveSeoFiles(fresh, { storeOrigin: 'https://loja.example', apiOrigin, productPath: (item) => `/produtos/${item.id}` });
    try {
      const during = await fresh.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(during.statusCode).toBe(200);
      expect(during.body).toContain('<loc>https://loja.example/sobre</loc>');
      expect(during.body).not.toContain('/produtos/0a1f6a3e');
      up = true;
      const after = await fresh.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(after.body).toContain('<loc>https://loja.example/produtos/0a1f6a3e-2b1c-4d5e-8f90-a1b2c3d4e5f6</loc>');
    } finally {
      await fresh.close();
      await stand.close();
    }
  });
});

describe('product pages', () => {
  it('lists a product at /produtos/<slug>', () => {
    expect(productPagePathOf(product('0a1f6a3e-2b1c-4d5e-8f90-a1b2c3d4e5f6', 'anel-lua'))).toBe('/produtos/anel-lua');
  });

  it('finds where an old id address moved, keeping the query; null for an unknown product', async () => {
    const byId = Fastify();
    byId.get('/api/products/:id', async (request, reply) =>
      (request.params as { id: string }).id === '0a1f6a3e-2b1c-4d5e-8f90-a1b2c3d4e5f6' ? product('0a1f6a3e-2b1c-4d5e-8f90-a1b2c3d4e5f6', 'anel') : reply.code(404).send({ error: 'not_found' }),
    );
    const origin = await byId.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect(await productRedirect(origin, '0a1f6a3e-2b1c-4d5e-8f90-a1b2c3d4e5f6', '?utm=x')).toBe('/produtos/anel?utm=x');
      expect(await productRedirect(origin, 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e')).toBeNull();
    } finally {
      await byId.close();
    }
  });
});
