/**
 * Product images in an S3-compatible bucket (`STORAGE=s3`), against s3rver
 * over real HTTP: the storage's own contract (keys under `<prefix><bucket>/`, content types, missing
 * objects, refused keys, the scratch file of an upload removed), then the whole service configured
 * with it: an admin's multipart upload lands in the bucket and nowhere on local disk, is served at
 * `/storage/...` and as a WebP rendition, is deleted from the bucket, and the status page checks it.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, DeleteObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { productSchema, systemStatusSchema } from '@prata/contracts';
import { S3ObjectStorage } from '../src/storage/s3-object-storage.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { imageFile, uploadImage } from './admin-fixtures.ts';
import { createTestService, type TestService } from './helpers.ts';
import { startS3Double, type S3Double } from './s3-double.ts';

let s3: S3Double;
let scratch: string;

/** The bytes and content type of `key` in the double's bucket `store`, read with the S3 API itself; null when absent. */
async function objectInBucket(key: string): Promise<{ data: Buffer; contentType: string | undefined } | null> {
  try {
    const object = await s3.client.send(new GetObjectCommand({ Bucket: 'store', Key: key }));
    return { data: Buffer.from(await object.Body!.transformToByteArray()), contentType: object.ContentType };
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return null;
    throw error;
  }
}

beforeAll(async () => {
  s3 = await startS3Double(['store']);
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'prata-s3-local-'));
});
afterAll(async () => {
  await s3?.close();
  await fs.rm(scratch, { recursive: true, force: true });
});

