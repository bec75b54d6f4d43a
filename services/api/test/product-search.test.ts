/**
 * Search as shoppers type it against real PostgreSQL and the seeded demo catalogue:
 * `GET /api/products?search=` ignores accents and case, needs every word in any order, tolerates
 * a one-letter typo, ranks name matches first and combines with the category; the search bar's
 * `GET /api/products/suggestions?q=` answers product names with their slugs and categories; the
 * public lists' cache stays right for searches; the text index serves the search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_LABELS, PRODUCT_SUGGESTIONS_LIMIT, productListSchema, productSuggestionsSchema, type Product } from '@prata/contracts';
import { SEARCH_TEXT_SQL } from '../src/modules/catalogue/product-search.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { createTestService, type TestService } from './helpers.ts';

let service: TestService;
let admin: SignedIn;
let all: Product[];

/** Lower case without accents, as JavaScript's Unicode normalisation gives it (independent of PostgreSQL's unaccent). */
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** What a word may match: name, description, stored category and its label. */
const textOf = (p: Product) => plain(`${p.name} ${p.description ?? ''} ${p.category} ${CATEGORY_LABELS[p.category]}`);
const ids = (products: { id: string }[]) => products.map((p) => p.id).sort();

async function list(query: string): Promise<Product[]> {
  const response = await service.app.inject({ method: 'GET', url: `/api/products?${query}` });
  expect(response.statusCode).toBe(200);
  return productListSchema.parse(response.json());
}

async function suggest(q: string) {
  const response = await service.app.inject({ method: 'GET', url: `/api/products/suggestions?q=${encodeURIComponent(q)}` });
  expect(response.statusCode).toBe(200);
  return productSuggestionsSchema.parse(response.json());
}

/**
 * The rank tier of a found product for `words` (the order the service promises): the name is the
 * search (0), starts with it (1), has a word starting with each word (2), contains each word (3),
 * or not (4).
 */
function tier(product: Product, words: string[]): number {
  const name = plain(product.name);
  const whole = words.join(' ');
  if (name === whole) return 0;
  if (name.startsWith(whole)) return 1;
  if (words.every((word) => ` ${name}`.includes(` ${word}`))) return 2;
  if (words.every((word) => name.includes(word))) return 3;
  return 4;
}

beforeAll(async () => {
  service = await createTestService();
  admin = await account(service, ['admin'], 'admin');
  all = await list('');
});
afterAll(async () => service?.close());

