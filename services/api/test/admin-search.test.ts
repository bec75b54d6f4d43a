/**
 * Global search (admin.md 2, 7) on real PostgreSQL with unaccent and pg_trgm: case and
 * accents do not matter, substrings match ('colar' finds 'Colares'), small typos match, results
 * come grouped (products, orders, users) within their limits (5, 3, 3), archived products and
 * erased accounts never show, and a term shorter than 2 characters is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalSearchResultSchema, productSchema, type SearchResult } from '@prata/contracts';
import { account, bearer, signIn, signUpConfirmed, uniqueEmail, type SignedIn } from './accounts.ts';
import { placeOrder } from './admin-fixtures.ts';
import { createTestService, type TestService } from './helpers.ts';

let service: TestService;
let admin: SignedIn;
let orderNumber: string;
let trio: string;

async function search(q: string): Promise<SearchResult[]> {
  const response = await service.app.inject({ method: 'GET', url: `/api/admin/search?q=${encodeURIComponent(q)}`, headers: bearer(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return globalSearchResultSchema.parse(response.json()).results;
}

const titles = (results: SearchResult[], type: SearchResult['type']) => results.filter((r) => r.type === type).map((r) => r.title);

async function product(name: string, category = 'conjuntos') {
  const response = await service.app.inject({ method: 'POST', url: '/api/admin/products', headers: bearer(admin), payload: { name, category, priceCents: 9_990, stock: 10 } });
  return productSchema.parse(response.json());
}

beforeAll(async () => {
  service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0' });
  admin = await account(service, ['admin'], 'admin');
  trio = (await product('Trio de Colares Finos')).id;
  await product('Acessório Pulseira Élfica', 'pulseiras');
  await product('Par de Tornozeleiras', 'pulseiras');
  const email = uniqueEmail('joao.conceicao');
  await signUpConfirmed(service, email, 'segredo123', 'João Conceição');
  const joao = await signIn(service, email, 'segredo123');
  const order = await placeOrder(service, joao, [{ productId: trio, quantity: 1 }], 'credit-card', { fullName: 'João Conceição', email });
  orderNumber = order.number;
});
afterAll(async () => service?.close());

describe('GET /api/admin/search', () => {
  it("finds products whatever the case and accents: 'anel', 'ANEL' and 'ânel' find the rings", async () => {
    for (const term of ['anel', 'ANEL', 'ânel']) {
      const rings = titles(await search(term), 'product');
      expect(rings.length).toBe(5);
      expect(rings.every((name) => /anel/i.test(name.normalize('NFD').replace(/\p{M}/gu, '')))).toBe(true);
    }
  });

  it("finds plurals from the singular ('colar' -> 'Colares', 'tornozeleira' -> 'Tornozeleiras') and 'Acessório Pulseira Élfica' from 'acessorio elfica'", async () => {
    const necklaces = await search('colar');
    expect(necklaces.filter((r) => r.type === 'product')).toHaveLength(5);
    expect(necklaces.filter((r) => r.type === 'product').every((r) => /colar/i.test(r.title) || r.subtitle === 'Colares')).toBe(true);
    expect(titles(await search('colares finos'), 'product')).toEqual(['Trio de Colares Finos']);
    expect(titles(await search('tornozeleira'), 'product')).toEqual(['Par de Tornozeleiras']);
    expect(titles(await search('acessorio'), 'product')).toEqual(['Acessório Pulseira Élfica']);
    expect(titles(await search('ELFICA'), 'product')).toEqual(['Acessório Pulseira Élfica']);
  });

  it('tolerates a small typo (trigram word similarity)', async () => {
    expect(titles(await search('acessorrio'), 'product')).toContain('Acessório Pulseira Élfica');
  });

  it('finds orders by number and by customer name, users by name without accents; subtitles carry e-mail and role', async () => {
    const byNumber = await search(orderNumber);
    expect(byNumber.filter((r) => r.type === 'order')).toEqual([expect.objectContaining({ title: `Pedido ${orderNumber}`, subtitle: expect.stringContaining('João Conceição') })]);
    const byName = await search('joao conceicao');
    expect(titles(byName, 'order')).toContain(`Pedido ${orderNumber}`);
    expect(byName.filter((r) => r.type === 'user')).toEqual([expect.objectContaining({ title: 'João Conceição', subtitle: expect.stringMatching(/@exemplo\.com\.br · Usuário$/) })]);
    expect((await search('admin.')).filter((r) => r.type === 'user')[0]?.subtitle).toMatch(/ · Administrador$/);
  });

  it('groups products, then orders, then users, within 5 / 3 / 3', async () => {
    const buyer = await account(service, [], 'comprador.limite');
    for (let i = 0; i < 4; i += 1) await placeOrder(service, buyer, [{ productId: trio, quantity: 1 }], 'credit-card', { fullName: 'Cliente Limite' });
    for (let i = 0; i < 4; i += 1) await signUpConfirmed(service, uniqueEmail('limite'), 'segredo123', `Limite Pessoa ${i}`);
    await product('Anel Limite');
    const results = await search('limite');
    expect(results.map((r) => r.type)).toEqual(['product', 'order', 'order', 'order', 'user', 'user', 'user']);
  });

  it('leaves archived products out', async () => {
    const old = await product('Broche Esquecido');
    expect(titles(await search('broche'), 'product')).toEqual(['Broche Esquecido']);
    await service.app.inject({ method: 'DELETE', url: `/api/admin/products/${old.id}`, headers: bearer(admin) });
    expect(titles(await search('broche'), 'product')).toEqual([]);
  });

  it('returns an empty list when nothing matches, treats % and _ as text, and refuses fewer than 2 characters', async () => {
    expect(await search('zzqxwv')).toEqual([]);
    expect(await search('%%')).toEqual([]);
    const short = await service.app.inject({ method: 'GET', url: '/api/admin/search?q=%20a%20', headers: bearer(admin) });
    expect(short.statusCode).toBe(400);
    expect(short.json().issues).toContainEqual({ path: 'querystring.q', message: 'Digite pelo menos 2 caracteres' });
  });
});
