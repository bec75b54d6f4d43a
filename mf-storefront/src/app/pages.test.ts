/**
 * The server data and head of the product page (title, canonical, Open Graph image, JSON-LD) and of
 * the catalogue's pages (title, canonical and robots per page, the page's products as links, the
 * style sheets each page needs).
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product, ProductPage } from '@prata/contracts/catalogue';
import { STORE_OFFERS_QUERY_KEY } from '@prata/shared-ui';
import { setRuntimeConfig } from '@prata/shared-ui/state';
import { getProductQueryOptions } from '../features/products/api/get-product.ts';
import { getProductPageQueryOptions } from '../features/products/api/get-product-page.ts';
import { getProductReviewsQueryOptions } from '../features/reviews/api/get-product-reviews.ts';
import { pageCacheTags, pageHead, prefetchPage } from './pages.ts';

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
  rating: null,
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

  it("carries the approved reviews' aggregateRating and the shown page's reviews in the Product JSON-LD", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(getProductQueryOptions(product.slug).queryKey, product);
    const review = { id: '0b7f1c56-0d0b-4a8e-9d4c-1a2b3c4d5e6f', rating: 4, text: 'Linda </script> peça', author: 'Helena P.', variantLabel: null, photos: [], reply: null, createdAt: '2026-11-20T12:00:00.000Z' };
    queryClient.setQueryData(getProductReviewsQueryOptions(product.id, 2).queryKey, {
      summary: { average: 4.25, count: 6, distribution: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: rating === 4 ? 6 : 0 })) },
      reviews: [review],
      page: 2,
      pageSize: 5,
      pageCount: 2,
    });
    const head = pageHead({ url: new URL('https://loja.example/produtos/anel-gota-topazio?avaliacoes=2'), queryClient });
    expect(head.jsonLd?.[0]).toMatchObject({
      '@type': 'Product',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.3', reviewCount: 6, bestRating: 5, worstRating: 1 },
      review: [{ '@type': 'Review', reviewRating: { '@type': 'Rating', ratingValue: 4 }, author: { '@type': 'Person', name: 'Helena P.' }, datePublished: '2026-11-20', reviewBody: 'Linda </script> peça' }],
    });
    // Without approved reviews there is no rating to claim.
    queryClient.setQueryData(getProductReviewsQueryOptions(product.id, 1).queryKey, { summary: { average: null, count: 0, distribution: [] }, reviews: [], page: 1, pageSize: 5, pageCount: 1 });
    expect(pageHead({ url: new URL('https://loja.example/produtos/anel-gota-topazio'), queryClient }).jsonLd?.[0]).not.toHaveProperty('aggregateRating');
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

describe('pageHead of /produtos', () => {
  /** A catalogue page of `total` products, 12 a page, holding `count` copies of the product (ids made unique). */
  const cataloguePage = (page: number, count: number, total: number): ProductPage => ({
    products: Array.from({ length: count }, (_, index) => ({ ...product, id: `${product.id.slice(0, -2)}${String(index).padStart(2, '0')}`, slug: `anel-${index}`, name: `Anel ${index}` })),
    total,
    page,
    pageSize: 12,
    pageCount: Math.ceil(total / 12),
  });
  const headOf = (path: string, data?: ProductPage) => {
    const url = new URL(`https://loja.example${path}`);
    const queryClient = new QueryClient();
    if (data) queryClient.setQueryData(getProductPageQueryOptions({ search: url.searchParams.get('search') ?? undefined, category: (url.searchParams.get('categoria') as 'aneis' | null) ?? undefined, page: data.page }).queryKey, data);
    return pageHead({ url, queryClient });
  };

  it('keeps the first page at /produtos; a later page is its own canonical page, titled with its number', () => {
    expect(headOf('/produtos', cataloguePage(1, 12, 30))).toMatchObject({ title: 'Nossa Coleção | Prata 925', canonicalPath: '/produtos' });
    const second = headOf('/produtos?pagina=2', cataloguePage(2, 12, 30));
    expect(second).toMatchObject({ title: 'Nossa Coleção – Página 2 | Prata 925', canonicalPath: '/produtos?pagina=2' });
    expect(second.robots).toBeUndefined();
    expect(headOf('/produtos?categoria=aneis&pagina=3', cataloguePage(3, 6, 30))).toMatchObject({ title: 'Anéis – Página 3 | Prata 925', canonicalPath: '/produtos?categoria=aneis&pagina=3' });
  });

  it('lists the page’s products as links to their pages, numbered across the catalogue', () => {
    const head = headOf('/produtos?pagina=2', cataloguePage(2, 2, 14));
    expect(head.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        numberOfItems: 14,
        itemListElement: [
          { '@type': 'ListItem', position: 13, url: 'https://loja.example/produtos/anel-0', name: 'Anel 0' },
          { '@type': 'ListItem', position: 14, url: 'https://loja.example/produtos/anel-1', name: 'Anel 1' },
        ],
      },
    ]);
  });

  it('keeps a page past the last, searches and the favourites out of search engines', () => {
    expect(headOf('/produtos?pagina=9', cataloguePage(9, 0, 30))).toMatchObject({ robots: 'noindex', jsonLd: [] });
    expect(headOf('/produtos?search=anel', cataloguePage(1, 2, 2)).robots).toBe('noindex');
    expect(headOf('/produtos?favoritos=1')).toMatchObject({ title: 'Meus Favoritos | Prata 925', robots: 'noindex', jsonLd: [] });
  });

  it('is cached under the catalogue key, not under a product of its own', () => {
    const url = new URL('https://loja.example/produtos?pagina=2');
    const queryClient = new QueryClient();
    queryClient.setQueryData(getProductPageQueryOptions({ search: undefined, category: undefined, page: 2 }).queryKey, cataloguePage(2, 12, 30));
    expect(pageCacheTags({ url, queryClient })).toEqual(['catalogue']);
  });

  it("asks for the style sheets of each page's own chunk only", () => {
    expect(headOf('/produtos', cataloguePage(1, 1, 1)).styleChunks).toEqual(['page-catalogue']);
    expect(pageHead({ url: new URL('https://loja.example/'), queryClient: new QueryClient() }).styleChunks).toEqual([]);
    expect(pageHead({ url: new URL('https://loja.example/auth'), queryClient: new QueryClient() }).styleChunks).toEqual(['page-auth']);
    expect(pageHead({ url: new URL('https://loja.example/politica-troca'), queryClient: new QueryClient() }).styleChunks).toEqual(['page-policy']);
  });
});

