/**
 * Server rendering of the storefront's pages, for its RemoteModule: what each page
 * loads before the shell's host renders it (`prefetchPage`: its code and its queries, with the
 * same query options the page's hooks use, so the browser hydrates from that data) and its head
 * (`pageHead`: title, description, canonical path, JSON-LD from the loaded data).
 *
 * JSON-LD: the home page describes the store (schema.org `Organization`, `OnlineStore`) and its
 * featured pieces, each a `Product` with its `Offer` (price in BRL, availability); a page of the
 * catalogue lists its pieces as links to their own pages. A product's page is a
 * `Product` of its own, with its gallery's images, an Open Graph image (the cover as a 1200 px
 * JPEG, `openGraphImageUrl`: a vector cover too, which link previews would not show as it is),
 * its price and, once it has approved reviews, their `aggregateRating` and the page's `review`s.
 *
 * The pages that show prices (home, catalogue, product) also load the store's offers
 * (the PIX discount), so the server-rendered cards and product page already say 'R$ x no PIX' and
 * hydration changes nothing.
 */
import { matchRoutes } from '@prata/shared-ui/router';
import { BACK_IN_STOCK_CONFIRM_PATH } from '@prata/contracts/back-in-stock';
import { CATEGORY_LABELS, OPEN_GRAPH_IMAGE_WIDTH, PRODUCT_ID_PATTERN, openGraphImageUrl, productPagePath, type Product, type ProductPage as ProductPageData } from '@prata/contracts/catalogue';
import { DEFAULT_STORE_CONTACT, type ContentSection, type ContentSectionKey, type StoreContact } from '@prata/contracts/content';
import { reviewsJsonLd, reviewsPageOf } from '@prata/contracts/reviews';
import { getStoreContactQueryOptions, getStoreOffersQueryOptions, type PageContext, type PageHead } from '@prata/shared-ui';
import { getContentSectionQueryOptions } from '../features/content/api/get-content-section.ts';
import { getTestimonialsQueryOptions } from '../features/home/api/get-testimonials.ts';
import { getFeaturedProductsQueryOptions } from '../features/products/api/get-featured-products.ts';
import { getProductQueryOptions } from '../features/products/api/get-product.ts';
import { getProductPageQueryOptions } from '../features/products/api/get-product-page.ts';
import { getProductsQueryOptions } from '../features/products/api/get-products.ts';
import { PAGE_PARAM, catalogueFilter } from '../features/products/utils/catalogue-filter.ts';
import { getProductReviewsQueryOptions } from '../features/reviews/api/get-product-reviews.ts';
import { AboutPage, AuthPage, CataloguePage, ConfirmBackInStockPage, ContactPage, PAGE_CHUNKS, PolicyPage, ProductPage, RecoverPasswordPage, ResetPasswordPage } from './routes/lazy.ts';
import { POLICY_ROUTES } from './routes/policy-routes.ts';

const SITE = 'Prata 925';
const DESCRIPTION = 'Prata 925: joias em prata 925 legítima. Anéis, brincos, colares, pulseiras e conjuntos com entrega para todo o Brasil.';

/** What a page is given: the shell's context and the route's params (e.g. `slug`). */
type PageArgs = PageContext & { params: Readonly<Record<string, string | undefined>> };

interface PageDefinition {
  path: string;
  /** The page's own chunk (routes/lazy.ts `PAGE_CHUNKS`), whose style sheets its markup needs; none: `./App`'s sheet is enough. */
  chunk?: string;
  /** Starts loading what the page shows (its code and data); resolves when all of it settled. */
  prefetch?: (context: PageArgs) => Promise<unknown>[];
  head: (context: PageArgs) => PageHead;
}

/** The schema.org `Product` (with its `Offer`) of a piece. */
export function productJsonLd(product: Product, pageUrl: URL): Record<string, unknown> {
  return {
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.id,
    category: CATEGORY_LABELS[product.category],
    ...(product.images.length > 1 ? { image: product.images.map((image) => image.url) } : product.imageUrl ? { image: product.imageUrl } : {}),
    offers: {
      '@type': 'Offer',
      price: (product.priceCents / 100).toFixed(2),
      priceCurrency: 'BRL',
      availability: product.available > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url: pageUrl.href,
    },
  };
}

