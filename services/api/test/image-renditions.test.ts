/**
 * Product image renditions over HTTP: a real JPEG
 * and PNG in the product-images bucket come back as WebP at each width of the contracts'
 * `srcset`, never wider than the original, kept on disk and made again when the original changes;
 * bad widths (400 'Dados inválidos' / w: 'Largura de imagem inválida'), vector images, missing files, broken files and path tricks get clear 4xx answers.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_RENDITION_WIDTHS, OPEN_GRAPH_IMAGE_WIDTH, imageSrcSet, openGraphImageUrl } from '@prata/contracts';
import { MAX_INPUT_PIXELS } from '../src/storage/image-renditions.ts';
import { PRODUCT_IMAGES_BUCKET, RENDITIONS_FOLDER } from '../src/storage/object-storage.ts';
import { createTestService, type TestService } from './helpers.ts';

let service: TestService;

/** A photo-like JPEG (a gradient with noise) of `width` x `height` px. */
async function jpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = (x * y) % 255;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

const rendition = (key: string, width: number | string) => service.app.inject({ method: 'GET', url: `/images/${PRODUCT_IMAGES_BUCKET}/${key}?w=${width}` });

beforeAll(async () => {
  service = await createTestService();
  await service.app.storage.put(PRODUCT_IMAGES_BUCKET, 'products/anel-foto.jpg', await jpeg(1600, 1600));
  await service.app.storage.put(PRODUCT_IMAGES_BUCKET, 'products/pequeno.png', await sharp({ create: { width: 400, height: 300, channels: 4, background: '#c0c0c0' } }).png().toBuffer());
  await service.app.storage.put(PRODUCT_IMAGES_BUCKET, 'products/quebrado.jpg', 'isto não é uma imagem');
  // A decompression bomb (review #18): a small file that decodes to 48 MP, past MAX_INPUT_PIXELS.
  await service.app.storage.put(PRODUCT_IMAGES_BUCKET, 'products/bomba.png', await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#c0c0c0' } }).png().toBuffer());
});
afterAll(async () => service?.close());

describe('GET /images/product-images/<key>?w=<width>', () => {
  it('renders a JPEG as WebP at every srcset width, with cache headers', async () => {
    const srcset = imageSrcSet(service.app.storage.publicUrl(PRODUCT_IMAGES_BUCKET, 'products/anel-foto.jpg'))!;
    const urls = srcset.split(', ').map((entry) => entry.split(' ')[0]!);
    expect(urls).toHaveLength(IMAGE_RENDITION_WIDTHS.length);
    for (const [index, url] of urls.entries()) {
      const { pathname, search } = new URL(url);
      const response = await service.app.inject({ method: 'GET', url: pathname + search });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(IMAGE_RENDITION_WIDTHS[index]);
      expect(meta.height).toBe(IMAGE_RENDITION_WIDTHS[index]);
    }
  });

  it('is much smaller than the original JPEG at card size', async () => {
    const original = await service.app.storage.read(PRODUCT_IMAGES_BUCKET, 'products/anel-foto.jpg');
    const small = await rendition('products/anel-foto.jpg', 320);
    expect(small.rawPayload.length).toBeLessThan(original!.data.length / 5);
  });

  it('never enlarges: a 400 px PNG stays 400 px wide at w=960', async () => {
    const response = await rendition('products/pequeno.png', 960);
    expect(response.statusCode).toBe(200);
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 300]);
  });

  it('keeps each rendition on disk and makes it again when the original changes', async () => {
    const key = 'products/troca.jpg';
    await service.app.storage.put(PRODUCT_IMAGES_BUCKET, key, await jpeg(800, 800));
    const first = await rendition(key, 480);
    const cacheFile = path.join(service.config.storageRoot, RENDITIONS_FOLDER, PRODUCT_IMAGES_BUCKET, `${key}@480.webp`);
    expect(existsSync(cacheFile)).toBe(true);
    expect((await fs.readFile(cacheFile)).equals(first.rawPayload)).toBe(true);

    await service.app.storage.put(PRODUCT_IMAGES_BUCKET, key, await sharp({ create: { width: 800, height: 400, channels: 3, background: '#222' } }).jpeg().toBuffer());
    // Both writes can land in the same clock tick: date the stored rendition before the new
    // original explicitly instead of sleeping and hoping the mtimes differ.
    const { mtime } = await fs.stat(path.join(service.config.storageRoot, PRODUCT_IMAGES_BUCKET, key));
    const before = new Date(mtime.getTime() - 1000);
    await fs.utimes(cacheFile, before, before);
    const second = await rendition(key, 480);
    expect((await sharp(second.rawPayload).metadata()).height).toBe(240);
  });

  it('answers concurrent requests for one rendition with the same bytes', async () => {
    await service.app.storage.put(PRODUCT_IMAGES_BUCKET, 'products/concorrente.jpg', await jpeg(1000, 1000));
    const responses = await Promise.all(Array.from({ length: 6 }, () => rendition('products/concorrente.jpg', 640)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    for (const response of responses) expect(response.rawPayload.equals(responses[0]!.rawPayload)).toBe(true);
  });

  it("refuses a width outside the list: 'Dados inválidos', w: 'Largura de imagem inválida'", async () => {
    for (const width of ['100', '641', 'abc', '']) {
      const response = await rendition('products/anel-foto.jpg', width);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'validation', message: 'Dados inválidos', issues: [{ path: 'querystring.w', message: 'Largura de imagem inválida' }] });
    }
  });

  it("answers 'Imagem não encontrada' for a missing file, a vector image, a broken file, an image past MAX_INPUT_PIXELS and path tricks", async () => {
    const stored = await service.app.storage.read(PRODUCT_IMAGES_BUCKET, 'products/bomba.png');
    const bomb = await sharp(stored!.data, { limitInputPixels: false }).metadata();
    expect(bomb.width! * bomb.height!).toBeGreaterThan(MAX_INPUT_PIXELS);
    const seededSvg = new URL((await service.app.inject({ method: 'GET', url: '/api/products' })).json<{ imageUrl: string }[]>()[0]!.imageUrl).pathname.split('/').slice(3).join('/');
    for (const key of ['products/nao-existe.jpg', seededSvg, 'products/quebrado.jpg', 'products/bomba.png', '..%2F..%2Fsecrets.json', '..%2F.renditions%2Fx.jpg']) {
      const response = await rendition(key, 320);
      expect(response.statusCode, key).toBe(404);
      expect(response.json<{ message: string }>().message).toBe('Imagem não encontrada');
    }
  });
});

