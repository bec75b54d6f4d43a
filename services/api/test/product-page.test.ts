/**
 * The product page's service side against real PostgreSQL: readable unique slugs
 * (accents stripped, `-2` on a collision, unchanged by a rename), `GET /api/products/by-slug/:slug`
 * (404 in pt-BR), the gallery route (at most 8, alt text required, admin only, audited, the first
 * image is the cover) and the migration's backfill of slugs and galleries for existing rows.
 */
import { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema } from '@prata/contracts';
import { ormConfig } from '../src/bootstrap/orm-config.ts';
import { slugOf, uniqueSlug } from '../src/lib/slug.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { imageFile, sql, uploadImage } from './admin-fixtures.ts';
import { createDatabase, createTestService, type TestService } from './helpers.ts';

let service: TestService;
let admin: SignedIn;
let customer: SignedIn;
let baseUrl: string;

function call(method: 'POST' | 'PUT' | 'GET', url: string, payload?: object, who?: SignedIn) {
  return service.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });
}

async function upload(): Promise<string> {
  const response = await uploadImage(baseUrl, admin, await imageFile('png', 40, 30), 'foto.png');
  expect(response.status).toBe(201);
  return ((await response.json()) as { key: string }).key;
}

const ring = { name: 'Anel Coração Zircônia', category: 'aneis', priceCents: 15_990, stock: 3 };

beforeAll(async () => {
  service = await createTestService();
  admin = await account(service, ['admin'], 'admin');
  customer = await account(service, [], 'cliente');
  baseUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => service?.close());

describe('slugs', () => {
  it('strips accents and symbols, and numbers namesakes', () => {
    expect(slugOf('Anel Solitário Zircônia')).toBe('anel-solitario-zirconia');
    expect(slugOf('Brinco Gota & Pérola (P)')).toBe('brinco-gota-e-perola-p');
    expect(slugOf('!!!')).toBe('produto');
    expect(uniqueSlug('Colar Ônix', new Set(['colar-onix', 'colar-onix-2']))).toBe('colar-onix-3');
  });

  it('gives a new product a readable slug, -2 to a namesake, and keeps it when the name changes', async () => {
    const first = (await call('POST', '/api/admin/products', ring, admin)).json();
    const second = (await call('POST', '/api/admin/products', ring, admin)).json();
    expect(first.slug).toBe('anel-coracao-zirconia');
    expect(second.slug).toBe('anel-coracao-zirconia-2');
    const renamed = await call('PUT', `/api/admin/products/${first.id}`, { ...ring, name: 'Anel Coração Rubi' }, admin);
    expect(renamed.json()).toMatchObject({ name: 'Anel Coração Rubi', slug: 'anel-coracao-zirconia' });
  });

  it('finds a product by slug (public), keeps GET /api/products/:id, and answers 404 in pt-BR', async () => {
    const created = (await call('POST', '/api/admin/products', { ...ring, name: 'Pulseira Riviera' }, admin)).json();
    const bySlug = await call('GET', '/api/products/by-slug/pulseira-riviera');
    expect(bySlug.statusCode).toBe(200);
    expect(productSchema.parse(bySlug.json())).toMatchObject({ id: created.id, name: 'Pulseira Riviera' });
    expect((await call('GET', `/api/products/${created.id}`)).json().slug).toBe('pulseira-riviera');
    const missing = await call('GET', '/api/products/by-slug/nao-existe');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Produto não encontrado');
    expect((await call('GET', '/api/products/by-slug/N%C3%A3o%20V%C3%A1lido')).statusCode).toBe(400);
  });
});

describe('PUT /api/admin/products/:id/images', () => {
  it('sets the gallery in order, makes the first the cover, and audits it', async () => {
    const product = (await call('POST', '/api/admin/products', { ...ring, name: 'Colar Galeria' }, admin)).json();
    const [a, b, c] = [await upload(), await upload(), await upload()];
    const response = await call('PUT', `/api/admin/products/${product.id}/images`, { images: [{ key: b, alt: 'Colar de frente' }, { key: a, alt: 'Fecho' }, { key: c, alt: 'No pescoço' }] }, admin);
    expect(response.statusCode).toBe(200);
    const body = productSchema.parse(response.json());
    expect(body.images.map((image) => image.alt)).toEqual(['Colar de frente', 'Fecho', 'No pescoço']);
    expect(body.images[0]!.url.endsWith(b)).toBe(true);
    expect(body.imageUrl?.endsWith(b)).toBe(true);
    const logs = await sql(service, `select action from admin_logs where action = 'product_gallery_updated' and details->>'productId' = ?`, [product.id]);
    expect(logs).toHaveLength(1);

    const reordered = (await call('PUT', `/api/admin/products/${product.id}/images`, { images: [{ key: c, alt: 'No pescoço' }] }, admin)).json();
    expect(reordered.images).toHaveLength(1);
    expect(reordered.imageUrl.endsWith(c)).toBe(true);
  });

  it('refuses more than 8 images, a missing alt text, an unknown image, and callers who are not admins', async () => {
    const product = (await call('POST', '/api/admin/products', { ...ring, name: 'Brinco Regras' }, admin)).json();
    const key = await upload();
    const nine = Array.from({ length: 9 }, (_, index) => ({ key: `${key}?${index}`, alt: 'x' }));
    const tooMany = await call('PUT', `/api/admin/products/${product.id}/images`, { images: nine }, admin);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().issues).toContainEqual({ path: 'body.images', message: 'No máximo 8 imagens por produto' });
    const noAlt = await call('PUT', `/api/admin/products/${product.id}/images`, { images: [{ key, alt: '   ' }] }, admin);
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json().issues).toContainEqual({ path: 'body.images.0.alt', message: 'Descreva a imagem (texto alternativo)' });
    const unknown = await call('PUT', `/api/admin/products/${product.id}/images`, { images: [{ key: 'products/1700000000000-abcdef123456.png', alt: 'x' }] }, admin);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('image_not_found');
    expect((await call('PUT', `/api/admin/products/${product.id}/images`, { images: [] })).statusCode).toBe(401);
    expect((await call('PUT', `/api/admin/products/${product.id}/images`, { images: [] }, customer)).statusCode).toBe(403);
  });
});