/** A schema.org `ItemList` of pieces (JSON-LD), or nothing when there are none. */
function itemList(products: readonly Product[] | undefined, pageUrl: URL): Record<string, unknown>[] {
  if (!products || products.length === 0) return [];
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      itemListElement: products.map((product, index) => ({ '@type': 'ListItem', position: index + 1, item: productJsonLd(product, pageUrl) })),
    },
  ];
}

/**
 * A page of the catalogue as a schema.org `ItemList` of links to the products' own pages (the
 * "summary page" form: each product's page describes it in full, with its offer), positions
 * counted across the catalogue's pages; nothing for an empty page.
 */
function productLinks(page: ProductPageData, pageUrl: URL): Record<string, unknown>[] {
  if (page.products.length === 0) return [];
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      numberOfItems: page.total,
      itemListElement: page.products.map((product, index) => ({
        '@type': 'ListItem',
        position: (page.page - 1) * page.pageSize + index + 1,
        url: new URL(productPagePath(product), pageUrl).href,
        name: product.name,
      })),
    },
  ];
}

/** Whether the catalogue at `url` is the shopper's favourites (`?favoritos=1`). */
const isFavouritesView = (url: URL) => url.searchParams.get('favoritos') === '1';

/** The store as a schema.org `OnlineStore` (an `Organization`), with its stored contact details. */
function storeJsonLd(pageUrl: URL, contact: StoreContact = DEFAULT_STORE_CONTACT): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'OnlineStore',
    name: SITE,
    url: `${pageUrl.origin}/`,
    description: DESCRIPTION,
    email: contact.email,
    telephone: contact.phone,
    address: { '@type': 'PostalAddress', streetAddress: contact.address, addressCountry: 'BR' },
  };
}

/** The first sentence of a text, at most `max` characters. */
function summary(text: string, max = 160): string {
  const sentence = text.replace(/\s+/g, ' ').trim().split(/(?<=[.!?])\s/)[0] ?? '';
  return sentence.length <= max ? sentence : `${sentence.slice(0, max - 1).trimEnd()}…`;
}

function contentPage(path: string, chunk: string, key: ContentSectionKey, load: () => Promise<void>, head: (section: ContentSection | undefined) => PageHead): PageDefinition {
  return {
    path,
    chunk,
    prefetch: ({ queryClient }) => [load(), queryClient.prefetchQuery(getContentSectionQueryOptions(key))],
    head: ({ queryClient }) => head(queryClient.getQueryData(getContentSectionQueryOptions(key).queryKey)),
  };
}

/** The page, also loading the store's offers its texts state (free shipping, lib/offer-texts.ts). */
function withStoreOffers(page: PageDefinition): PageDefinition {
  return { ...page, prefetch: (context) => [...(page.prefetch?.(context) ?? []), context.queryClient.prefetchQuery(getStoreOffersQueryOptions())] };
}

/** The page, also loading the store's contact details it shows (the footer shares the query). */
function withStoreContact(page: PageDefinition): PageDefinition {
  return { ...page, prefetch: (context) => [...(page.prefetch?.(context) ?? []), context.queryClient.prefetchQuery(getStoreContactQueryOptions())] };
}