describe('Open Graph rendition', () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400"><rect width="400" height="400" fill="#e5e7eb"/><circle cx="200" cy="200" r="120" fill="none" stroke="#9ca3af" stroke-width="24"/></svg>`;

  it('answers the og:image URL of an SVG cover with a 1200 px JPEG link previews can show', async () => {
    await service.app.storage.put(PRODUCT_IMAGES_BUCKET, 'products/anel-vetor.svg', svg);
    const url = openGraphImageUrl(`http://127.0.0.1:3000/storage/${PRODUCT_IMAGES_BUCKET}/products/anel-vetor.svg`);
    expect(url).toBe(`http://127.0.0.1:3000/images/og/${PRODUCT_IMAGES_BUCKET}/products/anel-vetor.svg`);
    const response = await service.app.inject({ method: 'GET', url: new URL(url!).pathname });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: OPEN_GRAPH_IMAGE_WIDTH, height: OPEN_GRAPH_IMAGE_WIDTH });
    // The drawing is there (not a blank page): the ring's grey differs from the background's.
    const { channels } = await sharp(response.rawPayload).stats();
    expect(channels[0]!.min).toBeLessThan(channels[0]!.max - 40);
  });

  it('renders a photo too, and answers 404 for a missing image', async () => {
    const photo = await service.app.inject({ method: 'GET', url: `/images/og/${PRODUCT_IMAGES_BUCKET}/products/anel-foto.jpg` });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(photo.rawPayload).metadata()).width).toBe(OPEN_GRAPH_IMAGE_WIDTH);
    const missing = await service.app.inject({ method: 'GET', url: `/images/og/${PRODUCT_IMAGES_BUCKET}/products/nao-existe.svg` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Imagem não encontrada');
  });
});
