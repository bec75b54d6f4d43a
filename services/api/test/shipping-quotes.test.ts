/**
 * Freight quotes by CEP, `POST /api/shipping/quotes`: priced by Melhor Envio's API
 * (a local double of its documented quote, melhor-envio-double.ts, whose prices the test knows),
 * or by the store's freight table by region when the carrier is slow, failing or not configured
 * (the seeded table: North PAC R$ 39,90 up to 1 kg + R$ 9,00 per further kg), with the store's
 * handling day added, free shipping from the owner's threshold in the chosen regions, and every
 * price from the database. The free-shipping setting's route checks roles and input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Product } from '../src/modules/catalogue/index.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { createTestService, type TestService } from './helpers.ts';
import { MelhorEnvioDouble, melhorEnvioDoublePrice } from './melhor-envio-double.ts';
import { createProduct } from './shop.ts';

const MANAUS = '69005-010';
const SAO_PAULO = '01310-100';
const clock = { now: () => new Date() };
const double = new MelhorEnvioDouble();
let service: TestService;
let admin: SignedIn;
let ring: { id: string; priceCents: number };
let heavy: { id: string; priceCents: number };

const quote = (zipCode: string, items: object[], on: TestService = service) =>
  on.app.inject({ method: 'POST', url: '/api/shipping/quotes', payload: { zipCode, items } });

beforeAll(async () => {
  await double.start();
  service = await createTestService({ CARRIER: 'melhorenvio', MELHOR_ENVIO_TOKEN: double.token, MELHOR_ENVIO_URL: double.url, CARRIER_TIMEOUT_MS: '1000', SHIPPING_ORIGIN_CEP: '01001-000' });
  admin = await account(service, ['admin'], 'admin');
  ring = await createProduct(service, clock, 5, 18_990);
  heavy = await createProduct(service, clock, 5, 9_990);
  const em = service.db.orm.em.fork();
  await em.nativeUpdate(Product, { id: heavy.id }, { weightGrams: 600 });
});
afterAll(async () => {
  await service?.close();
  await double.stop();
});

describe('quotes from the carrier', () => {
  it('sends the package built on the server and answers each service with the handling day added', async () => {
    const response = await quote(MANAUS, [{ productId: ring.id, quantity: 2 }]);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // 100 g of packaging + 2 pieces of the default 30 g.
    const weightKg = 0.16;
    expect(double.requests.at(-1)!.body).toEqual({
      from: { postal_code: '01001000' },
      to: { postal_code: '69005010' },
      package: { height: 6, width: 11, length: 16, weight: weightKg },
      options: { insurance_value: 379.8, receipt: false, own_hand: false },
    });
    expect(double.requests.at(-1)!.headers['user-agent']).toMatch(/^Prata 925 \(.+@.+\)$/);
    expect(body).toMatchObject({ zipCode: MANAUS, state: 'AM', region: 'N', source: 'carrier', freeShippingThresholdCents: null });
    // Cheapest first; the service the carrier cannot run on this route is left out.
    expect(body.options).toEqual([
      { serviceId: 'melhorenvio-1', carrier: 'Correios', name: 'PAC', priceCents: melhorEnvioDoublePrice(1, weightKg, '69005010'), minDays: 5, maxDays: 8 },
      { serviceId: 'melhorenvio-3', carrier: 'Jadlog', name: '.Package', priceCents: melhorEnvioDoublePrice(3, weightKg, '69005010'), minDays: 4, maxDays: 7 },
      { serviceId: 'melhorenvio-2', carrier: 'Correios', name: 'SEDEX', priceCents: melhorEnvioDoublePrice(2, weightKg, '69005010'), minDays: 2, maxDays: 4 },
    ]);
    expect(body.options[0].priceCents).toBe(Math.round((18.5 + 6 * 0.16) * 1.4 * 100));
  });

  it('falls back to the freight table, and says so, when the carrier is slower than its timeout or failing', async () => {
    double.delayMs = 2500;
    const slow = (await quote(MANAUS, [{ productId: ring.id, quantity: 1 }])).json();
    double.delayMs = 0;
    expect(slow.source).toBe('table');
    expect(slow.options).toEqual([
      { serviceId: 'tabela-pac', carrier: 'Correios', name: 'PAC', priceCents: 3990, minDays: 10, maxDays: 16 },
      { serviceId: 'tabela-sedex', carrier: 'Correios', name: 'SEDEX', priceCents: 6890, minDays: 5, maxDays: 8 },
    ]);
    double.failWith = 500;
    const failing = (await quote(SAO_PAULO, [{ productId: heavy.id, quantity: 2 }])).json();
    double.failWith = null;
    // 100 + 2 x 600 g = 1.3 kg: one further kilogram on the Southeast's R$ 19,90 / R$ 4,50.
    expect([failing.source, failing.region, failing.options[0].priceCents]).toEqual(['table', 'SE', 1990 + 450]);
  });
});

describe('validation', () => {
  it('refuses a CEP in no state, an unknown product and an empty cart in Portuguese', async () => {
    const nowhere = await quote('00000-000', [{ productId: ring.id, quantity: 1 }]);
    expect([nowhere.statusCode, nowhere.json().message]).toEqual([400, 'CEP inválido. Confira o número.']);
    const unknown = await quote(SAO_PAULO, [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }]);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Produto não encontrado']);
    const empty = await quote(SAO_PAULO, []);
    expect([empty.statusCode, empty.json().issues[0].message]).toEqual([400, 'Carrinho vazio']);
    const malformed = await quote('1234', [{ productId: ring.id, quantity: 0 }]);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().issues.map((issue: { message: string }) => issue.message).sort()).toEqual(['CEP inválido. Use o formato 00000-000', 'Quantidade inválida']);
  });
});

describe('free shipping', () => {
  const setting = (payload: object, who?: SignedIn) =>
    service.app.inject({ method: 'PUT', url: '/api/admin/settings/free-shipping', headers: who ? bearer(who) : {}, payload });

  it('is set by an admin only, with its input checked', async () => {
    expect((await setting({ thresholdCents: 20_000, regions: ['SE'] })).statusCode).toBe(401);
    expect((await setting({ thresholdCents: 20_000, regions: ['SE'] }, await account(service))).statusCode).toBe(403);
    const bad = await setting({ thresholdCents: 0, regions: [] }, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((issue: { message: string }) => issue.message).sort()).toEqual(['Escolha ao menos uma região', 'O valor mínimo deve ser maior que zero']);
    const saved = await setting({ thresholdCents: 20_000, regions: ['SE', 'S'] }, admin);
    expect(saved.json()).toEqual({ thresholdCents: 20_000, regions: ['SE', 'S'] });
    expect((await service.app.inject({ method: 'GET', url: '/api/admin/settings/free-shipping', headers: bearer(admin) })).json()).toEqual({ thresholdCents: 20_000, regions: ['SE', 'S'] });
  });

  it('makes the cheapest option free from the threshold, in its regions only', async () => {
    const below = (await quote(SAO_PAULO, [{ productId: ring.id, quantity: 1 }])).json();
    expect(below.options[0].priceCents).toBeGreaterThan(0);
    const reached = (await quote(SAO_PAULO, [{ productId: ring.id, quantity: 2 }])).json();
    expect(reached.freeShippingThresholdCents).toBe(20_000);
    expect(reached.options.map((option: { priceCents: number }) => option.priceCents === 0)).toEqual([true, false, false]);
    const north = (await quote(MANAUS, [{ productId: ring.id, quantity: 2 }])).json();
    expect(north.options.every((option: { priceCents: number }) => option.priceCents > 0)).toBe(true);
  });
});

describe('the freight table', () => {
  const rates = (who?: SignedIn) => service.app.inject({ method: 'GET', url: '/api/admin/shipping/freight-rates', headers: who ? bearer(who) : {} });
  const save = (payload: unknown, who?: SignedIn) => service.app.inject({ method: 'PUT', url: '/api/admin/shipping/freight-rates', headers: who ? bearer(who) : {}, payload: payload as object });

  it('is read and replaced by admins only; a change prices the next table quote', async () => {
    expect((await rates()).statusCode).toBe(401);
    expect((await rates(await account(service))).statusCode).toBe(403);
    const table = (await rates(admin)).json() as { region: string; service: string; baseCents: number; minDays: number; maxDays: number }[];
    expect(table.map((row) => `${row.region}/${row.service}`)).toEqual(['N/PAC', 'N/SEDEX', 'NE/PAC', 'NE/SEDEX', 'CO/PAC', 'CO/SEDEX', 'SE/PAC', 'SE/SEDEX', 'S/PAC', 'S/SEDEX']);

    const incomplete = await save(table.slice(1), admin);
    expect([incomplete.statusCode, incomplete.json().issues[0].message]).toEqual([400, 'A tabela precisa de uma linha por região e serviço']);
    const inverted = await save(table.map((row, index) => (index === 0 ? { ...row, minDays: 9, maxDays: 3 } : row)), admin);
    expect(inverted.json().issues[0].message).toBe('O prazo mínimo não pode passar do máximo');
    expect((await save(table, await account(service))).statusCode).toBe(403);

    const saved = await save(table.map((row) => (row.region === 'N' && row.service === 'PAC' ? { ...row, baseCents: 4500 } : row)), admin);
    expect(saved.statusCode).toBe(200);
    double.failWith = 503;
    const north = (await quote(MANAUS, [{ productId: ring.id, quantity: 1 }])).json();
    double.failWith = null;
    expect([north.source, north.options[0].priceCents]).toEqual(['table', 4500]);
  });
});

describe('the PIX discount and the public offers', () => {
  it('is set by admins in whole percent up to 30 and shown with free shipping in the public offers', async () => {
    const save = (payload: object, who?: SignedIn) => service.app.inject({ method: 'PUT', url: '/api/admin/settings/pix-discount', headers: who ? bearer(who) : {}, payload });
    expect((await save({ percent: 5 })).statusCode).toBe(401);
    expect((await save({ percent: 5 }, await account(service))).statusCode).toBe(403);
    const tooMuch = await save({ percent: 31 }, admin);
    expect([tooMuch.statusCode, tooMuch.json().issues[0].message]).toEqual([400, 'O desconto no PIX deve ser de no máximo 30%']);
    expect((await save({ percent: 2.5 }, admin)).json().issues[0].message).toBe('Informe uma porcentagem inteira');
    expect((await save({ percent: 5 }, admin)).json()).toEqual({ percent: 5 });
    const offers = await service.app.inject({ method: 'GET', url: '/api/store-offers' });
    // Free shipping as the test above left it.
    expect(offers.json()).toEqual({ pixDiscountPercent: 5, freeShippingThresholdCents: 20_000, freeShippingRegions: ['SE', 'S'], installments: { maxInstallments: 12, minInstallmentCents: 500, interestFreeInstallments: 12, monthlyInterestPercent: 0 }, giftWrap: { enabled: true, priceCents: 990 } });
  });
});

describe("the store's carrier quota (security review 2026-11-29 #18)", () => {
  it('asks the carrier once per package and route and, past CARRIER_QUOTES_UPSTREAM_PER_MINUTE calls, quotes from the table without calling it', async () => {
    const budgeted = await createTestService({ CARRIER: 'melhorenvio', MELHOR_ENVIO_TOKEN: double.token, MELHOR_ENVIO_URL: double.url, SHIPPING_ORIGIN_CEP: '01001-000', CARRIER_QUOTES_UPSTREAM_PER_MINUTE: '1' });
    try {
      const product = await createProduct(budgeted, clock, 5, 7_000);
      const before = double.requests.length;
      const first = (await quote(MANAUS, [{ productId: product.id, quantity: 1 }], budgeted)).json();
      const again = (await quote(MANAUS, [{ productId: product.id, quantity: 1 }], budgeted)).json();
      expect([first.source, again.source]).toEqual(['carrier', 'carrier']);
      expect(again.options).toEqual(first.options);
      expect(double.requests.length).toBe(before + 1);
      // Another package (two pieces): the budget of this minute (1 call) is spent, so the table, and no call.
      const spent = (await quote(MANAUS, [{ productId: product.id, quantity: 2 }], budgeted)).json();
      expect([spent.source, spent.region]).toEqual(['table', 'N']);
      expect(double.requests.length).toBe(before + 1);
    } finally {
      await budgeted.close();
    }
  });
});

describe('CARRIER=table (the default)', () => {
  it('prices every quote by the freight table without calling anyone', async () => {
    const tableOnly = await createTestService();
    try {
      const product = await createProduct(tableOnly, clock, 1, 5_000);
      const before = double.requests.length;
      const body = (await quote('90010-000', [{ productId: product.id, quantity: 1 }], tableOnly)).json();
      expect([body.state, body.region, body.source, body.options.map((option: { priceCents: number }) => option.priceCents)]).toEqual(['RS', 'S', 'table', [2490, 3790]]);
      expect(double.requests.length).toBe(before);
    } finally {
      await tableOnly.close();
    }
  });
});
