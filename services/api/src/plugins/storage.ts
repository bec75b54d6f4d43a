/**
 * Storage plugin: decorates `app.storage` and serves bucket objects publicly at
 * `GET /storage/<bucket>/<key>` (immutable-ish: cached for a day) from whichever storage is
 * configured (the local disk through @fastify/static; any other, e.g. S3, read through
 * `ObjectStorage.read`, a missing object answering 404 'Recurso não encontrado'), and the WebP renditions of
 * product images at `GET /images/product-images/<key>?w=<width>` (widths and URL shape
 * in the contracts' `imageSrcSet`). A width outside `IMAGE_RENDITION_WIDTHS` is a 400 'Dados inválidos' with
 * the issue `querystring.w: Largura de imagem inválida`; a missing or non-raster image is a 404 'Imagem não encontrada'.
 * `GET /images/og/product-images/<key>`: a product image, SVG included, as the JPEG
 * link previews show (Open Graph; contracts' `openGraphImageUrl`); a missing one is a 404.
 */
import path from 'node:path';
import fp from 'fastify-plugin';
import mime from 'mime-types';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OPEN_GRAPH_IMAGE_PREFIX, apiErrorSchema, imageRenditionQuerySchema } from '@prata/contracts';
import { NotFoundError } from '../errors.ts';
import { ImageRenditions } from '../storage/image-renditions.ts';
import { InvalidObjectKeyError, LocalDiskStorage, PRODUCT_IMAGES_BUCKET, type ObjectStorage } from '../storage/object-storage.ts';

/** Cache-Control of a stored object (keys are new for every upload, so a day is safe). */
const OBJECT_CACHE_CONTROL = 'public, max-age=86400';

const renditionParamsSchema = z.object({ '*': z.string().min(1).max(300) });
/** The image bytes (sent as they are: Fastify does not serialize a Buffer). */
const webpBodySchema = z.custom<Buffer>((value) => Buffer.isBuffer(value));

const renditionRoutes: FastifyPluginAsyncZod<{ renditions: ImageRenditions }> = async (app, { renditions }) => {
  app.get(
    `${OPEN_GRAPH_IMAGE_PREFIX}${PRODUCT_IMAGES_BUCKET}/*`,
    { config: { access: 'public' }, schema: { params: renditionParamsSchema, response: { 200: webpBodySchema, 404: apiErrorSchema } } },
    async (request, reply) => {
      const rendition = await renditions.openGraph(PRODUCT_IMAGES_BUCKET, request.params['*']).catch((error: unknown) => {
        request.log.warn({ err: error, key: request.params['*'] }, 'open graph rendition failed');
        return null;
      });
      if (!rendition) throw new NotFoundError('Imagem não encontrada');
      return reply
        .type('image/jpeg')
        .header('cache-control', OBJECT_CACHE_CONTROL)
        .header('last-modified', rendition.modifiedAt.toUTCString())
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(rendition.data);
    },
  );

  app.get(
    `/images/${PRODUCT_IMAGES_BUCKET}/*`,
    {
      config: { access: 'public' },
      schema: { params: renditionParamsSchema, querystring: imageRenditionQuerySchema, response: { 200: webpBodySchema, 400: apiErrorSchema, 404: apiErrorSchema } },
    },
    async (request, reply) => {
      const rendition = await renditions.render(PRODUCT_IMAGES_BUCKET, request.params['*'], request.query.w).catch((error: unknown) => {
        request.log.warn({ err: error, key: request.params['*'] }, 'image rendition failed');
        return null;
      });
      if (!rendition) throw new NotFoundError('Imagem não encontrada');
      return reply
        .type('image/webp')
        .header('cache-control', OBJECT_CACHE_CONTROL)
        .header('last-modified', rendition.modifiedAt.toUTCString())
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(rendition.data);
    },
  );
};

const objectParamsSchema = z.object({ bucket: z.string().min(1).max(100), '*': z.string().min(1).max(300) });
const objectBodySchema = z.custom<Buffer>((value) => Buffer.isBuffer(value));

/** `GET /storage/<bucket>/<key>` read through the storage interface (storages without a local root). */
const objectRoutes: FastifyPluginAsyncZod<{ storage: ObjectStorage }> = async (app, { storage }) => {
  app.get(
    '/storage/:bucket/*',
    { config: { access: 'public' }, schema: { params: objectParamsSchema, response: { 200: objectBodySchema, 404: apiErrorSchema } } },
    async (request, reply) => {
      const { bucket, '*': key } = request.params;
      const object = await storage.read(bucket, key).catch((error: unknown) => {
        if (error instanceof InvalidObjectKeyError) return null;
        throw error;
      });
      if (!object) throw new NotFoundError('Recurso não encontrado');
      return reply
        .type(mime.contentType(path.basename(key)) || 'application/octet-stream')
        .header('cache-control', OBJECT_CACHE_CONTROL)
        .header('last-modified', object.modifiedAt.toUTCString())
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(object.data);
    },
  );
};

declare module 'fastify' {
  interface FastifyInstance {
    storage: ObjectStorage;
    /** The WebP renditions kept beside the storage (purged when an image is replaced or deleted). */
    renditions: ImageRenditions;
  }
}

export default fp<{ storage: ObjectStorage }>(
  async (app, { storage }) => {
    app.decorate('storage', storage);
    if (storage instanceof LocalDiskStorage) {
      await app.register(fastifyStatic, {
        root: storage.root,
        prefix: '/storage/',
        decorateReply: false,
        index: false,
        list: false,
        dotfiles: 'deny',
        maxAge: '1d',
        setHeaders: (reply) => void reply.header('cross-origin-resource-policy', 'cross-origin'),
      });
    } else {
      await app.register(objectRoutes, { storage });
    }
    const renditions = new ImageRenditions(storage, storage.cacheDir);
    app.decorate('renditions', renditions);
    await app.register(renditionRoutes, { renditions });
  },
  { name: 'storage' },
);
