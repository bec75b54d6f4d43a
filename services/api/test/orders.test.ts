/**
 * Orders against real PostgreSQL: prices from the database (tampered prices
 * ignored), availability (stock minus other shoppers' reservations; own reservations consumed),
 * races for the last units, idempotent retries, the three payment methods (cards through the
 * sandbox acquirer's token, never the number; PIX checked with an independent EMV parser and
 * CRC16; boleto line checked with an independent validator), expiry of unpaid orders, declined
 * cards, and domain events published only after commit.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidBoleto } from '@brazilian-utils/brazilian-utils';
import { ORDER_CODE_PATTERN, orderHistoryCursor, orderSchema, type Order as OrderDto } from '@prata/contracts';
import { DomainEventRecord } from '../src/events/domain-event.entity.ts';
import type { DomainEvent } from '../src/events/event-bus.ts';
import { Order } from '../src/modules/orders/order.entities.ts';
import { ProductReservation } from '../src/modules/catalogue/reservation.entity.ts';
import { account, accounts, bearer, type SignedIn } from './accounts.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';
import { CPF, createProduct, customer, offerFreeShipping, placeOrder, tableDeliveryDays, sandboxCard, stockOf as stockOfProduct } from './shop.ts';

// A Friday 10:00 in São Paulo: boleto due 3 business days later is the next Wednesday.
const clock = new TestClock(Date.parse('2026-11-20T13:00:00Z'));
let service: TestService;
let buyer: SignedIn;
const events: DomainEvent[] = [];

const card = (who: SignedIn, number?: string, installments?: number) => sandboxCard(service, who, number, installments);
const product = (stock: number, priceCents = 15990) => createProduct(service, clock, stock, priceCents);
const order = (who: SignedIn, body: object, key?: string) => placeOrder(service, who, body, key);
const stockOf = (id: string) => stockOfProduct(service, id);

beforeAll(async () => {
  service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0', PIX_KEY: 'pix@prata925.com.br', ORDER_RATE_LIMIT_PER_MINUTE: '10000' }, clock);
  service.app.events.subscribe('*', async (event) => {
    if (!event.type.startsWith('Order')) return; // other modules' events (e.g. notifications) are not this file's concern
    // Subscribers run after commit: the order is already visible to another connection.
    const committed = await service.db.orm.em.fork().findOne(Order, { id: event.aggregateId });
    events.push({ ...event, payload: { ...event.payload, visible: Boolean(committed) } });
  });
  buyer = await account(service);
  await offerFreeShipping(service, buyer);
});
afterAll(async () => service?.close());

/** Independent EMV MPM parser: id(2) length(2) value. */
function tlv(payload: string): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < payload.length; ) {
    const id = payload.slice(i, i + 2);
    const length = Number(payload.slice(i + 2, i + 4));
    out.set(id, payload.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  return out;
}

/** Independent bitwise CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF). */
function crc16(data: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(data, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

describe('placing an order', () => {
  it('charges a card, takes prices from the database and stores only brand and last 4', async () => {
    const chain = await product(5, 15990);
    const ring = await product(5, 8990);
    events.length = 0;
    const response = await order(buyer, {
      items: [
        { productId: chain.id, quantity: 2, priceCents: 1 },
        { productId: ring.id, quantity: 1, unitPrice: 0.01 },
      ],
      customer,
      payment: await card(buyer),
      totalCents: 1,
    });
    expect(response.statusCode, response.body).toBe(201);
    const placed = orderSchema.parse(response.json());
    expect(placed.status).toBe('paid');
    expect(placed.totalCents).toBe(2 * 15990 + 8990);
    expect(placed.number).toMatch(ORDER_CODE_PATTERN);
    expect(placed.items).toEqual(
      expect.arrayContaining([
        // Products without options: no variant on the line.
        { productId: chain.id, productName: chain.name, variantId: null, sku: null, variantLabel: null, quantity: 2, unitPriceCents: 15990, totalPriceCents: 31980, engraving: null },
        { productId: ring.id, productName: ring.name, variantId: null, sku: null, variantLabel: null, quantity: 1, unitPriceCents: 8990, totalPriceCents: 8990, engraving: null },
      ]),
    );
    // R$ 409,70 in 3x without interest: 40970 / 3 = 13656.67 -> 13656, the last absorbing the
    // leftover cents: 40970 - 2 x 13656 = 13658 (adds up exactly; before the instalment rules the
    // first instalments carried them: 136,57 + 136,57 + 136,56).
    expect(placed.payment.card).toEqual({ brand: 'Visa', last4: '1111', installments: 3, installmentAmounts: [13656, 13656, 13658] });
    // The Southeast's cheapest option of the freight table (free shipping is on in this file).
    expect(placed.delivery).toEqual({ ...(await tableDeliveryDays(service, 'SE')), productionDays: 0 });
    expect(placed.shippingService).toEqual({ serviceId: 'tabela-pac', carrier: 'Correios', name: 'PAC' });
    expect(await stockOf(chain.id)).toBe(3);
    expect(await stockOf(ring.id)).toBe(4);
    const [row] = await service.db.orm.em.fork().getConnection().execute('select row_to_json(o)::text as json from orders o where id = ?', [placed.id]);
    expect(row!.json).not.toContain('4111111111111111');
    expect(row!.json).not.toContain('"123"');
    expect(placed.timeline.map((t) => t.status)).toEqual(['pending', 'paid']);
    expect(events.map((e) => [e.type, e.payload.visible])).toEqual([
      ['OrderPlaced', true],
      ['OrderPaid', true],
    ]);
    const outbox = await service.db.orm.em.fork().find(DomainEventRecord, { aggregateId: placed.id });
    expect(outbox.every((e) => e.publishedAt !== null)).toBe(true);
  });

  it('refuses more units than are available, changing nothing and publishing nothing', async () => {
    const chain = await product(2);
    events.length = 0;
    const response = await order(buyer, { items: [{ productId: chain.id, quantity: 3 }], customer, payment: { method: 'pix' } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'insufficient_stock', message: `Estoque insuficiente para ${chain.name}.` });
    expect(await stockOf(chain.id)).toBe(2);
    expect(await service.db.orm.em.fork().count(Order, { items: { product: chain.id } })).toBe(0);
    expect(events).toEqual([]);
  });

  it("counts other shoppers' reservations and consumes the buyer's own", async () => {
    const other = await account(service);
    const last = await product(1);
    await service.app.inject({ method: 'POST', url: '/api/reservations', headers: bearer(other), payload: { productId: last.id } });
    expect((await order(buyer, { items: [{ productId: last.id, quantity: 1 }], customer, payment: await card(buyer) })).statusCode).toBe(409);

    const mine = await product(1);
    await service.app.inject({ method: 'POST', url: '/api/reservations', headers: bearer(buyer), payload: { productId: mine.id } });
    expect((await order(buyer, { items: [{ productId: mine.id, quantity: 1 }], customer, payment: await card(buyer) })).statusCode).toBe(201);
    expect(await service.db.orm.em.fork().count(ProductReservation, { product: mine.id, isActive: true })).toBe(0);
    expect(await stockOf(mine.id)).toBe(0);
  });

  it('lets exactly the available count of parallel checkouts buy the last units', async () => {
    const buyers = await accounts(service, 8);
    const scarce = await product(3);
    const payments = await Promise.all(buyers.map((who) => card(who)));
    const results = await Promise.all(buyers.map((who, i) => order(who, { items: [{ productId: scarce.id, quantity: 1 }], customer, payment: payments[i] })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
    expect(await stockOf(scarce.id)).toBe(0);
  });

  it('is idempotent: a retry with the same key returns the same order and charges once', async () => {
    const chain = await product(5);
    const key = randomUUID();
    const body = { items: [{ productId: chain.id, quantity: 1 }], customer, payment: await card(buyer) };
    const first = await order(buyer, body, key);
    const retry = await order(buyer, body, key);
    expect(retry.json().id).toBe(first.json().id);
    const parallel = await Promise.all([1, 2, 3].map(() => order(buyer, body, randomUUID() === key ? key : key)));
    expect(new Set(parallel.map((r) => r.json().id))).toEqual(new Set([first.json().id]));
    expect(await stockOf(chain.id)).toBe(4);
  });

  it('cancels the order and returns the stock when the card is declined', async () => {
    const chain = await product(2);
    const response = await order(buyer, { items: [{ productId: chain.id, quantity: 2 }], customer, payment: await card(buyer, '4000000000000002') });
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe('Pagamento recusado pela operadora. Verifique os dados do cartão ou use outra forma de pagamento.');
    expect(await stockOf(chain.id)).toBe(2);
    const cancelled = await service.db.orm.em.fork().findOneOrFail(Order, { items: { product: chain.id } });
    expect(cancelled.status).toBe('cancelled');
  });
});

describe('PIX', () => {
  let placed: OrderDto;
  let chainId: string;

  it('issues a BR Code payable within 30 minutes', async () => {
    const chain = await product(3, 12345);
    chainId = chain.id;
    const response = await order(buyer, { items: [{ productId: chain.id, quantity: 2 }], customer, payment: { method: 'pix' } });
    expect(response.statusCode, response.body).toBe(201);
    placed = orderSchema.parse(response.json());
    expect(placed.status).toBe('pending');
    const payload = placed.payment.pix!.payload;
    const fields = tlv(payload);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('53')).toBe('986');
    expect(fields.get('54')).toBe('246.90');
    expect(fields.get('58')).toBe('BR');
    expect(fields.get('59')).toBe('PRATA 925');
    expect(fields.get('60')).toBe('SAO PAULO');
    const account26 = tlv(fields.get('26')!);
    expect(account26.get('00')).toBe('br.gov.bcb.pix');
    expect(account26.get('01')).toBe('pix@prata925.com.br');
    expect(tlv(fields.get('62')!).get('05')).toBe(placed.number.replace('-', ''));
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
    expect(Date.parse(placed.payment.pix!.expiresAt) - clock.now().getTime()).toBe(30 * 60_000);
    expect(await stockOf(chain.id)).toBe(1);
  });

  it('expires after 30 minutes unpaid, returning the stock', async () => {
    events.length = 0;
    const { reconciliation } = service.app.orders;
    clock.advance(31 * 60_000);
    // Within the grace after the code's expiry the acquirer is not even asked.
    expect(await reconciliation.expireOverdue(service.db.orm.em.fork())).toBe(0);
    clock.advance(2 * 60_000);
    expect(await reconciliation.expireOverdue(service.db.orm.em.fork())).toBeGreaterThanOrEqual(1);
    const after = await service.app.inject({ method: 'GET', url: `/api/orders/${placed.id}`, headers: bearer(buyer) });
    expect(after.json().status).toBe('cancelled');
    expect(await stockOf(chainId)).toBe(3);
    expect(events.some((e) => e.type === 'OrderCancelled' && e.aggregateId === placed.id)).toBe(true);
  });
});

describe('a retried key whose charge went unrecorded', () => {
  it('charges the still-pending order under the same key: the PIX code comes back, one payment, one mail', async () => {
    // A shopper of its own: the order stays pending, and pending orders per account are capped.
    const shopper = await account(service);
    const chain = await product(2, 5000);
    const key = randomUUID();
    const body = { items: [{ productId: chain.id, quantity: 1 }], customer, payment: { method: 'pix' } };
    const first = orderSchema.parse((await order(shopper, body, key)).json());
    const sql = (text: string, params: unknown[] = []) => service.db.orm.em.getConnection().execute(text, params);
    const receivedMails = async () => ((await sql('select count(*)::int as n from outbox_emails where subject = ?', [`Pedido ${first.number} recebido`])) as { n: number }[])[0]!.n;
    expect(await receivedMails()).toBe(1);
    // What a process killed between the order's commit and the acquirer's answer leaves behind: the order, its units held, no charge recorded, no mail.
    await sql('update orders set payment_reference = null, payment_status = null, pix_payload = null, pix_txid = null where id = ?', [first.id]);
    await sql('delete from outbox_emails where subject = ?', [`Pedido ${first.number} recebido`]);
    const unpaid = await service.app.inject({ method: 'GET', url: `/api/orders/${first.id}`, headers: bearer(shopper) });
    expect(unpaid.json().payment.pix).toBeFalsy();

    const retries = await Promise.all([order(shopper, body, key), order(shopper, body, key)]);
    for (const retry of retries) {
      expect(retry.statusCode, retry.body).toBe(201);
      expect(retry.json().id).toBe(first.id);
    }
    const resumed = orderSchema.parse((await service.app.inject({ method: 'GET', url: `/api/orders/${first.id}`, headers: bearer(shopper) })).json());
    // The acquirer answered the same payment for the same key: the same BR Code as the first answer.
    expect(resumed.payment.pix!.payload).toBe(first.payment.pix!.payload);
    expect(resumed.status).toBe('pending');
    expect(await receivedMails()).toBe(1);
    expect(await stockOf(chain.id)).toBe(1);
    // A pending order whose charge is recorded is answered as it is.
    const again = await order(shopper, body, key);
    expect(again.json().payment.pix.payload).toBe(first.payment.pix!.payload);
    expect(await receivedMails()).toBe(1);
  });
});

describe('boleto', () => {
  it('is due in 3 business days, with a 47-digit line', async () => {
    const chain = await product(3, 29990);
    const response = await order(buyer, { items: [{ productId: chain.id, quantity: 1 }], customer: { ...customer, zipCode: '90010-000', city: 'Porto Alegre', neighborhood: 'Centro Histórico', state: 'RS' }, payment: { method: 'boleto', payerCpf: CPF } });
    const placed = orderSchema.parse(response.json());
    expect(placed.status).toBe('pending');
    expect(placed.delivery).toEqual({ ...(await tableDeliveryDays(service, 'S')), productionDays: 0 });
    const boleto = placed.payment.boleto!;
    expect(boleto.line.replace(/\D/g, '')).toHaveLength(47);
    expect(boleto.line.replace(/\D/g, '').endsWith('0000029990')).toBe(true);
    expect(isValidBoleto(boleto.line.replace(/\D/g, ''))).toBe(true);
    const created = new Date(placed.createdAt);
    expect(created.getUTCDay()).toBe(5);
    // Friday 20 (Consciência Negra) -> Mon 23, Tue 24, Wed 25.
    expect(boleto.dueDate).toBe('2026-11-25');
  });
});

describe('validation and access', () => {
  it("answers the checkout form's rules in Portuguese, and never takes a card number", async () => {
    const response = await order(buyer, {
      items: [],
      customer: { ...customer, zipCode: '123', state: 'XX', fullName: ' ' },
      payment: { method: 'credit-card', cardNumber: '4111111111111111', cardCvv: '123', installments: 13 },
    });
    expect(response.statusCode).toBe(400);
    const messages = response.json().issues.map((i: { path: string; message: string }) => `${i.path}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'body.items: Carrinho vazio',
        'body.customer.zipCode: CEP inválido',
        'body.customer.state: Estado inválido',
        'body.customer.fullName: Nome completo é obrigatório',
        'body.payment.cardToken: Cartão não autorizado. Digite os dados do cartão novamente.',
        'body.payment.installments: Parcelamento inválido',
      ]),
    );
    const boleto = await order(buyer, { items: [{ productId: randomUUID(), quantity: 1 }], customer, payment: { method: 'boleto', payerCpf: '111.111.111-12' } });
    expect(boleto.json().issues).toEqual([{ path: 'body.payment.payerCpf', message: 'CPF inválido' }]);
  });

  it("tokenises cards with the brand's CVV length (4 digits for Amex), Luhn and a future expiry", async () => {
    const tokenise = (card_number: string, security_code: string, expiration_year = 2030) =>
      service.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/card-tokens',
        headers: bearer(buyer),
        payload: { card_number, expiration_month: 12, expiration_year, security_code, cardholder: { name: 'MARIA SILVA' } },
      });
    const amex = '378282246310005';
    expect((await tokenise(amex, '1234')).statusCode).toBe(201);
    expect((await tokenise(amex, '1234')).json()).toMatchObject({ first_six_digits: '378282', last_four_digits: '0005' });
    expect((await tokenise(amex, '123')).json().issues).toEqual([{ path: 'body.security_code', message: 'CVV inválido' }]);
    expect((await tokenise('4111111111111111', '1234')).json().issues).toEqual([{ path: 'body.security_code', message: 'CVV inválido' }]);
    expect((await tokenise('4111111111111112', '123')).json().issues).toEqual([{ path: 'body.card_number', message: 'Número do cartão inválido' }]);
    expect((await tokenise('4111111111111111', '123', 2020)).json().issues).toEqual([{ path: 'body.expiration_month', message: 'Validade inválida' }]);
    // An Amex charged through its token: brand and last 4 from the acquirer.
    const chain = await product(1, 10000);
    const token = (await tokenise(amex, '1234')).json().id;
    const placed = await order(buyer, { items: [{ productId: chain.id, quantity: 1 }], customer, payment: { method: 'credit-card', cardToken: token, cardBrand: 'amex', installments: 1 } });
    expect(placed.json().payment.card).toEqual({ brand: 'American Express', last4: '0005', installments: 1, installmentAmounts: [10000] });
    // A token is single-use.
    const again = await order(buyer, { items: [{ productId: chain.id, quantity: 1 }], customer, payment: { method: 'credit-card', cardToken: token, cardBrand: 'amex', installments: 1 } });
    expect(again.statusCode).toBe(409);
    const reused = await order(buyer, { items: [{ productId: (await product(1)).id, quantity: 1 }], customer, payment: { method: 'credit-card', cardToken: token, cardBrand: 'amex', installments: 1 } });
    expect(reused.statusCode).toBe(402);
  });

  it('answers 422 for an Idempotency-Key reused with another body, and the same order for the same body', async () => {
    const chain = await product(5);
    const key = randomUUID();
    const body = { items: [{ productId: chain.id, quantity: 1 }], customer, payment: { method: 'pix' } };
    const first = await order(buyer, body, key);
    expect(first.statusCode).toBe(201);
    const same = await order(buyer, body, key);
    expect([same.statusCode, same.json().id]).toEqual([201, first.json().id]);
    const other = await order(buyer, { ...body, items: [{ productId: chain.id, quantity: 2 }] }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ error: 'idempotency_key_reused', message: 'Esta chave de idempotência já foi usada em outro pedido com dados diferentes. Gere uma nova chave para um novo pedido.' });
    expect(await stockOf(chain.id)).toBe(4);
  });

  it('requires an idempotency key', async () => {
    const response = await service.app.inject({ method: 'POST', url: '/api/orders', headers: bearer(buyer), payload: { items: [], customer, payment: { method: 'pix' } } });
    expect(response.statusCode).toBe(400);
  });

  it("hides other shoppers' orders", async () => {
    const chain = await product(2);
    const placed = (await order(buyer, { items: [{ productId: chain.id, quantity: 1 }], customer, payment: await card(buyer) })).json();
    const stranger = await account(service);
    expect((await service.app.inject({ method: 'GET', url: `/api/orders/${placed.id}`, headers: bearer(stranger) })).statusCode).toBe(404);
    expect((await service.app.inject({ method: 'POST', url: `/api/orders/${placed.id}/cancel`, headers: bearer(stranger) })).statusCode).toBe(404);
    expect((await service.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(stranger) })).json()).toEqual([]);
    const mine = await service.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(buyer) });
    expect(mine.json().map((o: { id: string }) => o.id)).toContain(placed.id);
  });
});

describe("the shopper's history, page by page (GET /api/orders?limit=&after=)", () => {
  it('walks every order once, newest first, orders placed at the same instant by id', async () => {
    const shopper = await account(service);
    const chain = await product(10);
    const placed: OrderDto[] = [];
    // Five orders; the 2nd and 3rd at the same instant (the clock does not move between them).
    for (let i = 0; i < 5; i += 1) {
      if (i !== 2) clock.advance(60_000);
      const response = await order(shopper, { items: [{ productId: chain.id, quantity: 1 }], customer, payment: await card(shopper) });
      expect(response.statusCode).toBe(201);
      placed.push(orderSchema.parse(response.json()));
    }
    expect(placed[1]!.createdAt).toBe(placed[2]!.createdAt);
    const tie = [placed[1]!, placed[2]!].sort((a, b) => (a.id < b.id ? 1 : -1));
    const expected = [placed[4]!, placed[3]!, ...tie, placed[0]!].map((o) => o.id);

    const pages: string[][] = [];
    let after: string | undefined;
    for (let guard = 0; guard < 10; guard += 1) {
      const response = await service.app.inject({ method: 'GET', url: `/api/orders?limit=3${after ? `&after=${encodeURIComponent(after)}` : ''}`, headers: bearer(shopper) });
      expect(response.statusCode).toBe(200);
      const page = orderSchema.array().parse(response.json());
      pages.push(page.map((o) => o.id));
      if (page.length < 3) break;
      after = orderHistoryCursor(page.at(-1)!);
    }
    // Pages of 3: the page boundary falls between the two orders of the same instant.
    expect(pages.map((page) => page.length)).toEqual([3, 2]);
    expect(pages.flat()).toEqual(expected);
    // Without a limit: the newest 100, as clients before paging read it.
    const all = await service.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(shopper) });
    expect(all.json().map((o: { id: string }) => o.id)).toEqual(expected);
  });

  it.each([
    ['limit=0', 'querystring.limit', 'Limite inválido'],
    ['limit=101', 'querystring.limit', 'Limite inválido'],
    ['after=ontem', 'querystring.after', 'Cursor inválido'],
    [`after=2026-13-45T99:00:00.000Z_${randomUUID()}`, 'querystring.after', 'Cursor inválido'],
  ])('refuses %s with a 400 in Portuguese', async (query, issuePath, message) => {
    const response = await service.app.inject({ method: 'GET', url: `/api/orders?${query}`, headers: bearer(buyer) });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({ path: issuePath, message });
  });
});