const PAGES: readonly PageDefinition[] = [
  {
    path: '/',
    prefetch: ({ queryClient }) => [
      queryClient.prefetchQuery(getFeaturedProductsQueryOptions()),
      queryClient.prefetchQuery(getStoreContactQueryOptions()),
      queryClient.prefetchQuery(getStoreOffersQueryOptions()),
      queryClient.prefetchQuery(getTestimonialsQueryOptions()),
    ],
    head: ({ url, queryClient }) => ({
      title: `${SITE} | Joias em Prata 925`,
      description: DESCRIPTION,
      canonicalPath: '/',
      jsonLd: [storeJsonLd(url, queryClient.getQueryData(getStoreContactQueryOptions().queryKey)), ...itemList(queryClient.getQueryData(getFeaturedProductsQueryOptions().queryKey), url)],
    }),
  },
  {
    path: '/produtos',
    chunk: PAGE_CHUNKS.catalogue,
    prefetch: ({ url, queryClient }) => [
      CataloguePage.preload(),
      // The favourites are in the browser's storage only: that view loads there.
      ...(isFavouritesView(url) ? [] : [queryClient.prefetchQuery(getProductPageQueryOptions(catalogueFilter(url.searchParams)))]),
      queryClient.prefetchQuery(getStoreOffersQueryOptions()),
    ],
    head: ({ url, queryClient }) => {
      const filter = catalogueFilter(url.searchParams);
      const page = queryClient.getQueryData(getProductPageQueryOptions(filter).queryKey);
      const favourites = isFavouritesView(url);
      const label = filter.category ? CATEGORY_LABELS[filter.category] : 'Nossa Coleção';
      const pageNumber = filter.page > 1 ? ` – Página ${filter.page}` : '';
      const base = filter.category ? `/produtos?categoria=${filter.category}` : '/produtos';
      return {
        title: favourites ? `Meus Favoritos | ${SITE}` : filter.search ? `Resultados para “${filter.search}”${pageNumber} | ${SITE}` : `${label}${pageNumber} | ${SITE}`,
        description: filter.category
          ? `${label} em prata 925 legítima: veja preços e escolha a sua peça na ${SITE}.`
          : 'Anéis, brincos, colares, pulseiras e conjuntos em prata 925 legítima: veja a coleção completa com preços.',
        // Each page of the catalogue is a page of its own (its own products), so it is its own
        // canonical address, as search engines ask of paginated lists.
        canonicalPath: filter.page > 1 ? `${base}${base.includes('?') ? '&' : '?'}${PAGE_PARAM}=${filter.page}` : base,
        // Searches, the shopper's own favourites and pages past the last are not pages of their own for search engines.
        ...(filter.search || favourites || (page && page.products.length === 0) ? { robots: 'noindex' as const } : {}),
        jsonLd: favourites || !page ? [] : productLinks(page, url),
      };
    },
  },
  {
    path: '/produtos/:slug',
    chunk: PAGE_CHUNKS.product,
    prefetch: ({ url, params, queryClient }) => {
      const slug = params['slug'] ?? '';
      // An old id address is answered 301 by the shell's host; here it only loads the page's code.
      if (PRODUCT_ID_PATTERN.test(slug)) return [ProductPage.preload()];
      const related = queryClient
        .fetchQuery(getProductQueryOptions(slug))
        .then(
          (product) =>
            product &&
            Promise.all([
              queryClient.prefetchQuery(getProductsQueryOptions({ category: product.category })),
              queryClient.prefetchQuery(getProductReviewsQueryOptions(product.id, reviewsPageOf(url.searchParams))),
            ]),
        );
      return [ProductPage.preload(), related.catch(() => undefined), queryClient.prefetchQuery(getStoreOffersQueryOptions())];
    },
    head: ({ url, params, queryClient }) => {
      const product = queryClient.getQueryData(getProductQueryOptions(params['slug'] ?? '').queryKey);
      // Not shown (null: unknown, draft or archived; the shell's host answers 404) or not loaded.
      if (!product) return { title: `Produto não encontrado | ${SITE}`, description: DESCRIPTION, robots: 'noindex' };
      const cover = product.images[0];
      const image = cover ? openGraphImageUrl(cover.url) : null;
      const reviews = queryClient.getQueryData(getProductReviewsQueryOptions(product.id, reviewsPageOf(url.searchParams)).queryKey);
      return {
        title: `${product.name} | ${SITE}`,
        description: product.description
          ? summary(product.description)
          : `${product.name} em prata 925 legítima (${CATEGORY_LABELS[product.category]}). Veja preço, fotos e parcelamento na ${SITE}.`,
        canonicalPath: productPagePath(product),
        type: 'product',
        ...(image && cover ? { image: { url: image, alt: cover.alt, width: OPEN_GRAPH_IMAGE_WIDTH } } : {}),
        product: { priceCents: product.priceCents, available: product.available > 0 },
        jsonLd: [{ '@context': 'https://schema.org', ...productJsonLd(product, new URL(productPagePath(product), url)), ...(reviews ? reviewsJsonLd(reviews) : {}) }],
      };
    },
  },
  withStoreOffers(contentPage('/sobre', PAGE_CHUNKS.about, 'about_us', AboutPage.preload, (section) => ({
    title: `Sobre Nós | ${SITE}`,
    description: section ? summary(section.content) || DESCRIPTION : 'Joias em prata 925 legítima, escolhidas com carinho para acompanhar a sua história.',
  }))),
  withStoreOffers(withStoreContact(contentPage('/contato', PAGE_CHUNKS.contact, 'contact_info', ContactPage.preload, (section) => ({
    title: `Contato | ${SITE}`,
    description: section ? summary(section.content) || DESCRIPTION : 'Fale com a gente pelo WhatsApp, telefone ou e-mail. Respondemos em até 24 horas.',
  })))),
  ...POLICY_ROUTES.map(({ path, sectionKey }) =>
    contentPage(path, PAGE_CHUNKS.policy, sectionKey, PolicyPage.preload, (section) => ({
      title: `${section?.title ?? 'Políticas'} | ${SITE}`,
      description: section ? summary(section.content) || DESCRIPTION : DESCRIPTION,
    })),
  ),
  { path: '/auth', chunk: PAGE_CHUNKS.auth, prefetch: () => [AuthPage.preload()], head: () => ({ title: `Entrar | ${SITE}`, description: 'Entre na sua conta ou crie uma nova.', robots: 'noindex' }) },
  { path: '/recuperar-senha', chunk: PAGE_CHUNKS.auth, prefetch: () => [RecoverPasswordPage.preload()], head: () => ({ title: `Recuperar senha | ${SITE}`, description: 'Receba um link para criar uma nova senha.', robots: 'noindex' }) },
  { path: '/reset-password', chunk: PAGE_CHUNKS.auth, prefetch: () => [ResetPasswordPage.preload()], head: () => ({ title: `Nova senha | ${SITE}`, description: 'Crie uma nova senha para a sua conta.', robots: 'noindex' }) },
  {
    // Its chunk has no style sheet of its own (shared-ui's EmptyState): `./App`'s is enough.
    path: BACK_IN_STOCK_CONFIRM_PATH,
    prefetch: () => [ConfirmBackInStockPage.preload()],
    head: () => ({ title: `Confirmar aviso | ${SITE}`, description: 'Confirme o aviso de produto disponível.', robots: 'noindex' }),
  },
];

