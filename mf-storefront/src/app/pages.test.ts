/** The product page's server data and head (issue 22): title, canonical, Open Graph image, JSON-LD. */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@prata/contracts/catalogue';
import { STORE_OFFERS_QUERY_KEY, setRuntimeConfig } from '@prata/shared-ui';
import { getProductQueryOptions } from '../features/products/api/get-product.ts';
import { pageHead, prefetchPage } from './pages.ts';

const product: Product = {
  id: '6f56d857-6897-4856-b449-e5a7689ca2f0',
  slug: 'anel-gota-topazio',
  name: 'Anel Gota Topázio',
  category: 'aneis',
  priceCents: 24_990,
  description: 'Anel em prata 925 com topázio azul. Ajustável.',
  imageUrl: 'https://api.example/storage/product-images/products/a.jpg',
  images: [
    { url: 'https://api.example/storage/product-images/products/a.jpg', alt: 'Anel de frente' },
    { url: 'https://api.example/storage/product-images/products/b.jpg', alt: 'Anel de lado' },
  ],
  isNew: false,
  isBestseller: false,
  isFeatured: false,
  stock: 2,
  available: 2,
  options: [],
  variants: [],
  createdAt: '2026-11-18T10:10:05.758Z',
};

describe('pageHead of /produtos/:slug', () => {
  it('names the product, points the canonical at its slug and shows its cover rendition', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(getProductQueryOptions(product.slug).queryKey, product);
    const head = pageHead({ url: new URL('https://loja.example/produtos/anel-gota-topazio'), queryClient });
    expect(head).toMatchObject({
      title: 'Anel Gota Topázio | Prata 925',
      description: 'Anel em prata 925 com topázio azul.',
      canonicalPath: '/produtos/anel-gota-topazio',
      type: 'product',
      image: { url: 'https://api.example/images/og/product-images/products/a.jpg', alt: 'Anel de frente', width: 1200 },
      product: { priceCents: 24_990, available: true },
    });
    expect(head.jsonLd?.[0]).toMatchObject({
      '@type': 'Product',
      name: 'Anel Gota Topázio',
      image: product.images.map((image) => image.url),
      offers: { price: '249.90', priceCurrency: 'BRL', availability: 'https://schema.org/InStock', url: 'https://loja.example/produtos/anel-gota-topazio' },
    });
  });

  it('is not indexed when the service does not show the product (unknown, draft or archived)', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(getProductQueryOptions('rascunho').queryKey, null);
    const head = pageHead({ url: new URL('https://loja.example/produtos/rascunho'), queryClient });
    expect(head).toMatchObject({ title: 'Produto não encontrado | Prata 925', robots: 'noindex' });
  });

  it('is not indexed when the product could not be loaded', () => {
    const head = pageHead({ url: new URL('https://loja.example/produtos/nao-existe'), queryClient: new QueryClient() });
    expect(head).toMatchObject({ title: 'Produto não encontrado | Prata 925', robots: 'noindex' });
  });
});

describe('prefetchPage and the store offers (issue 23)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("loads the PIX discount with every page that shows prices, so the server's HTML has the PIX price", async () => {
    setRuntimeConfig({ apiUrl: 'http://api.test' });
    const offers = { pixDiscountPercent: 5, freeShippingThresholdCents: null, freeShippingRegions: null };
    const answer = (url: string) => {
      const { pathname } = new URL(url);
      if (pathname === '/api/store-offers') return offers;
      if (pathname === '/api/products/by-slug/anel-gota-topazio') return product;
      if (pathname.startsWith('/api/products')) return [];
      return undefined;
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const body = answer(String(url));
        return new Response(JSON.stringify(body ?? { error: 'not_found', message: 'Não encontrado' }), { status: body ? 200 : 404, headers: { 'content-type': 'application/json' } });
      }),
    );
    for (const path of ['/', '/produtos', '/produtos/anel-gota-topazio']) {
      const queryClient = new QueryClient();
      await prefetchPage({ url: new URL(`https://loja.example${path}`), queryClient });
      expect([path, queryClient.getQueryData(STORE_OFFERS_QUERY_KEY)]).toEqual([path, offers]);
    }
    const about = new QueryClient();
    await prefetchPage({ url: new URL('https://loja.example/sobre'), queryClient: about });
    expect(about.getQueryData(STORE_OFFERS_QUERY_KEY)).toBeUndefined();
  });
});
