/**
 * The signed-in shopper's cart on the server and the reminders of carts left behind: prices,
 * names and caps come from the catalogue whatever the browser sends; the merge at sign-in is the
 * union; the `cart-recovery` job e-mails step 1 after the first delay and step 2 after the second,
 * each once, only to a shopper who agreed, never after the unsubscribe link, and no more once the
 * cart is bought or emptied; the e-mailed link restores the cart signed out and an order placed
 * after it counts as recovered, with its revenue, in the owner's figures. Real PostgreSQL, the real
 * job queue ticked by hand after moving the test clock (no sleeps), the mail outbox as the mailbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RECOVERY_SETTINGS, cartSchema, formatBRL, recoveryReportSchema, CART_RECOVERY_PATH } from '@prata/contracts';
import { account, bearer, signIn, type SignedIn } from './accounts.ts';
import { sql } from './admin-fixtures.ts';
import { DEMO_CARTS, seedDemoCarts } from '../src/seeding/demo-carts.ts';
import { seedDemoOrderHistory } from '../src/seeding/demo-orders.ts';
import { TestClock, createTestService, type TestService } from './helpers.ts';
import { createProduct, customer, offerFreeShipping, placeOrder } from './shop.ts';

const clock = new TestClock(Date.parse('2026-12-01T12:00:00Z'));
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let service: TestService;
let admin: SignedIn;

beforeAll(async () => {
  service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0', ORDER_RATE_LIMIT_PER_MINUTE: '10000' }, clock);
  admin = await account(service, ['admin']);
  await offerFreeShipping(service, admin);
});

afterAll(async () => {
  await service?.close();
});

function call(method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, who?: SignedIn) {
  return service.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });
}

const putCart = (who: SignedIn, lines: object[]) => call('PUT', '/api/cart', { lines }, who);
const consent = (who: SignedIn, value: boolean) => call('PUT', '/api/cart/recovery-consent', { consent: value }, who);
/** The owner's recovery figures of the last 30 days (reports module). */
const figures = async () => recoveryReportSchema.parse((await call('GET', '/api/admin/recovery', undefined, admin)).json());
const pay = async (id: string, who: SignedIn) => expect((await call('POST', `/api/orders/${id}/simulate-payment`, undefined, who)).json().status).toBe('paid');

/** Moves the clock and runs the job queue (the `cart-recovery` job runs once per 5-minute slot). */
async function after(ms: number): Promise<void> {
  clock.advance(ms);
  await service.app.jobs.tick();
}

/** The reminders e-mailed to `who`, oldest first. */
function remindersTo(who: SignedIn) {
  return sql<{ subject: string; text: string; link: string; unsubscribe_url: string }>(
    service,
    `select subject, text, link, unsubscribe_url from outbox_emails where "to" = ? and link like ? order by created_at`,
    [who.email.toLowerCase(), `%${CART_RECOVERY_PATH}/%`],
  );
}

/** A shopper who agreed to reminders, with one unit of a product in the server cart. */
async function shopperWithCart(priceCents = 25_000) {
  const who = await account(service);
  const product = await createProduct(service, clock, 5, priceCents);
  expect((await consent(who, true)).statusCode).toBe(200);
  const saved = await putCart(who, [{ productId: product.id, quantity: 1 }]);
  expect(saved.statusCode, saved.body).toBe(200);
  return { who, product };
}

