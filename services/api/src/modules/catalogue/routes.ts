/**
 * Catalogue routes.
 * Public (storefront.md 7):
 * - `GET /api/products?search&category` newest first
 * - `GET /api/products/page?search&category&ids&page&pageSize`: one page of that list with the
 *   total count (the catalogue's pages)
 * - `GET /api/products/featured` at most 8 featured, newest first
 * - `GET /api/products/:id`
 * - `GET /api/products/by-slug/:slug` (the product page; 404 'Produto não encontrado')
 * - `GET /api/products/suggestions?q`: the search bar's product names and categories
 * Admin (admin.md 2, 5, 7, 8):
 * - `GET /api/admin/products?status&search&category`: the panel's list of every status (active,
 *   draft, archived, all) with the counts per status; `GET /api/admin/products/:id`
 *   one product of any status
 * - `POST /api/admin/products/:id/restore`: an archived product back to draft or active
 * - `POST /api/admin/products`, `PUT /api/admin/products/:id`: product fields (productInputSchema)
 * - `PUT /api/admin/products/:id/images`: the whole gallery in order (productGalleryInputSchema:
 *   at most 8 uploaded images, alt text required), audited
 * - `DELETE /api/admin/products/:id`: deleted, or archived when orders reference it
 * - `POST /api/admin/product-images`: multipart upload (field `file`), JPEG/PNG/GIF/WEBP by
 *   content, at most 10 MB (415 / 413 with the pt-BR texts of admin.md 8)
 * - `DELETE /api/admin/product-images/products/<key>`: an upload no product uses
 */
