/**
 * Product management by admins (admin.md 3, 5, 7, 8) against real PostgreSQL and real
 * HTTP for uploads: validation messages, image uploads checked by content (magic bytes) and size
 * (refused while streaming), keys `products/{timestamp}-{random}.{ext}`, create / update / delete
 * with audit rows (before / after) and domain events in the outbox, old files and renditions
 * deleted, products with orders archived instead of deleted.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOADED_IMAGE_KEY_PATTERN, productListSchema, productSchema, type Product } from '@prata/contracts';
import { AdminLog } from '../src/modules/audit/admin-log.entity.ts';
import { DomainEventRecord } from '../src/events/domain-event.entity.ts';
import type { DomainEvent } from '../src/events/event-bus.ts';
import { RENDITIONS_FOLDER } from '../src/storage/object-storage.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { imageFile, placeOrder, sql, uploadImage } from './admin-fixtures.ts';
import { createTestService, type TestService } from './helpers.ts';

let service: TestService;
let admin: SignedIn;
let baseUrl: string;
const published: DomainEvent[] = [];

const bucketFile = (key: string) => path.join(service.config.storageRoot, 'product-images', key);
const renditionFile = (key: string, width: number) => path.join(service.config.storageRoot, RENDITIONS_FOLDER, 'product-images', `${key}@${width}.webp`);

function call(method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object, who: SignedIn = admin) {
  return service.app.inject({ method, url, headers: bearer(who), ...(payload ? { payload } : {}) });
}

async function upload(format: 'png' | 'jpeg' | 'gif' | 'webp' = 'png'): Promise<string> {
  const response = await uploadImage(baseUrl, admin, await imageFile(format, 400, 300), `foto.${format}`, `image/${format}`);
  expect(response.status).toBe(201);
  return ((await response.json()) as { key: string }).key;
}

const ring = { name: '  Anel Lua Crescente  ', category: 'aneis', priceCents: 12_990, description: '  Prata 925 com zircônia  ', isNew: true, stock: 4 };

beforeAll(async () => {
  service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0' });
  service.app.events.subscribe('*', (event) => void published.push(event));
  admin = await account(service, ['admin'], 'admin');
  baseUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => service?.close());

describe('POST /api/admin/products validation (admin.md 5)', () => {
  it.each([
    [{ ...ring, name: '   ' }, 'body.name', 'Nome é obrigatório'],
    [{ ...ring, priceCents: 0 }, 'body.priceCents', 'O preço deve ser maior que zero'],
    [{ ...ring, priceCents: 12.5 }, 'body.priceCents', 'Preço inválido'],
    [{ ...ring, category: 'tiaras' }, 'body.category', 'Categoria inválida'],
    [{ ...ring, stock: -1 }, 'body.stock', 'Estoque inválido'],
  ])('refuses %j with %s: %s', async (body, issuePath, message) => {
    const response = await call('POST', '/api/admin/products', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({ path: issuePath, message });
  });

  it('refuses an image key that is not in the bucket', async () => {
    const response = await call('POST', '/api/admin/products', { ...ring, imageKey: 'products/1700000000000-abcdef123456.png' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'image_not_found', message: 'Imagem não encontrada. Envie a imagem novamente.' });
  });
});

describe('image uploads (admin.md 5, 7, 8)', () => {
  it.each(['png', 'jpeg', 'gif', 'webp'] as const)('stores a real %s under products/{timestamp}-{random}.{ext}', async (format) => {
    const before = Date.now();
    const data = await imageFile(format, 120, 90);
    const response = await uploadImage(baseUrl, admin, data, `Minha Foto.${format}`, `image/${format}`);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { key: string; url: string };
    expect(body.key).toMatch(UPLOADED_IMAGE_KEY_PATTERN);
    expect(body.key.endsWith(`.${format === 'jpeg' ? 'jpg' : format}`)).toBe(true);
    const timestamp = Number(body.key.slice('products/'.length, body.key.indexOf('-')));
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Date.now());
    expect(body.url).toBe(`http://127.0.0.1:3000/storage/product-images/${body.key}`);
    expect(await fs.readFile(bucketFile(body.key))).toEqual(Buffer.from(data));
  });

  it('names the file by its content: a PNG sent as "photo.gif" with type image/gif is stored as .png', async () => {
    const response = await uploadImage(baseUrl, admin, await imageFile('png'), 'photo.gif', 'image/gif');
    expect(response.status).toBe(201);
    expect(((await response.json()) as { key: string }).key).toMatch(/\.png$/);
  });

  it("refuses a text file named .png and declared image/png (415 'Por favor, envie apenas imagens (JPEG, PNG, GIF, WEBP)')", async () => {
    const response = await uploadImage(baseUrl, admin, new TextEncoder().encode('isto não é uma imagem, é um texto\n'.repeat(20)), 'foto.png', 'image/png');
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: 'invalid_file_type', message: 'Por favor, envie apenas imagens (JPEG, PNG, GIF, WEBP)' });
  });

  it('refuses other real image types it does not accept (a TIFF)', async () => {
    const sharp = (await import('sharp')).default;
    const tiff = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#ccc' } }).tiff().toBuffer();
    expect((await uploadImage(baseUrl, admin, tiff, 'foto.jpg', 'image/jpeg')).status).toBe(415);
  });

  it("refuses an 11 MB image while streaming (413 'O arquivo deve ter no máximo 10MB') and keeps no partial file", async () => {
    // A real PNG header followed by 11 MB: the type check passes, the size limit stops it.
    const png = await imageFile('png');
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(png);
    const response = await uploadImage(baseUrl, admin, big, 'grande.png');
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'file_too_large', message: 'O arquivo deve ter no máximo 10MB' });
    expect(await fs.readdir(path.join(service.config.storageRoot, '.uploads'))).toEqual([]);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const png = await imageFile('png');
    const exact = new Uint8Array(10 * 1024 * 1024);
    exact.set(png);
    expect((await uploadImage(baseUrl, admin, exact, 'limite.png')).status).toBe(201);
  });

  it('answers 400 when no file comes', async () => {
    const response = await call('POST', '/api/admin/product-images', { file: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Nenhuma imagem enviada.');
  });

  it('answers 400 in pt-BR to a broken multipart body (cut short), never 500', async () => {
    for (const payload of ['{', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG']) {
      const response = await fetch(`${baseUrl}/api/admin/product-images`, {
        method: 'POST',
        headers: { ...bearer(admin), 'content-type': 'multipart/form-data; boundary=x' },
        body: payload,
      });
      expect(response.status, payload).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe('Envio de arquivo inválido.');
    }
  });

  it('deletes an upload no product uses, and refuses one a product uses (409) or a foreign key (400)', async () => {
    const unused = await upload();
    expect((await call('DELETE', `/api/admin/product-images/${unused}`)).statusCode).toBe(200);
    expect(existsSync(bucketFile(unused))).toBe(false);

    const used = await upload();
    expect((await call('POST', '/api/admin/products', { ...ring, name: 'Brinco Em Uso', imageKey: used })).statusCode).toBe(201);
    const refused = await call('DELETE', `/api/admin/product-images/${used}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Esta imagem está em uso por um produto.');
    expect(existsSync(bucketFile(used))).toBe(true);

    expect((await call('DELETE', '/api/admin/product-images/products/anel-solitario.svg')).statusCode).toBe(400);
    expect((await call('DELETE', '/api/admin/product-images/..%2F..%2Fsecrets.json')).statusCode).toBe(400);
  });
});

describe('create, update, delete (admin.md 7)', () => {
  let created: Product;
  let firstImage: string;

  it('creates a product (trimmed, description kept, image URL) that the catalogue lists, with an audit row and a ProductCreated event', async () => {
    firstImage = await upload('jpeg');
    const response = await call('POST', '/api/admin/products', { ...ring, imageKey: firstImage });
    expect(response.statusCode).toBe(201);
    created = productSchema.parse(response.json());
    expect(created).toMatchObject({ name: 'Anel Lua Crescente', description: 'Prata 925 com zircônia', priceCents: 12_990, stock: 4, isNew: true, isFeatured: false });
    expect(created.imageUrl).toBe(`http://127.0.0.1:3000/storage/product-images/${firstImage}`);

    const listed = productListSchema.parse((await service.app.inject({ method: 'GET', url: '/api/products?search=lua%20crescente' })).json());
    expect(listed.map((p) => p.id)).toEqual([created.id]);

    const log = await service.db.orm.em.fork().findOneOrFail(AdminLog, { action: 'product_created', details: { productId: created.id } });
    expect(log.userId).toBe(admin.userId);
    expect(log.details).toMatchObject({ name: 'Anel Lua Crescente', after: { priceCents: 12_990, stock: 4, imageKey: firstImage } });
    const event = await service.db.orm.em.fork().findOneOrFail(DomainEventRecord, { type: 'ProductCreated', aggregateId: created.id });
    expect(event.payload).toMatchObject({ productId: created.id });
    expect(event.publishedAt).not.toBeNull();
    expect(published.some((e) => e.type === 'ProductCreated' && e.payload.productId === created.id)).toBe(true);
  });

  it('edits the price: the audit row holds the old and new price in cents; ProductUpdated names the field', async () => {
    const response = await call('PUT', `/api/admin/products/${created.id}`, { ...ring, imageKey: firstImage, priceCents: 14_990 });
    expect(response.statusCode).toBe(200);
    expect(response.json().priceCents).toBe(14_990);
    const log = await service.db.orm.em.fork().findOneOrFail(AdminLog, { action: 'product_updated', details: { productId: created.id } });
    expect(log.details).toMatchObject({ before: { priceCents: 12_990 }, after: { priceCents: 14_990 } });
    expect(Object.keys(log.details.after as object)).toEqual(['priceCents']);
    const event = await service.db.orm.em.fork().findOneOrFail(DomainEventRecord, { type: 'ProductUpdated', aggregateId: created.id });
    expect(event.payload).toEqual({ productId: created.id, changed: ['priceCents'] });
  });

  it('replacing the image deletes the old file and its renditions', async () => {
    const rendition = await service.app.inject({ method: 'GET', url: `/images/product-images/${firstImage}?w=320` });
    expect(rendition.statusCode).toBe(200);
    expect(existsSync(renditionFile(firstImage, 320))).toBe(true);

    const second = await upload('webp');
    expect((await call('PUT', `/api/admin/products/${created.id}`, { ...ring, priceCents: 14_990, imageKey: second })).statusCode).toBe(200);
    expect(existsSync(bucketFile(firstImage))).toBe(false);
    expect(existsSync(renditionFile(firstImage, 320))).toBe(false);
    expect(existsSync(bucketFile(second))).toBe(true);
    firstImage = second;
  });

  it('answers 404 for an unknown product', async () => {
    const response = await call('PUT', '/api/admin/products/00000000-0000-4000-8000-000000000000', ring);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Produto não encontrado');
  });

  it('deletes a product without orders, its file, with an audit row and ProductDeleted', async () => {
    const response = await call('DELETE', `/api/admin/products/${created.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ outcome: 'deleted', message: 'Produto removido' });
    expect(await sql(service, 'select id from products where id = ?', [created.id])).toEqual([]);
    expect(existsSync(bucketFile(firstImage))).toBe(false);
    expect((await service.app.inject({ method: 'GET', url: `/api/products/${created.id}` })).statusCode).toBe(404);
    const log = await service.db.orm.em.fork().findOneOrFail(AdminLog, { action: 'product_deleted', details: { productId: created.id } });
    expect(log.details).toMatchObject({ name: 'Anel Lua Crescente', before: { priceCents: 14_990 } });
    const event = await service.db.orm.em.fork().findOneOrFail(DomainEventRecord, { type: 'ProductDeleted', aggregateId: created.id });
    expect(event.payload).toEqual({ productId: created.id, archived: false });
  });

  it('archives a product that orders reference: hidden from the catalogue, no stock, the order keeps its line', async () => {
    const image = await upload();
    const product = productSchema.parse((await call('POST', '/api/admin/products', { ...ring, name: 'Colar Arquivado', isFeatured: true, imageKey: image })).json());
    const buyer = await account(service);
    const order = await placeOrder(service, buyer, [{ productId: product.id, quantity: 1 }]);

    const response = await call('DELETE', `/api/admin/products/${product.id}`);
    expect(response.json().outcome).toBe('archived');
    const [row] = await sql<{ archived_at: string | null; stock: number; is_featured: boolean; image_key: string | null }>(service, 'select archived_at, stock, is_featured, image_key from products where id = ?', [product.id]);
    expect(row).toMatchObject({ stock: 0, is_featured: false, image_key: null });
    expect(row!.archived_at).not.toBeNull();
    expect(existsSync(bucketFile(image))).toBe(false);

    const all = productListSchema.parse((await service.app.inject({ method: 'GET', url: '/api/products' })).json());
    expect(all.some((p) => p.id === product.id)).toBe(false);
    const featured = productListSchema.parse((await service.app.inject({ method: 'GET', url: '/api/products/featured' })).json());
    expect(featured.some((p) => p.id === product.id)).toBe(false);
    expect((await service.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).statusCode).toBe(404);

    const history = await service.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(buyer) });
    expect(history.json().items).toEqual([expect.objectContaining({ productId: product.id, productName: 'Colar Arquivado', quantity: 1 })]);
    // Archived: editing it is refused until it is restored.
    expect((await call('PUT', `/api/admin/products/${product.id}`, ring)).statusCode).toBe(409);
    const event = await service.db.orm.em.fork().findOneOrFail(DomainEventRecord, { type: 'ProductDeleted', aggregateId: product.id });
    expect(event.payload).toEqual({ productId: product.id, archived: true });
  });
});