describe('the server cart', () => {
  it('prices lines from the catalogue, caps quantities by stock and drops what is not sold', async () => {
    const who = await account(service);
    const product = await createProduct(service, clock, 3, 12_990);
    const response = await putCart(who, [
      { productId: product.id, quantity: 2, priceCents: 1, name: 'Barato' },
      { productId: product.id, quantity: 2 },
      { productId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const cart = cartSchema.parse(response.json());
    expect(cart.lines).toEqual([{ productId: product.id, variantId: null, quantity: 3, name: product.name, priceCents: 12_990, imageUrl: null, variantLabel: null, engraving: null }]);
    expect(cart.recoveryConsent).toBe(false);
    expect((await call('GET', '/api/cart', undefined, who)).json()).toEqual(cart);
  });

  it('merges the browser cart at sign-in as the union, keeping the larger quantity, and twice changes nothing', async () => {
    const who = await account(service);
    const [ring, chain] = [await createProduct(service, clock, 9, 10_000), await createProduct(service, clock, 9, 20_000)];
    await putCart(who, [{ productId: ring.id, quantity: 2 }]);
    const merge = () => call('POST', '/api/cart/merge', { lines: [{ productId: ring.id, quantity: 1 }, { productId: chain.id, quantity: 3 }] }, who);
    const first = await merge();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().lines.map((line: { productId: string; quantity: number }) => [line.productId, line.quantity])).toEqual([
      [ring.id, 2],
      [chain.id, 3],
    ]);
    expect((await merge()).json()).toEqual(first.json());
  });

  it("keeps engraved lines with their text, priced with the product's engraving; two texts are two lines; a text the product does not allow is left out", async () => {
    const who = await account(service);
    const [ring, plain] = [await createProduct(service, clock, 9, 10_000), await createProduct(service, clock, 9, 20_000)];
    await sql(service, 'update products set engraving_enabled = true, engraving_price_cents = 2500, engraving_max_chars = 5, engraving_extra_days = 3 where id = ?', [ring.id]);
    const response = await putCart(who, [
      { productId: ring.id, engraving: '  Ana  ', quantity: 1 },
      { productId: ring.id, engraving: 'Bia', quantity: 2 },
      { productId: ring.id, engraving: 'Ana', quantity: 1 },
      { productId: ring.id, engraving: 'Mariana', quantity: 1 },
      { productId: plain.id, engraving: 'Ana', quantity: 1 },
      { productId: ring.id, engraving: '', quantity: 1 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const lines = cartSchema.parse(response.json()).lines.map((line) => [line.productId, line.engraving, line.quantity]);
    const engraving = (text: string) => ({ text, priceCents: 2500, extraDays: 3 });
    expect(lines).toEqual([
      [ring.id, engraving('Ana'), 2],
      [ring.id, engraving('Bia'), 2],
      [ring.id, null, 1],
    ]);
    // Kept on the server: another device reads the same lines.
    expect(cartSchema.parse((await call('GET', '/api/cart', undefined, who)).json()).lines.map((line) => [line.productId, line.engraving, line.quantity])).toEqual(lines);
    const bad = await putCart(who, [{ productId: ring.id, engraving: 'Ana<script>', quantity: 1 }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((issue: { message: string }) => issue.message).join(' ')).toMatch(/Texto da gravação inválido/);
  });

  it('refuses bad input in Portuguese and callers who are not signed in', async () => {
    const who = await account(service);
    const bad = await putCart(who, [{ productId: 'x', quantity: 0 }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((issue: { message: string }) => issue.message)).toEqual(expect.arrayContaining(['Produto inválido', 'Quantidade inválida']));
    expect((await call('GET', '/api/cart')).statusCode).toBe(401);
    expect((await call('PUT', '/api/cart/recovery-consent', { consent: 'sim' }, who)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/settings/recovery', undefined, who)).statusCode).toBe(403);
    expect((await call('PUT', '/api/admin/settings/recovery', DEFAULT_RECOVERY_SETTINGS, who)).statusCode).toBe(403);
  });
});

describe('reminders', () => {
  it('e-mails step 1 after 1 h and step 2 after 24 h, each once, with a link that restores the cart signed out', async () => {
    const { who, product } = await shopperWithCart();
    await after(59 * MINUTE);
    expect(await remindersTo(who)).toHaveLength(0);
    await after(6 * MINUTE);
    const [first] = await remindersTo(who);
    expect(first!.subject).toBe('Você esqueceu algo no carrinho');
    expect(first!.text).toContain(product.name);
    expect(first!.text).toContain(`Total: ${formatBRL(25_000)}`);
    expect(first!.unsubscribe_url).toContain('/api/cart/recovery/unsubscribe?token=');
    await after(HOUR);
    expect(await remindersTo(who)).toHaveLength(1);
    await after(23 * HOUR);
    const mails = await remindersTo(who);
    expect(mails.map((mail) => mail.subject)).toEqual(['Você esqueceu algo no carrinho', 'Suas peças ainda esperam por você']);
    await after(48 * HOUR);
    expect(await remindersTo(who)).toHaveLength(2);

    const token = mails[1]!.link.split(`${CART_RECOVERY_PATH}/`)[1]!;
    const restored = await call('POST', '/api/cart/recover', { token });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().lines).toEqual([expect.objectContaining({ productId: product.id, quantity: 1, priceCents: 25_000 })]);
    const forged = await call('POST', '/api/cart/recover', { token: `${token.slice(0, -2)}AA` });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe('Link inválido');
    clock.advance(31 * 24 * HOUR);
    const expired = await call('POST', '/api/cart/recover', { token });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toContain('Este link expirou');
    // A month on, the admin's session (30 days) ended too: the next tests sign in again.
    admin = await signIn(service, admin.email, admin.password);
  });

  it('sends nothing to a shopper who did not agree, and nothing more after the unsubscribe link (RFC 8058 one-click)', async () => {
    const silent = await account(service);
    const product = await createProduct(service, clock, 5);
    await putCart(silent, [{ productId: product.id, quantity: 1 }]);
    const { who } = await shopperWithCart();
    await after(2 * HOUR);
    expect(await remindersTo(silent)).toHaveLength(0);
    const [mail] = await remindersTo(who);
    const url = new URL(mail!.unsubscribe_url);
    const page = await call('GET', `${url.pathname}${url.search}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Cancelar lembretes');
    expect((await call('GET', '/api/cart', undefined, who)).json().recoveryConsent).toBe(true);
    const oneClick = await service.app.inject({ method: 'POST', url: `${url.pathname}${url.search}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('Lembretes cancelados');
    expect((await call('GET', '/api/cart', undefined, who)).json().recoveryConsent).toBe(false);
    await after(24 * HOUR);
    expect(await remindersTo(who)).toHaveLength(1);
  });

  it('stops when the cart is emptied', async () => {
    const { who } = await shopperWithCart();
    await after(30 * MINUTE);
    expect((await putCart(who, [])).statusCode).toBe(200);
    await after(48 * HOUR);
    expect(await remindersTo(who)).toHaveLength(0);
  });

  it('stops at purchase; an order after the link is a recovered cart with its revenue in the owner figures', async () => {
    const before = await figures();
    const { who, product } = await shopperWithCart(30_000);
    await after(HOUR + 5 * MINUTE);
    const [mail] = await remindersTo(who);
    const token = mail!.link.split(`${CART_RECOVERY_PATH}/`)[1]!;
    expect((await call('POST', '/api/cart/recover', { token })).statusCode).toBe(200);
    const placed = await placeOrder(service, who, { items: [{ productId: product.id, quantity: 1 }], customer: { ...customer, email: who.email }, payment: { method: 'pix' } });
    expect(placed.statusCode, placed.body).toBe(201);
    const total = placed.json().totalCents as number;
    await pay(placed.json().id, who);
    await after(48 * HOUR);
    expect(await remindersTo(who)).toHaveLength(1);
    expect((await call('GET', '/api/cart', undefined, who)).json().lines).toEqual([]);

    const report = await figures();
    expect(report.cartsRecovered - before.cartsRecovered).toBe(1);
    expect(report.revenueRecoveredCents - before.revenueRecoveredCents).toBe(total);
    expect(report.messagesSent.cartEmails).toBeGreaterThan(before.messagesSent.cartEmails);
  });

  it('an order without following the link recovers nothing', async () => {
    const before = await figures();
    const { who, product } = await shopperWithCart();
    await after(HOUR + 5 * MINUTE);
    expect(await remindersTo(who)).toHaveLength(1);
    const placed = await placeOrder(service, who, { items: [{ productId: product.id, quantity: 1 }], customer: { ...customer, email: who.email }, payment: { method: 'pix' } });
    expect(placed.statusCode, placed.body).toBe(201);
    await pay(placed.json().id, who);
    const report = await figures();
    expect(report.cartsRecovered).toBe(before.cartsRecovered);
    expect(report.revenueRecoveredCents).toBe(before.revenueRecoveredCents);
  });
});

describe('account deletion (LGPD)', () => {
  it('deletes the cart kept on the server and the reminder opt-in', async () => {
    const { who } = await shopperWithCart();
    const deleted = await service.app.inject({ method: 'DELETE', url: '/api/me', headers: bearer(who), payload: { currentPassword: who.password } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await sql(service, 'select 1 from carts where user_id = ?', [who.userId])).toEqual([]);
  });
});

describe('settings', () => {
  const saveSettings = (update: object) => call('PUT', '/api/admin/settings/recovery', { ...DEFAULT_RECOVERY_SETTINGS, ...update }, admin);

  it("the owner's delays in the store's settings decide when the reminders go, and the switch turns them off", async () => {
    const settings = await call('GET', '/api/admin/settings/recovery', undefined, admin);
    expect(settings.json()).toEqual({ cartRemindersEnabled: true, cartFirstReminderHours: 1, cartSecondReminderHours: 24, paymentRenewalWindowDays: 7, reviewRequestDelayDays: 8 });
    const wrong = await saveSettings({ cartFirstReminderHours: 5, cartSecondReminderHours: 3 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ path: 'body.cartSecondReminderHours', message: 'O segundo lembrete deve sair depois do primeiro' }]);
    const bounds = await saveSettings({ cartFirstReminderHours: 0, paymentRenewalWindowDays: 31, reviewRequestDelayDays: 1.5 });
    expect(bounds.statusCode).toBe(400);
    expect(bounds.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'body.cartFirstReminderHours', message: 'O primeiro lembrete sai após no mínimo 1 hora' },
        { path: 'body.paymentRenewalWindowDays', message: 'O novo PIX ou boleto fica disponível por no máximo 30 dias' },
        { path: 'body.reviewRequestDelayDays', message: 'Use dias inteiros' },
      ]),
    );
    const saved = await saveSettings({ cartFirstReminderHours: 3, cartSecondReminderHours: 10 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await sql(service, 'select cart_first_reminder_hours, cart_second_reminder_hours from store_settings'))).toEqual([{ cart_first_reminder_hours: 3, cart_second_reminder_hours: 10 }]);

    // Step 1 after 3 h (not after the default 1 h), step 2 after 10 h (not 24 h).
    const { who } = await shopperWithCart();
    await after(2 * HOUR);
    expect(await remindersTo(who)).toHaveLength(0);
    await after(HOUR + 5 * MINUTE);
    expect(await remindersTo(who)).toHaveLength(1);
    await after(7 * HOUR);
    expect(await remindersTo(who)).toHaveLength(2);

    const { who: later } = await shopperWithCart();
    expect((await saveSettings({ cartRemindersEnabled: false, cartFirstReminderHours: 3, cartSecondReminderHours: 10 })).statusCode).toBe(200);
    await after(24 * HOUR);
    expect(await remindersTo(later)).toHaveLength(0);
    expect((await saveSettings({})).statusCode).toBe(200);
  });
});

describe('demo abandoned carts', () => {
  it('seeds the same carts and reminders once, after the demo order history', async () => {
    await seedDemoOrderHistory(service.db.orm.em.fork(), clock, { boletoHoldBusinessDays: service.config.orderLimits.boletoHoldBusinessDays, lowStockThreshold: service.config.lowStockThreshold });
    const before = await figures();
    expect(await seedDemoCarts(service.db.orm.em.fork(), clock)).toBe(DEMO_CARTS.length);
    expect(await seedDemoCarts(service.db.orm.em.fork(), clock)).toBe(0);
    const carts = await sql<{ email: string; items: number; recovery_step: number }>(
      service,
      `select u.email, jsonb_array_length(c.lines) as items, c.recovery_step from carts c join users u on u.id = c.user_id where u.email like '%@demo.prata925.com.br' order by u.email`,
    );
    expect(carts).toEqual([
      { email: 'beatriz.almeida@demo.prata925.com.br', items: 2, recovery_step: 1 },
      { email: 'camila.rocha@demo.prata925.com.br', items: 1, recovery_step: 0 },
      { email: 'juliana.ferreira@demo.prata925.com.br', items: 1, recovery_step: 2 },
      { email: 'mariana.costa@demo.prata925.com.br', items: 0, recovery_step: 0 },
    ]);
    const report = await figures();
    expect(report.messagesSent.cartEmails - before.messagesSent.cartEmails).toBe(4);
    expect(report.cartsRecovered - before.cartsRecovered).toBe(1);
    expect(report.revenueRecoveredCents).toBeGreaterThan(before.revenueRecoveredCents);
  });
});

describe('schema', () => {
  it('the carts and recovery settings migrations match the entities', async () => {
    const diff = await service.db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    // The settings row's notify trigger is always dropped and created again by the diff: only its columns are checked.
    expect(diff).not.toMatch(/cart|alter table "store_settings"/);
  });
});