describe('pageHead of the back-in-stock confirmation page', () => {
  it('is a page of its own, kept out of search engines, with no style sheet beyond the App’s', () => {
    expect(pageHead({ url: new URL('https://loja.example/avisos/confirmar?token=abc'), queryClient: new QueryClient() })).toEqual({
      title: 'Confirmar aviso | Prata 925',
      description: 'Confirme o aviso de produto disponível.',
      robots: 'noindex',
      styleChunks: [],
    });
  });
});

describe('prefetchPage and the store offers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("loads the store's offers with every page that shows prices or states free shipping, so the server's HTML has them", async () => {
    setRuntimeConfig({ apiUrl: 'http://api.test' });
    const offers = { pixDiscountPercent: 5, freeShippingThresholdCents: null, freeShippingRegions: null, installments: { maxInstallments: 10, minInstallmentCents: 1_000, interestFreeInstallments: 6, monthlyInterestPercent: 1.99 }, giftWrap: { enabled: true, priceCents: 990 } };
    const answer = (url: string) => {
      const { pathname } = new URL(url);
      if (pathname === '/api/store-offers') return offers;
      if (pathname === '/api/products/by-slug/anel-gota-topazio') return product;
      if (pathname === '/api/products/page') return { products: [], total: 0, page: 1, pageSize: 12, pageCount: 0 };
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
    // The about and contact pages state the store's free shipping (lib/offer-texts.ts).
    for (const path of ['/', '/produtos', '/produtos/anel-gota-topazio', '/sobre', '/contato']) {
      const queryClient = new QueryClient();
      await prefetchPage({ url: new URL(`https://loja.example${path}`), queryClient });
      expect([path, queryClient.getQueryData(STORE_OFFERS_QUERY_KEY)]).toEqual([path, offers]);
    }
    const signIn = new QueryClient();
    await prefetchPage({ url: new URL('https://loja.example/auth'), queryClient: signIn });
    expect(signIn.getQueryData(STORE_OFFERS_QUERY_KEY)).toBeUndefined();
  });
});