it('the migration backfills unique slugs in creation order and a gallery from each cover', async () => {
  const database = await createDatabase();
  const orm = await MikroORM.init(ormConfig(database.url));
  try {
    await orm.migrator.up({ to: 'Migration20261127110000_release_health' });
    const connection = orm.em.getConnection();
    const insert = (name: string, created: string, image: string | null) =>
      connection.execute(
        `insert into products (id, name, category, price_cents, image_key, created_at, updated_at) values (gen_random_uuid(), ?, 'aneis', 100, ?, ?, ?)`,
        [name, image, created, created],
      );
    await insert('Anel Ônix', '2026-01-02T00:00:00Z', null);
    await insert('Anel Ônix', '2026-01-01T00:00:00Z', 'products/a.svg');
    await insert('Colar Lua', '2026-01-03T00:00:00Z', 'products/b.svg');
    await orm.migrator.up();
    expect(await connection.execute(`select name, slug, image_key from products order by created_at`)).toEqual([
      { name: 'Anel Ônix', slug: 'anel-onix', image_key: 'products/a.svg' },
      { name: 'Anel Ônix', slug: 'anel-onix-2', image_key: null },
      { name: 'Colar Lua', slug: 'colar-lua', image_key: 'products/b.svg' },
    ]);
    expect(await connection.execute(`select i.image_key, i.alt, i.position from product_images i order by i.image_key`)).toEqual([
      { image_key: 'products/a.svg', alt: 'Anel Ônix', position: 0 },
      { image_key: 'products/b.svg', alt: 'Colar Lua', position: 0 },
    ]);
    // The schema matches the entities (MikroORM always re-emits triggers, so those lines are left out).
    const diff = (await orm.schema.getUpdateSchemaSQL({ wrap: false })).split('\n').filter((line) => !/trigger|function/.test(line));
    expect(diff.filter((line) => /product_images|slug/.test(line))).toEqual([]);
  } finally {
    await orm.close();
    await database.drop();
  }
});