import etag from '@fastify/etag';
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PRODUCT_IMAGE_MAX_BYTES,
  adminProductListQuerySchema,
  adminProductListSchema,
  adminProductSchema,
  apiErrorSchema,
  messageSchema,
  productRestoreSchema,
  productDeletionSchema,
  productGalleryInputSchema,
  productIdParamsSchema,
  productSlugParamsSchema,
  productSuggestionsQuerySchema,
  productSuggestionsSchema,
  productImageKeyParamsSchema,
  productImageUploadSchema,
  productInputSchema,
  productListQuerySchema,
  productListSchema,
  productPageQuerySchema,
  productPageSchema,
  productSchema,
  type DomainEventName,
  type Product as ProductDto,
  ORDER_EVENTS,
  PRODUCT_EVENTS,
  PRODUCT_REVIEWS_CHANGED,
  RESERVATION_EVENTS,
} from '@prata/contracts';
import { ValidationError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { audit } from '../audit/index.ts';
import { requestMeta } from '../identity/index.ts';
import { StoreSettingsService } from '../settings/index.ts';
import { attachCatalogueCache, CatalogueCache, type CachedList } from './catalogue-cache.ts';
import { listingWatch } from './listing-watch.ts';
import { CatalogueService, type RatingRank, type RatingsLookup } from './catalogue.service.ts';
import { ProductAdminService, type ProductOrderCheck } from './product-admin.service.ts';
import { ProductImages, uploadError } from './product-images.ts';
import { productSuggestions, searchWords } from './product-search.ts';
import type { VariantOrderCheck } from './product-variants.ts';
import { nextHoldExpiry } from './stock-holds.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema };

/** Events after which the public lists may differ: products, stock (orders), availability (reservations) and ratings (the cards' average and count, the best-rated order). */
const CATALOGUE_EVENT_TYPES: DomainEventName[] = [...Object.values(PRODUCT_EVENTS), ...Object.values(ORDER_EVENTS), ...Object.values(RESERVATION_EVENTS), PRODUCT_REVIEWS_CHANGED];

/**
 * HTTP caching of the public lists. Browsers and shared caches revalidate every use
 * (`no-cache`: a conditional request answered 304 while the ETag holds), because the store
 * refetches a list when a realtime event says it changed and must then get the new one; a
 * browser honouring `stale-while-revalidate` would show the old list after such an event. CDNs
 * (RFC 9213 `CDN-Cache-Control`, which they read instead of `Cache-Control`) may serve a list for
 * 5 s and a stale one for 60 s more while they revalidate.
 */
export const CATALOGUE_CACHE_CONTROL = 'public, no-cache';
export const CATALOGUE_CDN_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=60';

/** Sends a cached list: its JSON as is (no serialisation), ETag and caching headers; @fastify/etag answers 304 on a match. */
function sendList(reply: FastifyReply, list: CachedList): FastifyReply {
  return reply
    .header('etag', list.etag)
    .header('cache-control', CATALOGUE_CACHE_CONTROL)
    .header('cdn-cache-control', CATALOGUE_CDN_CACHE_CONTROL)
    .type('application/json; charset=utf-8')
    .send(list.body);
}

/** What the app gives the catalogue: the orders module's answer to "is this product ordered?". */
export interface CatalogueOptions {
  isOrdered: ProductOrderCheck;
  /** Which variants order lines reference (the orders module's `orderedVariants`). */
  orderedVariants?: VariantOrderCheck;
  /** Product ids ordered best rated first (the reviews module's `rankByRating`), for `sort=rating`. */
  rankByRating?: RatingRank;
  /** The approved reviews' average and count per product (the reviews module's `ratingsOf`), for the DTOs' `rating`. */
  ratingsOf?: RatingsLookup;
}

const catalogueRoutes: FastifyPluginAsyncZod<CatalogueOptions> = async (app, { isOrdered, orderedVariants, rankByRating, ratingsOf }) => {
  const service = new CatalogueService(app.orm.em, app.storage, app.clock, ratingsOf);
  const images = new ProductImages(app.storage, app.renditions);
  const admin = new ProductAdminService({ catalogue: service, isOrdered, ...(orderedVariants ? { orderedVariants } : {}), images, events: app.events, clock: app.clock });
  const em = () => app.orm.em;
  const lists = new CatalogueCache(app.clock);
  const watch = listingWatch({
    em,
    events: app.events,
    clock: app.clock,
    list: (fork) => new CatalogueService(fork, app.storage, app.clock).list({}),
    lowStockThreshold: (fork) => new StoreSettingsService(fork, app.config.lowStockThreshold).lowStockThreshold(),
    nextHoldExpiry,
    log: app.log,
  });
  // The signals that can change a list also ask the listing watch for a check.
  const detach = attachCatalogueCache({ invalidate: () => (lists.invalidate(), watch.poke()) }, app.events, CATALOGUE_EVENT_TYPES);
  app.addHook('onReady', async () => watch.poke());
  app.addHook('onClose', async () => {
    detach();
    watch.close();
  });
  await app.register(etag);
  /** A list (or a page of one) and the moment it changes by itself (the first of its products' holds to expire). */
  const load =
    <Value>(read: () => Promise<Value>, productsOf: (value: Value) => readonly ProductDto[]) =>
    async () => {
      const value = await read();
      return { value, validUntil: await nextHoldExpiry(em(), productsOf(value).map((product) => product.id), app.clock.now()) };
    };
  const asIs = (products: readonly ProductDto[]) => products;
  /** The cache key of a filtered list: searches with the same words (case and spacing aside) share an entry, the service sees only the words. */
  const listKey = (kind: string, { search, ...rest }: { search?: string | undefined }) =>
    `${kind}:${JSON.stringify({ ...rest, search: search === undefined ? null : searchWords(search).join(' ') })}`;

  // One file per request, no other fields; the size limit stops the stream at 10 MB + 1 byte.
  await app.register(multipart, { limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.get(
    '/api/products',
    {
      config: { access: 'public' },
      schema: { querystring: productListQuerySchema, response: { 200: productListSchema, 400: apiErrorSchema } },
    },
    async (request, reply) => sendList(reply, await lists.get(listKey('list', request.query), load(() => service.list(request.query), asIs))),
  );

  app.get(
    '/api/products/page',
    {
      config: { access: 'public' },
      schema: { querystring: productPageQuerySchema, response: { 200: productPageSchema, 400: apiErrorSchema } },
    },
    async (request, reply) => sendList(reply, await lists.get(listKey('page', request.query), load(() => service.page(request.query, rankByRating), (page) => page.products))),
  );

  app.get(
    '/api/products/suggestions',
    {
      config: { access: 'public' },
      schema: { querystring: productSuggestionsQuerySchema, response: { 200: productSuggestionsSchema, 400: apiErrorSchema } },
    },
    async (request, reply) => {
      const q = searchWords(request.query.q).join(' ');
      return sendList(reply, await lists.get(`suggestions:${q}`, async () => ({ value: await productSuggestions(em(), q), validUntil: null })));
    },
  );

  app.get(
    '/api/products/featured',
    { config: { access: 'public' }, schema: { response: { 200: productListSchema } } },
    async (_request, reply) => sendList(reply, await lists.get('featured', load(() => service.featured(), asIs))),
  );

  app.get(
    '/api/products/:id',
    {
      config: { access: 'public' },
      schema: { params: productIdParamsSchema, response: { 200: productSchema, 400: apiErrorSchema, 404: apiErrorSchema } },
    },
    async (request) => service.get(request.params.id),
  );

  const productResponses = { 200: productSchema, 400: apiErrorSchema, 404: apiErrorSchema };
  app.get(
    '/api/products/by-slug/:slug',
    { config: { access: 'public' }, schema: { params: productSlugParamsSchema, response: productResponses } },
    async (request) => service.getBySlug(request.params.slug),
  );

  app.get(
    '/api/admin/products',
    { config: { access: 'admin' }, schema: { querystring: adminProductListQuerySchema, response: { 200: adminProductListSchema, ...errors } } },
    async (request) => service.adminList(request.query),
  );

  app.get(
    '/api/admin/products/:id',
    { config: { access: 'admin' }, schema: { params: productIdParamsSchema, response: { 200: adminProductSchema, ...errors } } },
    async (request) => service.adminGet(request.params.id),
  );

  app.post(
    '/api/admin/products/:id/restore',
    { config: { access: 'admin' }, schema: { params: productIdParamsSchema, body: productRestoreSchema, response: { 200: adminProductSchema, ...errors } } },
    async (request) => admin.restore(em(), requireAuth(request).userId, request.params.id, request.body, requestMeta(request)),
  );

  app.put(
    '/api/admin/products/:id/images',
    { config: { access: 'admin' }, schema: { params: productIdParamsSchema, body: productGalleryInputSchema, response: { 200: adminProductSchema, ...errors } } },
    async (request) => admin.setGallery(em(), requireAuth(request).userId, request.params.id, request.body, requestMeta(request)),
  );

  app.post(
    '/api/admin/products',
    { config: { access: 'admin' }, schema: { body: productInputSchema, response: { 201: adminProductSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await admin.create(em(), requireAuth(request).userId, request.body, requestMeta(request))),
  );

  app.put(
    '/api/admin/products/:id',
    { config: { access: 'admin' }, schema: { params: productIdParamsSchema, body: productInputSchema, response: { 200: adminProductSchema, ...errors } } },
    async (request) => admin.update(em(), requireAuth(request).userId, request.params.id, request.body, requestMeta(request)),
  );

  app.delete(
    '/api/admin/products/:id',
    { config: { access: 'admin' }, schema: { params: productIdParamsSchema, response: { 200: productDeletionSchema, ...errors } } },
    async (request) => admin.delete(em(), requireAuth(request).userId, request.params.id, requestMeta(request)),
  );

  app.post(
    '/api/admin/product-images',
    { config: { access: 'admin' }, schema: { response: { 201: productImageUploadSchema, ...errors } } },
    async (request, reply) => {
      const actorId = requireAuth(request).userId;
      const file = request.isMultipart() ? await request.file().catch((error: unknown) => Promise.reject(uploadError(error))) : undefined;
      if (!file) throw new ValidationError('Nenhuma imagem enviada.', [{ path: 'file', message: 'Envie um arquivo de imagem' }], 'no_file');
      const key = await images.receive(file, app.clock.now());
      audit(em(), { userId: actorId, action: 'product_image_uploaded', details: { key, fileName: file.filename.slice(0, 200) }, meta: requestMeta(request) });
      await em().flush();
      return reply.code(201).send({ key, url: images.url(key) });
    },
  );

  app.delete(
    '/api/admin/product-images/*',
    { config: { access: 'admin' }, schema: { params: productImageKeyParamsSchema, response: { 200: messageSchema, ...errors } } },
    async (request) => {
      await admin.deleteUpload(em(), requireAuth(request).userId, request.params['*'], requestMeta(request));
      return { message: 'Imagem removida' };
    },
  );
};

export default fp(catalogueRoutes, { name: 'catalogue-routes', encapsulate: true });
