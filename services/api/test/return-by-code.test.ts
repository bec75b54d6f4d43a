/**
 * Returns asked from the order-tracking page without signing in (returns/return-codes.ts), on real
 * PostgreSQL: a 6-digit code e-mailed once per request, only to the order's contact address, kept
 * hashed, limited per order and per address; wrong tries counted and the code locked after 5; an
 * expired, used or replaced code refused (the clock moved, never slept); the grant it buys opens
 * that order's returns only, for returns only, for 30 minutes; and a return asked with it is the
 * one a signed-in shopper would have made (same status, amounts, history and e-mails).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderReturnsSchema, orderSchema, returnAccessSchema, returnGrantSchema, returnRequestSchema } from '@prata/contracts';
import { OutboxEmail } from '../src/mail/outbox-email.entity.ts';
import { OrderTrackingLinks } from '../src/modules/orders/order-tracking-links.ts';
import { ReturnCode } from '../src/modules/returns/return.entities.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { TestClock, createTestService, type TestService } from './helpers.ts';
import { createProduct, customer, orderMails, placeOrder, sandboxCard } from './shop.ts';

const clock = new TestClock(Date.parse('2026-12-01T18:00:00Z'));
const PER_ADDRESS = 8;
let service: TestService;
let admin: SignedIn;
let links: OrderTrackingLinks;
let address = 0;

beforeAll(async () => {
  service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0', ORDER_RATE_LIMIT_PER_MINUTE: '10000', ORDER_TRACKING_RATE_LIMIT_PER_MINUTE: String(PER_ADDRESS) }, clock);
  admin = await account(service, ['admin'], 'admin');
  links = new OrderTrackingLinks(service.config.jwtSecret);
});
afterAll(async () => service?.close());

/** A fresh client address, so the per-address limits of one test do not reach the next. */
const nextIp = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`;

/** A card order of a new shopper, mailed to `email` (`contato-…@example.com` unless given), delivered now unless `deliver` is false. */
async function order(options: { email?: string; deliver?: boolean } = {}) {
  const who = await account(service);
  const email = options.email ?? `contato-${who.userId.slice(0, 8)}@example.com`;
  const product = await createProduct(service, clock, 5, 10_000);
  const placed = await placeOrder(service, who, { items: [{ productId: product.id, quantity: 2 }], customer: { ...customer, email }, payment: await sandboxCard(service, who, '4111111111111111', 1) });
  expect(placed.statusCode, placed.body).toBe(201);
  const dto = orderSchema.parse(placed.json());
  if (options.deliver !== false) {
    const ship = await service.app.inject({ method: 'POST', url: `/api/admin/orders/${dto.id}/ship`, headers: bearer(admin), payload: { carrier: 'Correios', trackingCode: 'QB123456789BR' } });
    expect(ship.statusCode, ship.body).toBe(200);
    expect((await service.app.inject({ method: 'POST', url: `/api/admin/orders/${dto.id}/deliver`, headers: bearer(admin) })).statusCode).toBe(200);
  }
  return { who, email, order: dto, token: links.issue(dto.id, clock.now()) };
}

const access = (token: string) => service.app.inject({ method: 'GET', url: `/api/order-tracking/${token}/return-access`, remoteAddress: nextIp() });
const send = (token: string, remoteAddress = nextIp()) => service.app.inject({ method: 'POST', url: `/api/order-tracking/${token}/return-code`, remoteAddress });
const verify = (token: string, code: string, remoteAddress = nextIp()) =>
  service.app.inject({ method: 'POST', url: `/api/order-tracking/${token}/return-code/verify`, payload: { code }, remoteAddress });
const returnsWith = (token: string, grant: string | null, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  service.app.inject({ method, url: `/api/order-tracking/${token}/returns`, headers: grant ? { 'x-return-grant': grant } : {}, remoteAddress: nextIp(), ...(payload ? { payload } : {}) });

/** The code e-mails sent to `to`, oldest first. */
async function codeMails(to: string): Promise<OutboxEmail[]> {
  return service.db.orm.em.fork().find(OutboxEmail, { to, subject: { $like: 'Seu código para devolver ou trocar%' } }, { orderBy: { createdAt: 'asc' } });
}
/** The code of the newest code e-mail to `to`. */
async function lastCode(to: string): Promise<string> {
  const mails = await codeMails(to);
  const match = /é: (\d{6})/.exec(mails.at(-1)?.text ?? '');
  expect(match, mails.at(-1)?.text).toBeTruthy();
  return match![1]!;
}
/** A code other than `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Sends a code for `token`, reads it from the outbox and trades it for a grant. */
async function grantFor(token: string, email: string): Promise<string> {
  expect((await send(token)).statusCode).toBe(200);
  const response = await verify(token, await lastCode(email));
  expect(response.statusCode, response.body).toBe(200);
  return returnGrantSchema.parse(response.json()).grant;
}