describe('GET /api/products?search= as shoppers type it', () => {
  it('refuses a NUL character in the search or the suggestions with a 400 in Portuguese (PostgreSQL text cannot hold it)', async () => {
    for (const url of ['/api/products?search=anel%00', '/api/products/suggestions?q=%00']) {
      const response = await service.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ error: 'validation', message: 'Dados inválidos', issues: [{ message: 'Caractere inválido' }] });
    }
  });

  it('ignores accents and case: zirconia, ZIRCONIA and Zircônia find the same pieces', async () => {
    const expected = all.filter((p) => textOf(p).includes('zirconia'));
    expect(expected.length).toBeGreaterThan(3);
    for (const term of ['zirconia', 'ZIRCONIA', 'Zircônia', 'ZIRCÔNIA']) expect(ids(await list(`search=${encodeURIComponent(term)}`))).toEqual(ids(expected));
  });

  it('needs every word, in any order, each in the name, description or category label', async () => {
    const expected = all.filter((p) => textOf(p).includes('zirconia') && textOf(p).includes('brinco'));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.filter((p) => textOf(p).includes('zirconia')).length);
    expect(ids(await list('search=brinco%20zirconia'))).toEqual(ids(expected));
    expect(ids(await list('search=zirconia%20%20BRINCO'))).toEqual(ids(expected));
    // 'aneis' is only ever the category's value / label 'Anéis', never in a ring's own text.
    const rings = all.filter((p) => p.category === 'aneis' && textOf(p).includes('zirconia'));
    expect(ids(await list('search=aneis%20zirconia'))).toEqual(ids(rings));
  });

  it('ranks the name first: equal, then starting with the search, then words starting name words, then the description', async () => {
    for (const term of ['zirconia', 'brinco zirconia', 'anel', 'zirconia verde', 'ponto de luz']) {
      const found = await list(`search=${encodeURIComponent(term)}`);
      expect(found.length, term).toBeGreaterThan(0);
      const tiers = found.map((p) => tier(p, plain(term).split(' ')));
      expect(tiers, term).toEqual([...tiers].sort((a, b) => a - b));
    }
    const named = all.find((p) => p.name.includes('Solitário'))!;
    const exact = await list(`search=${encodeURIComponent(plain(named.name).toUpperCase())}`);
    expect(exact[0]!.id).toBe(named.id);
    const found = await list('search=zirconia');
    expect(tier(found[0]!, ['zirconia'])).toBe(2);
    expect(tier(found.at(-1)!, ['zirconia'])).toBe(4);
  });

  it('tolerates a one-letter typo when nothing matches as typed', async () => {
    expect(all.some((p) => textOf(p).includes('zirconea') || textOf(p).includes('solitaro'))).toBe(false);
    const zirconia = await list('search=zirconea');
    const named = all.filter((p) => plain(p.name).includes('zirconia'));
    expect(ids(zirconia)).toEqual(expect.arrayContaining(ids(named)));
    expect(zirconia.every((p) => textOf(p).includes('zirconi'))).toBe(true);
    expect(tier(zirconia[0]!, ['zirconia'])).toBeLessThanOrEqual(2);

    const solitaire = await list('search=solitaro');
    expect(solitaire.length).toBeGreaterThan(0);
    expect(plain(solitaire[0]!.name)).toContain('solitario');
    expect(solitaire.every((p) => textOf(p).includes('solitario'))).toBe(true);

    const typoWithWord = await list('search=brinco%20zirconea');
    expect(typoWithWord.length).toBeGreaterThan(0);
    expect(typoWithWord.every((p) => textOf(p).includes('brinco') && textOf(p).includes('zirconi'))).toBe(true);
    expect(await list('search=xqzwv')).toEqual([]);
  });

  it('combines the search with the category filter, typos included', async () => {
    const expected = all.filter((p) => p.category === 'aneis' && textOf(p).includes('zirconia'));
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(await list('search=ZIRCONIA&category=aneis'))).toEqual(ids(expected));
    const typo = await list('search=zirconea&category=brincos');
    expect(typo.length).toBeGreaterThan(0);
    expect(typo.every((p) => p.category === 'brincos')).toBe(true);
    expect(await list('search=solitaro&category=colares')).toEqual([]);
  });

  it('keeps the cache right: searches differing in case share an entry that a new product drops', async () => {
    const before = await list('search=zirconia');
    const cached = await service.app.inject({ method: 'GET', url: '/api/products?search=ZIRCONIA' });
    expect(ids(productListSchema.parse(cached.json()))).toEqual(ids(before));
    const created = await service.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: bearer(admin),
      payload: { name: 'Brinco Lua Zircônia Teste', category: 'brincos', priceCents: 9_990, description: 'Prata 925', stock: 2 },
    });
    expect(created.statusCode).toBe(201);
    const after = await list('search=ZIRCONIA');
    expect(after.map((p) => p.id)).toContain(created.json().id);
    expect((await suggest('lua zirc')).products.map((p) => p.name)).toContain('Brinco Lua Zircônia Teste');
    await service.app.inject({ method: 'DELETE', url: `/api/admin/products/${created.json().id}`, headers: bearer(admin) });
    expect((await list('search=zirconia')).map((p) => p.id)).not.toContain(created.json().id);
  });

  it('is served by the trigram index on name and description', async () => {
    const plan = await service.db.orm.em.fork().transactional(async (tx) => {
      await tx.execute('set local enable_seqscan = off');
      return tx.execute<{ 'QUERY PLAN': string }[]>(`explain select p.id from products p where ${SEARCH_TEXT_SQL} like search_normalize(?)`, ['%zirconia%']);
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('products_text_search_index');
  });

  it('refuses an over-long search with a pt-BR message', async () => {
    const response = await service.app.inject({ method: 'GET', url: `/api/products?search=${'a'.repeat(101)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].message).toBe('Termo de busca muito longo');
  });
});

describe('GET /api/products/suggestions', () => {
  it('answers product names with their page slug, best match first, at most 6', async () => {
    const found = await suggest('zirc');
    expect(found.products).toHaveLength(PRODUCT_SUGGESTIONS_LIMIT);
    expect(found.products.every((p) => plain(p.name).includes('zirc'))).toBe(true);
    for (const product of found.products) expect(all.find((p) => p.slug === product.slug)?.name).toBe(product.name);
    const named = all.find((p) => p.name.includes('Solitário'))!;
    expect((await suggest('ANEL SOLITARIO')).products[0]).toEqual({ slug: named.slug, name: named.name, category: named.category });
  });

  it('tolerates accents, case and a typo, like the search', async () => {
    const typo = await suggest('solitaro');
    expect(plain(typo.products[0]!.name)).toContain('solitario');
    const pulseiras = await suggest('pulceira');
    expect(pulseiras.products.length).toBeGreaterThan(0);
    expect(pulseiras.products.every((p) => textOf(all.find((q) => q.slug === p.slug)!).includes('pulseira'))).toBe(true);
    expect(pulseiras.categories).toEqual([{ value: 'pulseiras', label: 'Pulseiras' }]);
  });

  it('suggests the categories a typed word starts', async () => {
    expect((await suggest('an')).categories).toEqual([{ value: 'aneis', label: 'Anéis' }]);
    expect((await suggest('ANÉ')).categories).toEqual([{ value: 'aneis', label: 'Anéis' }]);
    const earrings = await suggest('brinco zirconia');
    expect(earrings.categories).toEqual([{ value: 'brincos', label: 'Brincos' }]);
    expect(earrings.products.length).toBeGreaterThan(0);
    expect(earrings.products.every((p) => textOf(all.find((q) => q.slug === p.slug)!).includes('brinco'))).toBe(true);
    expect(await suggest('xqzwv')).toEqual({ products: [], categories: [] });
  });

  it('validates q with pt-BR messages', async () => {
    const long = await service.app.inject({ method: 'GET', url: `/api/products/suggestions?q=${'a'.repeat(101)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().issues[0].message).toBe('Termo de busca muito longo');
    const blank = await service.app.inject({ method: 'GET', url: '/api/products/suggestions?q=%20%20' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().issues[0].message).toBe('Digite o que procura');
    expect((await service.app.inject({ method: 'GET', url: '/api/products/suggestions' })).statusCode).toBe(400);
  });
});
