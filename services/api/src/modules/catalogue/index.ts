/**
 * Catalogue routes.
 * Public (storefront.md 7):
 * - `GET /api/products?search&category` newest first
 * - `GET /api/products/featured` at most 8 featured, newest first
 * - `GET /api/products/:id`
 * Admin (admin.md 2, 5, 7, 8; issue 12):
 * - `POST /api/admin/products`, `PUT /api/admin/products/:id`: product fields (productInputSchema)
 * - `DELETE /api/admin/products/:id`: deleted, or archived when orders reference it
 * - `POST /api/admin/product-images`: multipart upload (field `file`), JPEG/PNG/GIF/WEBP by
 *   content, at most 10 MB (415 / 413 with the pt-BR texts of admin.md 8)
 * - `DELETE /api/admin/product-images/products/<key>`: an upload no product uses
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PRODUCT_IMAGE_MAX_BYTES,
  apiErrorSchema,
  messageSchema,
  productDeletionSchema,
  productIdParamsSchema,
  productImageKeyParamsSchema,
  productImageUploadSchema,
  productInputSchema,
  productListQuerySchema,
  productListSchema,
  productSchema,
} from '@prata/contracts';
import { ValidationError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { audit } from '../audit/audit.service.ts';
import { requestMeta } from '../identity/index.ts';
import { CatalogueService } from './catalogue.service.ts';
import { ProductAdminService } from './product-admin.service.ts';
import { ProductImages, uploadError } from './product-images.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema };

const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new CatalogueService(app.orm.em, app.storage, app.clock);
  const images = new ProductImages(app.storage, app.renditions);
  const admin = new ProductAdminService({ catalogue: service, images, events: app.events, clock: app.clock });
  const em = () => app.orm.em;

  // One file per request, no other fields; the size limit stops the stream at 10 MB + 1 byte.
  await app.register(multipart, { limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  app.get(
    '/api/products',
    {
      config: { access: 'public' },
      schema: { querystring: productListQuerySchema, response: { 200: productListSchema, 400: apiErrorSchema } },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/api/products/featured',
    { config: { access: 'public' }, schema: { response: { 200: productListSchema } } },
    async () => service.featured(),
  );

  app.get(
    '/api/products/:id',
    {
      config: { access: 'public' },
      schema: { params: productIdParamsSchema, response: { 200: productSchema, 400: apiErrorSchema, 404: apiErrorSchema } },
    },
    async (request) => service.get(request.params.id),
  );

  app.post(
    '/api/admin/products',
    { config: { access: 'admin' }, schema: { body: productInputSchema, response: { 201: productSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await admin.create(em(), requireAuth(request).userId, request.body, requestMeta(request))),
  );

  app.put(
    '/api/admin/products/:id',
    { config: { access: 'admin' }, schema: { params: productIdParamsSchema, body: productInputSchema, response: { 200: productSchema, ...errors } } },
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

export default catalogueRoutes;