describe('the code', { timeout: 120_000 }, () => {
  it('says whether the order can be returned, with the address masked', async () => {
    const delivered = await order();
    const response = await access(delivered.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(returnAccessSchema.parse(response.json())).toEqual({ open: true, maskedEmail: `c***@example.com` });
    expect(response.body).not.toContain(delivered.email);

    const pending = await order({ deliver: false });
    expect((await access(pending.token)).json()).toMatchObject({ open: false });
    const refused = await send(pending.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Este pedido não pode ser devolvido ou trocado agora.');
    expect(await codeMails(pending.email)).toHaveLength(0);
  });

  it('is e-mailed once per request, only to the order\'s address, and stored hashed', async () => {
    const { who, email, token, order: placed } = await order();
    const response = await send(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ maskedEmail: 'c***@example.com', expiresAt: new Date(clock.now().getTime() + 10 * 60_000).toISOString() });
    expect(response.body).not.toContain(email);
    const mails = await codeMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(placed.number);
    expect(await codeMails(who.email)).toHaveLength(0);
    const code = await lastCode(email);
    const stored = await service.db.orm.em.fork().find(ReturnCode, { order: placed.id });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.codeHash).not.toContain(code);

    expect((await send(token)).statusCode).toBe(200);
    expect(await codeMails(email)).toHaveLength(2);
  });

  it('counts wrong tries and locks the code after 5', async () => {
    const { email, token } = await order();
    await send(token);
    const code = await lastCode(email);
    const first = await verify(token, wrong(code));
    expect(first.statusCode).toBe(400);
    expect(first.json().message).toBe('Código incorreto. Restam 4 tentativas.');
    for (let i = 0; i < 3; i += 1) expect((await verify(token, wrong(code))).statusCode).toBe(400);
    expect((await verify(token, wrong(code))).json().message).toBe('Código incorreto. Peça um novo código.');
    const locked = await verify(token, code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Muitas tentativas erradas. Peça um novo código.');
    // A new code counts again.
    await send(token);
    expect((await verify(token, await lastCode(email))).statusCode).toBe(200);
  });

  it('is refused once expired, used, or replaced by a newer one', async () => {
    const { email, token } = await order();
    await send(token);
    const code = await lastCode(email);
    clock.advance(10 * 60_000);
    const expired = await verify(token, code);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe('Este código expirou. Peça um novo código.');

    await send(token);
    const older = await lastCode(email);
    await send(token);
    const newer = await lastCode(email);
    if (older !== newer) expect((await verify(token, older)).statusCode).toBe(400);
    expect((await verify(token, newer)).statusCode).toBe(200);
    expect((await verify(token, newer)).statusCode).toBe(410);
  });

  it('goes out at most 3 times per order in 15 minutes, and is limited per address', async () => {
    const { email, token } = await order();
    clock.advance(60_000);
    for (let i = 0; i < 3; i += 1) expect((await send(token)).statusCode).toBe(200);
    const limited = await send(token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toContain('Muitos códigos pedidos');
    expect(await codeMails(email)).toHaveLength(3);
    clock.advance(15 * 60_000);
    expect((await send(token)).statusCode).toBe(200);

    const ip = nextIp();
    for (let i = 0; i < PER_ADDRESS; i += 1) await verify(token, '000000', ip);
    expect((await verify(token, '000000', ip)).statusCode).toBe(429);
  });

  it('refuses a malformed code and a token the store did not sign', async () => {
    const { token } = await order();
    const malformed = await verify(token, '12ab');
    expect(malformed.statusCode).toBe(400);
    expect(JSON.stringify(malformed.json().issues)).toContain('Digite os 6 números do código recebido por e-mail');
    expect((await send(`${'A'.repeat(72)}`)).statusCode).toBe(404);
  });
});

describe('the grant', { timeout: 120_000 }, () => {
  it('opens that order\'s returns only, for returns only, for 30 minutes', async () => {
    const mine = await order();
    const theirs = await order();
    const grant = await grantFor(mine.token, mine.email);

    const view = await returnsWith(mine.token, grant);
    expect(view.statusCode, view.body).toBe(200);
    expect(orderReturnsSchema.parse(view.json()).open).toBe(true);

    const missing = await returnsWith(mine.token, null);
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json().issues)).toContain('Confirme o código enviado por e-mail');
    const otherOrder = await returnsWith(theirs.token, grant);
    expect(otherOrder.statusCode).toBe(403);
    expect(otherOrder.json().message).toContain('inválido para este pedido');
    // Not an access token, not a tracking link.
    expect((await service.app.inject({ method: 'GET', url: `/api/orders/${mine.order.id}`, headers: { authorization: `Bearer ${grant}` } })).statusCode).toBe(401);
    expect((await service.app.inject({ method: 'GET', url: `/api/order-tracking/${grant}` })).statusCode).toBe(404);
    // A tracking link does not pass as a grant.
    expect((await returnsWith(mine.token, mine.token)).statusCode).toBe(403);

    clock.advance(30 * 60_000);
    const expired = await returnsWith(mine.token, grant);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe('Seu acesso expirou. Peça um novo código por e-mail.');
  });

  it('asks the return a signed-in shopper would have asked: same status, amounts, history and e-mails', async () => {
    const byCode = await order();
    const signedIn = await order();
    const lineOf = async (o: typeof byCode, grant: string | null) => {
      const view = grant ? await returnsWith(o.token, grant) : await service.app.inject({ method: 'GET', url: `/api/orders/${o.order.id}/returns`, headers: bearer(o.who) });
      return orderReturnsSchema.parse(view.json()).returnable[0]!.orderItemId;
    };
    const body = (orderItemId: string) => ({ kind: 'return', reason: 'Não serviu no dedo', lines: [{ orderItemId, quantity: 2 }] });

    const grant = await grantFor(byCode.token, byCode.email);
    const made = await returnsWith(byCode.token, grant, 'POST', body(await lineOf(byCode, grant)));
    expect(made.statusCode, made.body).toBe(201);
    const viaAccount = await service.app.inject({ method: 'POST', url: `/api/orders/${signedIn.order.id}/returns`, headers: bearer(signedIn.who), payload: body(await lineOf(signedIn, null)) });
    expect(viaAccount.statusCode, viaAccount.body).toBe(201);

    const a = returnRequestSchema.parse(made.json());
    const b = returnRequestSchema.parse(viaAccount.json());
    const comparable = ({ id: _id, orderId: _orderId, orderNumber: _number, createdAt: _created, updatedAt: _updated, lines, ...rest }: typeof a) => ({
      ...rest,
      lines: lines.map(({ orderItemId: _item, productName: _name, ...line }) => line),
    });
    expect(comparable(a)).toEqual(comparable(b));
    expect(a).toMatchObject({ status: 'approved', withinWithdrawal: true, kind: 'return' });

    // The account sees it on its order page, and the same e-mails went to each order's address.
    const seen = orderReturnsSchema.parse((await service.app.inject({ method: 'GET', url: `/api/orders/${byCode.order.id}/returns`, headers: bearer(byCode.who) })).json());
    expect(seen.requests.map((request) => request.id)).toEqual([a.id]);
    const subjects = async (o: typeof byCode) => (await orderMails(service, o.email, o.order.number)).map((mail) => mail.subject.replace(o.order.number, 'N')).filter((subject) => !subject.startsWith('Seu código'));
    expect(await subjects(byCode)).toEqual(await subjects(signedIn));
    expect((await subjects(byCode)).at(-1)).toBe('Solicitação de devolução aprovada - pedido N');
    const history = await service.app.inject({ method: 'GET', url: `/api/admin/orders/${byCode.order.id}`, headers: bearer(admin) });
    expect(history.body).toContain('Devolução solicitada no prazo de arrependimento: aprovada');

    // Nothing left to return: no more codes.
    expect((await access(byCode.token)).json()).toMatchObject({ open: false });
    expect((await send(byCode.token)).statusCode).toBe(409);
  });
});

describe('schema', () => {
  it('the return codes migration matches the entities', async () => {
    const diff = await service.db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff).not.toMatch(/return_codes/);
  });
});