const PAGE_ROUTES = PAGES.map((page) => ({ path: page.path, page }));

/** The page of `pathname` and its route params, or undefined (the not-found page). */
function pageOf(pathname: string): { page: PageDefinition; params: PageArgs['params'] } | undefined {
  const match = matchRoutes(PAGE_ROUTES, pathname)?.at(-1);
  return match ? { page: match.route.page, params: match.params } : undefined;
}

/** Loads what the page at `context.url` shows (RemoteModule `prefetch`); query failures are left to the browser. */
export async function prefetchPage(context: PageContext): Promise<void> {
  const found = pageOf(context.url.pathname);
  await Promise.all(found?.page.prefetch?.({ ...context, params: found.params }) ?? []);
}

/** The head of the page at `context.url` (RemoteModule `head`). */
export function pageHead(context: PageContext): PageHead {
  const found = pageOf(context.url.pathname);
  if (!found) return { title: `Página não encontrada | ${SITE}`, description: DESCRIPTION, robots: 'noindex', styleChunks: [] };
  return { ...found.page.head({ ...context, params: found.params }), styleChunks: found.page.chunk ? [found.page.chunk] : [] };
}

/**
 * The surrogate keys of the page just rendered (RemoteModule `cacheTags`), from the queries its
 * prefetch filled: `product:<id>` for the product of a product page, `catalogue` for a page that
 * lists products (any product event may change a list: its membership, a card's price or
 * availability) or did not find its product, `content:<key>` for a content section. The shell's
 * host purges the cached document when an event names one of them (an edited price, a product
 * sold out, an edited policy page). A list names no product of its own: `catalogue` covers them,
 * and 36 product keys would be 3 KB of headers on every response.
 */
export function pageCacheTags({ queryClient }: PageContext): string[] {
  const tags = new Set<string>();
  for (const query of queryClient.getQueryCache().getAll()) {
    const [root, kind, key] = query.queryKey as readonly unknown[];
    const data = query.state.data as Pick<Product, 'id'> | readonly Pick<Product, 'id'>[] | null | undefined;
    if (root === 'products') {
      // A product not found today (a draft, a wrong slug) may be published by any product event;
      // a page of the catalogue is a list (any product event may move a product onto or off it).
      if (kind === 'page' || Array.isArray(data) || data === null || data === undefined) tags.add('catalogue');
      else tags.add(`product:${(data as Pick<Product, 'id'>).id}`);
    } else if (root === 'content' && kind === 'section' && typeof key === 'string') {
      tags.add(`content:${key}`);
    }
  }
  return [...tags];
}