describe('S3ObjectStorage', () => {
  let storage: S3ObjectStorage;
  beforeAll(() => {
    storage = new S3ObjectStorage({ client: s3.client, bucket: 'store', prefix: 'loja/', publicBaseUrl: 'https://api.prata925.com.br/', localDir: scratch });
  });

  it('keeps each logical bucket under <prefix><bucket>/ with the content type of its key', async () => {
    const png = await imageFile('png', 8, 6);
    await storage.put('product-images', 'products/anel.png', png);
    expect(await objectInBucket('loja/product-images/products/anel.png')).toEqual({ data: png, contentType: 'image/png' });
    expect(await storage.exists('product-images', 'products/anel.png')).toBe(true);
    const read = await storage.read('product-images', 'products/anel.png');
    expect(read!.data.equals(png)).toBe(true);
    expect(Math.abs(read!.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(storage.publicUrl('product-images', 'products/anel solitário.png')).toBe('https://api.prata925.com.br/storage/product-images/products/anel%20solit%C3%A1rio.png');
    expect(storage.description).toBe('s3://store/loja/');
  });

  it('answers absence plainly: read null, exists false, remove false; remove of a present object deletes it', async () => {
    expect(await storage.read('product-images', 'products/nada.png')).toBeNull();
    expect(await storage.exists('product-images', 'products/nada.png')).toBe(false);
    expect(await storage.remove('product-images', 'products/nada.png')).toBe(false);
    await storage.put('product-images', 'products/brinco.svg', '<svg/>');
    expect((await objectInBucket('loja/product-images/products/brinco.svg'))!.contentType).toBe('image/svg+xml');
    expect(await storage.remove('product-images', 'products/brinco.svg')).toBe(true);
    expect(await objectInBucket('loja/product-images/products/brinco.svg')).toBeNull();
  });

  it('uploads a finished scratch file and removes the local copy', async () => {
    const file = path.join(await storage.scratchDir(), 'upload-1');
    const jpeg = await imageFile('jpeg', 10, 10);
    await fs.writeFile(file, jpeg);
    await storage.putFile('product-images', 'products/colar.jpg', file);
    expect(await objectInBucket('loja/product-images/products/colar.jpg')).toEqual({ data: jpeg, contentType: 'image/jpeg' });
    expect(existsSync(file)).toBe(false);
    expect(path.dirname(file).startsWith(scratch)).toBe(true);
  });

  it.each(['../segredo.txt', 'products/../../x', 'products//x.png', '/absoluto.png', 'a\\b.png', '.'])('refuses the key %j', async (key) => {
    await expect(storage.read('product-images', key)).rejects.toThrow('invalid object key');
    await expect(storage.put('product-images', key, 'x')).rejects.toThrow('invalid object key');
  });
});

describe('the service with STORAGE=s3', () => {
  let service: TestService;
  let admin: SignedIn;
  let baseUrl: string;

  beforeAll(async () => {
    const env = s3.storageEnv('store', 'imagens/');
    // The AWS SDK reads credentials from the process environment, as in production (restored
    // after: the files of the suite share one process).
    vi.stubEnv('AWS_ACCESS_KEY_ID', env.AWS_ACCESS_KEY_ID);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', env.AWS_SECRET_ACCESS_KEY);
    service = await createTestService(env);
    admin = await account(service, ['admin'], 'admin');
    baseUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await service?.close();
    vi.unstubAllEnvs();
  });

  it('writes the fallback image to the bucket at start, served by the API', async () => {
    const fallback = await objectInBucket('imagens/product-images/fallback.svg');
    expect(fallback!.contentType).toBe('image/svg+xml');
    const served = await fetch(`${baseUrl}/storage/product-images/fallback.svg`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(Buffer.from(await served.arrayBuffer()).equals(fallback!.data)).toBe(true);
  });

  it('stores an upload in the bucket only, serves it and its rendition, and deletes it from the bucket', async () => {
    const png = await imageFile('png', 800, 600);
    const response = await uploadImage(baseUrl, admin, png, 'foto.png');
    expect(response.status).toBe(201);
    const { key, url } = (await response.json()) as { key: string; url: string };
    expect(url).toBe(`${service.config.publicUrl}/storage/product-images/${key}`);

    expect((await objectInBucket(`imagens/product-images/${key}`))!.data.equals(png)).toBe(true);
    expect(existsSync(path.join(service.config.storageRoot, 'product-images', key))).toBe(false);
    expect(await fs.readdir(path.join(service.dataDir, 'object-cache', 'uploads'))).toEqual([]);

    const served = await fetch(`${baseUrl}/storage/product-images/${key}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    const rendition = await fetch(`${baseUrl}/images/product-images/${key}?w=480`);
    expect(rendition.status).toBe(200);
    const meta = await sharp(Buffer.from(await rendition.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 480, 360]);

    // A product made with it lists the service's URL of the image.
    const created = await service.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: bearer(admin),
      payload: { name: 'Anel Nuvem', category: 'aneis', priceCents: 9_990, stock: 2, imageKey: key },
    });
    expect(created.statusCode).toBe(201);
    expect(productSchema.parse(created.json()).imageUrl).toBe(url);
    expect((await service.app.inject({ method: 'DELETE', url: `/api/admin/products/${created.json().id}`, headers: bearer(admin) })).statusCode).toBe(200);

    expect((await service.app.inject({ method: 'DELETE', url: `/api/admin/product-images/${key}`, headers: bearer(admin) })).statusCode).toBe(200);
    expect(await objectInBucket(`imagens/product-images/${key}`)).toBeNull();
    expect((await fetch(`${baseUrl}/storage/product-images/${key}`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/images/product-images/${key}?w=480`)).status).toBe(404);
  });

  it('answers 404 to a missing object or a key that leaves the bucket', async () => {
    for (const url of ['/storage/product-images/products/nada.png', '/storage/product-images/..%2F..%2Fsegredo.txt', '/storage/outro/..%2Fproduct-images/fallback.svg']) {
      const response = await fetch(`${baseUrl}${url}`);
      expect(response.status, url).toBe(404);
      expect(((await response.json()) as { message: string }).message).toBe('Recurso não encontrado');
    }
  });

  it('has the status page check the bucket: configured, then a warning once its fallback image is gone', async () => {
    const checks = async () => {
      const response = await service.app.inject({ method: 'GET', url: '/api/admin/system-status', headers: bearer(admin) });
      expect(response.statusCode).toBe(200);
      return new Map(systemStatusSchema.parse(response.json()).checks.map((check) => [check.id, check]));
    };
    const before = await checks();
    expect(before.get('storage')).toMatchObject({ status: 'success', message: 'Bucket de imagens configurado' });
    expect(before.get('upload')).toMatchObject({ status: 'success', message: 'Upload de imagens funcional' });

    await s3.client.send(new DeleteObjectCommand({ Bucket: 'store', Key: 'imagens/product-images/fallback.svg' }));
    expect((await checks()).get('storage')).toMatchObject({ status: 'warning', message: 'Bucket de imagens não encontrado' });
  });
});
