/**
 * Reviews from verified buyers on real PostgreSQL, real storage and the sandbox acquirer:
 * - eligibility on the server: only the buyer, only a delivered order, one review per order line
 *   (also two at once), each line's state on the order's page;
 * - moderation: the pending queue, approve, reject with a reason (seen by the author only),
 *   withdraw, public reply; audited; `ProductReviewsChanged` recorded for what the page shows;
 * - the product page's data: average, count and distribution worked by hand, newest first, paged;
 * - abuse: the per-account rate limit, text kept as plain text (markup stays text, control
 *   characters removed), photos sniffed (a text file named .jpg is 415), EXIF stripped from the
 *   stored original, another shopper's photo refused;
 * - the review-request e-mail the owner's `reviewRequestDelayDays` (store settings, default 8) after delivery, once, moving the clock;
 * - role checks of every route, and the migration matching the entities.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RECOVERY_SETTINGS, adminReviewListSchema, orderReviewsSchema, orderSchema, productReviewsSchema, type OrderReviews } from '@prata/contracts';
import { DomainEventRecord } from '../src/events/domain-event.entity.ts';
import { PRODUCT_IMAGES_BUCKET } from '../src/storage/object-storage.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { imageFile, sql } from './admin-fixtures.ts';
import { TestClock, createTestService, type TestService } from './helpers.ts';
import { createProduct, customer, orderMails, placeOrder, sandboxCard } from './shop.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = new TestClock(Date.parse('2026-12-01T15:00:00Z'));
let service: TestService;
let baseUrl: string;
let admin: SignedIn;
let shopper: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0', ORDER_RATE_LIMIT_PER_MINUTE: '10000', REVIEW_RATE_LIMIT_PER_MINUTE: '4' }, clock);
  baseUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await account(service, ['admin'], 'admin');
  other = await account(service);
});
afterAll(async () => service?.close());
// A fresh shopper per test: writes are rate-limited per account.
beforeEach(async () => {
  shopper = await account(service);
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: SignedIn | null, payload?: object) =>
  service.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });

/** A paid card order of `count` products (one unit each) of `who`; delivered now unless `deliver` is false. */
async function order(count = 1, who: SignedIn = shopper, deliver = true) {
  const products = [];
  for (let i = 0; i < count; i += 1) products.push(await createProduct(service, clock, 10, 9_900));
  const placed = await placeOrder(service, who, {
    items: products.map((product) => ({ productId: product.id, quantity: 1 })),
    customer: { ...customer, fullName: 'Helena de Souza Prado', email: who.email },
    payment: await sandboxCard(service, who, '4111111111111111', 1),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const placedOrder = orderSchema.parse(placed.json());
  if (deliver) {
    expect((await call('POST', `/api/admin/orders/${placedOrder.id}/ship`, admin, { carrier: 'Correios', trackingCode: 'QB123456789BR' })).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/orders/${placedOrder.id}/deliver`, admin)).statusCode).toBe(200);
  }
  const lines = orderReviewsSchema.parse((await call('GET', `/api/orders/${placedOrder.id}/reviews`, who)).json()).lines;
  return { order: placedOrder, products, lines };
}

const review = (orderItemId: string, rating = 5, text = 'Peça linda, chegou muito bem embalada.', who: SignedIn = shopper, photoKeys?: string[]) =>
  call('POST', '/api/reviews', who, { orderItemId, rating, text, ...(photoKeys ? { photoKeys } : {}) });
const act = (id: string, action: 'approve' | 'reject', payload: object = {}) => call('POST', `/api/admin/reviews/${id}/${action}`, admin, payload);
const page = async (productId: string, n = 1) => productReviewsSchema.parse((await call('GET', `/api/products/${productId}/reviews?page=${n}`, null)).json());

/** Multipart upload of a review photo over real HTTP. */
async function uploadPhoto(who: SignedIn, data: Uint8Array, fileName: string, type: string): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([data], { type }), fileName);
  return fetch(`${baseUrl}/api/reviews/photos`, { method: 'POST', headers: bearer(who), body: form });
}

describe('eligibility', () => {
  it('lets the buyer of a delivered order review each line once, pending moderation', async () => {
    const { order: placed, lines } = await order(2);
    expect(lines.map((line) => line.canReview)).toEqual([true, true]);
    const written = await review(lines[0]!.orderItemId, 4);
    expect(written.statusCode, written.body).toBe(201);
    expect(written.json()).toMatchObject({ rating: 4, status: 'pending', rejectionReason: null, reply: null, photos: [] });

    const again = await review(lines[0]!.orderItemId, 5);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'review_exists', message: 'Você já avaliou esta peça.' });

    const view: OrderReviews = (await call('GET', `/api/orders/${placed.id}/reviews`, shopper)).json();
    expect(view.lines.map((line) => [line.canReview, line.review?.status ?? null])).toEqual([
      [false, 'pending'],
      [true, null],
    ]);
  });

  it('refuses an order not delivered yet (409) and a line of another shopper (404, as an unknown line)', async () => {
    const { lines } = await order(1, shopper, false);
    expect(lines[0]!.canReview).toBe(false);
    const early = await review(lines[0]!.orderItemId);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: 'order_not_delivered', message: 'Só é possível avaliar peças de pedidos entregues.' });

    const { order: theirs, lines: theirLines } = await order(1, other);
    expect((await review(theirLines[0]!.orderItemId)).statusCode).toBe(404);
    expect((await review(randomUUID())).json()).toMatchObject({ error: 'order_item_not_found', message: 'Item do pedido não encontrado' });
    expect((await call('GET', `/api/orders/${theirs.id}/reviews`, shopper)).statusCode).toBe(404);
  });

  it('keeps one review when two are sent for the same line at once', async () => {
    const { lines } = await order(1);
    const answers = await Promise.all([review(lines[0]!.orderItemId, 5), review(lines[0]!.orderItemId, 1)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect((await sql(service, 'select count(*)::int as n from reviews where order_item_id = ?', [lines[0]!.orderItemId]))[0]).toEqual({ n: 1 });
  });

  it('answers bad input with pt-BR issues', async () => {
    const { lines } = await order(1);
    const bad = await call('POST', '/api/reviews', shopper, { orderItemId: lines[0]!.orderItemId, rating: 6, text: 'curto' });
    expect(bad.statusCode).toBe(400);
    const messages = (bad.json() as { issues: { message: string }[] }).issues.map((issue) => issue.message);
    expect(messages).toEqual(expect.arrayContaining(['Escolha de 1 a 5 estrelas', 'Escreva ao menos 10 caracteres']));
  });
});

describe('moderation and the product page', () => {
  it('shows only approved reviews, with the average, count and distribution worked by hand, newest first', async () => {
    const { products, lines } = await order(1);
    const productId = products[0]!.id;
    const ids: string[] = [];
    // Three more buyers of the same product: ratings 5, 4, 4, 2 (the 2 is rejected).
    for (const [i, rating] of [5, 4, 4, 2].entries()) {
      const buyer = i === 0 ? shopper : await account(service);
      const placed = i === 0 ? lines : await buyAndDeliver(buyer, productId);
      clock.advance(HOUR);
      const written = await review(placed[0]!.orderItemId, rating, `Avaliação número ${i + 1} da peça.`, buyer);
      expect(written.statusCode, written.body).toBe(201);
      ids.push(written.json().id);
    }
    expect((await page(productId)).summary).toEqual({ average: null, count: 0, distribution: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: 0 })) });

    const queue = adminReviewListSchema.parse((await call('GET', '/api/admin/reviews', admin)).json());
    const mine = queue.reviews.filter((row) => row.productId === productId);
    // The queue is oldest first; the author as shown is the order's first name and last initial.
    expect(mine.map((row) => row.id)).toEqual(ids);
    expect(mine[0]).toMatchObject({ status: 'pending', author: 'Helena P.', productName: products[0]!.name });

    for (const id of ids.slice(0, 3)) expect((await act(id, 'approve')).json()).toMatchObject({ status: 'approved' });
    const rejected = await act(ids[3]!, 'reject', { reason: 'Texto fora das regras da loja' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Texto fora das regras da loja' });
    expect((await act(ids[3]!, 'reject', { reason: 'De novo' })).statusCode).toBe(409);

    const shown = await page(productId);
    // (5 + 4 + 4) / 3 = 4.33 -> 4.3
    expect(shown.summary).toEqual({
      average: 4.3,
      count: 3,
      distribution: [
        { rating: 5, count: 1 },
        { rating: 4, count: 2 },
        { rating: 3, count: 0 },
        { rating: 2, count: 0 },
        { rating: 1, count: 0 },
      ],
    });
    expect(shown.reviews.map((row) => row.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(shown.reviews[0]).not.toHaveProperty('rejectionReason');

    // The public reply shows on the page; the author sees why theirs was refused.
    const replied = await call('PUT', `/api/admin/reviews/${ids[0]}/reply`, admin, { text: 'Obrigada, Helena!' });
    expect(replied.json()).toMatchObject({ reply: { text: 'Obrigada, Helena!' } });
    expect((await page(productId)).reviews.find((row) => row.id === ids[0])!.reply).toMatchObject({ text: 'Obrigada, Helena!' });

    // Withdrawing an approved review takes it off the page.
    await act(ids[1]!, 'reject', { reason: 'Retirada a pedido da cliente' });
    expect((await page(productId)).summary).toMatchObject({ average: 4.5, count: 2 });

    const events = await service.db.orm.em.fork().find(DomainEventRecord, { type: 'ProductReviewsChanged', aggregateId: productId });
    // 3 approvals, the reply of an approved review, the withdrawal (a rejection of a pending one changes no page).
    expect(events).toHaveLength(5);
    const audited = await sql<{ action: string }>(service, "select action from admin_logs where details->>'productId' = ? order by created_at", [productId]);
    expect(audited.map((row) => row.action).sort()).toEqual(['review_approved', 'review_approved', 'review_approved', 'review_rejected', 'review_rejected', 'review_replied'].sort());
  });

  it('pages the approved reviews 5 at a time', async () => {
    const { products, lines } = await order(1);
    const productId = products[0]!.id;
    const first = await review(lines[0]!.orderItemId, 5);
    await act(first.json().id, 'approve');
    for (let i = 0; i < 5; i += 1) {
      const buyer = await account(service);
      const bought = await buyAndDeliver(buyer, productId);
      clock.advance(HOUR);
      await act((await review(bought[0]!.orderItemId, 3, `Outra avaliação, a de número ${i}.`, buyer)).json().id, 'approve');
    }
    const one = await page(productId, 1);
    const two = await page(productId, 2);
    expect([one.reviews.length, two.reviews.length, one.pageCount, one.summary.count]).toEqual([5, 1, 2, 6]);
    expect(two.reviews[0]!.id).toBe(first.json().id);
    expect((await page(productId, 3)).reviews).toEqual([]);
    expect((await call('GET', `/api/products/${productId}/reviews?page=0`, null)).statusCode).toBe(400);
  });
});

describe('the catalogue sorted by rating', () => {
  it('lists the best rated first, pieces without reviews last, and follows an approval', async () => {
    const a = await order(1);
    clock.advance(HOUR);
    const b = await order(1);
    clock.advance(HOUR);
    const c = await createProduct(service, clock, 5, 9_900);
    const ids = [a.products[0]!.id, b.products[0]!.id, c.id];
    const list = async (sort: string) => ((await call('GET', `/api/products/page?ids=${ids.join(',')}&sort=${sort}`, null)).json() as { products: { id: string }[] }).products.map((p) => p.id);
    await act((await review(a.lines[0]!.orderItemId, 4)).json().id, 'approve');
    expect(await list('newest')).toEqual([c.id, b.products[0]!.id, a.products[0]!.id]);
    const raw = await call('GET', `/api/products/page?ids=${ids.join(',')}&sort=rating`, null);
    expect(raw.statusCode, raw.body).toBe(200);
    expect(await list('rating')).toEqual([a.products[0]!.id, c.id, b.products[0]!.id]);
    await act((await review(b.lines[0]!.orderItemId, 5)).json().id, 'approve');
    // The cached page is dropped when the approval's event is relayed.
    await expect.poll(() => list('rating'), { timeout: 10_000 }).toEqual([b.products[0]!.id, a.products[0]!.id, c.id]);
    expect((await call('GET', '/api/products/page?sort=melhores', null)).statusCode).toBe(400);
  });
});

describe('the home page testimonials', () => {
  it('are the newest approved 5-star reviews once there are 3, none before', async () => {
    await sql(service, "update reviews set status = 'rejected' where rating = 5");
    const testimonials = async () => (await call('GET', '/api/reviews/testimonials', null)).json() as Promise<{ text: string; author: string; productName: string }[]>;
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const buyer = await account(service);
      const { lines } = await order(1, buyer);
      clock.advance(HOUR);
      ids.push((await review(lines[0]!.orderItemId, 5, `Depoimento ${i}, peça maravilhosa.`, buyer)).json().id);
    }
    await act(ids[0]!, 'approve');
    await act(ids[1]!, 'approve');
    expect(await testimonials()).toEqual([]);
    await act(ids[2]!, 'approve');
    const shown = await testimonials();
    expect(shown.map((t) => t.text)).toEqual(['Depoimento 2, peça maravilhosa.', 'Depoimento 1, peça maravilhosa.', 'Depoimento 0, peça maravilhosa.']);
    expect(shown[0]).toMatchObject({ author: 'Helena P.', productName: expect.stringContaining('Colar') });
  });
});

/** `buyer` buys one unit of `productId`, delivered now; the order's lines. */
async function buyAndDeliver(buyer: SignedIn, productId: string) {
  const placed = await placeOrder(service, buyer, {
    items: [{ productId, quantity: 1 }],
    customer: { ...customer, fullName: 'Helena de Souza Prado', email: buyer.email },
    payment: await sandboxCard(service, buyer, '4111111111111111', 1),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const id = orderSchema.parse(placed.json()).id;
  await call('POST', `/api/admin/orders/${id}/ship`, admin, { carrier: 'Correios', trackingCode: 'QB123456789BR' });
  await call('POST', `/api/admin/orders/${id}/deliver`, admin);
  return orderReviewsSchema.parse((await call('GET', `/api/orders/${id}/reviews`, buyer)).json()).lines;
}

describe('abuse', () => {
  it('keeps markup as plain text and removes control characters', async () => {
    const { lines } = await order(1);
    const text = '<script>alert("x")</script> <b>ótimo</b>\u0007\u001b anel\r\nsegunda linha';
    const written = await review(lines[0]!.orderItemId, 5, text);
    expect(written.statusCode, written.body).toBe(201);
    expect(written.json().text).toBe('<script>alert("x")</script> <b>ótimo</b> anel\nsegunda linha');
  });

  it('rate-limits writes per account (REVIEW_RATE_LIMIT_PER_MINUTE = 4)', async () => {
    const codes = [];
    for (let i = 0; i < 5; i += 1) codes.push((await review(randomUUID())).statusCode);
    expect(codes).toEqual([404, 404, 404, 404, 429]);
    // Another account is not held back by this one.
    expect((await review(randomUUID(), 5, 'Peça linda, chegou muito bem embalada.', other)).statusCode).toBe(404);
  });

  it('sniffs photos, strips their EXIF and accepts only the author\'s own uploads', async () => {
    const notImage = await uploadPhoto(shopper, new TextEncoder().encode('isto não é uma imagem, só texto'), 'foto.jpg', 'image/jpeg');
    expect(notImage.status).toBe(415);
    expect(await notImage.json()).toMatchObject({ error: 'invalid_file_type' });

    const withExif = await sharp(await imageFile('jpeg', 320, 240)).withExif({ IFD0: { Artist: 'Helena', Copyright: 'GPS -23.55,-46.63' } }).jpeg().toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const uploaded = await uploadPhoto(shopper, withExif, 'IMG_0001.jpg', 'image/jpeg');
    expect(uploaded.status).toBe(201);
    const { key } = (await uploaded.json()) as { key: string; url: string };
    expect(key).toMatch(/^reviews\/[0-9a-f]{16}\/\d{13}-[0-9a-f]{12}\.jpg$/);
    const stored = await service.db.storage.read(PRODUCT_IMAGES_BUCKET, key);
    const metadata = await sharp(stored!.data).metadata();
    expect([metadata.format, metadata.width, metadata.exif]).toEqual(['jpeg', 320, undefined]);
    const rendition = await fetch(`${baseUrl}/images/${PRODUCT_IMAGES_BUCKET}/${key}?w=320`);
    expect([rendition.status, rendition.headers.get('content-type')]).toEqual([200, 'image/webp']);

    const theirs = (await (await uploadPhoto(other, await imageFile('png'), 'a.png', 'image/png')).json()) as { key: string };
    const { lines } = await order(1);
    const refused = await review(lines[0]!.orderItemId, 5, 'Peça linda, chegou muito bem embalada.', shopper, [theirs.key]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'review_photo' });
    const written = await review(lines[0]!.orderItemId, 5, 'Peça linda, chegou muito bem embalada.', shopper, [key]);
    expect(written.statusCode, written.body).toBe(201);
    expect(written.json().photos).toEqual([{ key, url: expect.stringContaining(key) }]);
    const tooMany = await call('POST', '/api/reviews', shopper, { orderItemId: randomUUID(), rating: 5, text: 'Peça linda, muito bem embalada.', photoKeys: [key, key.replace('.jpg', '.png'), 'a', 'b'] });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('the review request e-mail', () => {
  it(`goes once, ${8} days after delivery, to an order with a piece to review`, async () => {
    const { order: placed } = await order(2);
    const { order: reviewed, lines } = await order(1);
    expect((await review(lines[0]!.orderItemId)).statusCode).toBe(201);
    const subject = `Avalie a sua compra - pedido ${placed.number}`;

    clock.advance(8 * DAY - HOUR);
    await service.app.jobs.tick();
    expect((await orderMails(service, shopper.email, placed.number)).map((mail) => mail.subject)).not.toContain(subject);

    clock.advance(2 * HOUR);
    await service.app.jobs.tick();
    const mails = (await orderMails(service, shopper.email, placed.number)).filter((mail) => mail.subject === subject);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/minha-conta/pedidos/${placed.id}`);
    expect(mails[0]!.text).toContain('até 3 fotos');

    clock.advance(HOUR);
    await service.app.jobs.tick();
    expect((await orderMails(service, shopper.email, placed.number)).filter((mail) => mail.subject === subject)).toHaveLength(1);
    // Every line of the other order is reviewed already: nothing to ask.
    expect((await orderMails(service, shopper.email, reviewed.number)).map((mail) => mail.subject)).not.toContain(`Avalie a sua compra - pedido ${reviewed.number}`);
  });

  it("goes after the owner's delay in the store's settings: 3 days instead of 8", async () => {
    const saved = await call('PUT', '/api/admin/settings/recovery', admin, { ...DEFAULT_RECOVERY_SETTINGS, reviewRequestDelayDays: 3 });
    expect(saved.statusCode, saved.body).toBe(200);
    const { order: placed } = await order(1);
    const subject = `Avalie a sua compra - pedido ${placed.number}`;
    const subjects = async () => (await orderMails(service, shopper.email, placed.number)).map((mail) => mail.subject);
    clock.advance(3 * DAY - HOUR);
    await service.app.jobs.tick();
    expect(await subjects()).not.toContain(subject);
    clock.advance(2 * HOUR);
    await service.app.jobs.tick();
    expect(await subjects()).toContain(subject);
    expect((await call('PUT', '/api/admin/settings/recovery', admin, DEFAULT_RECOVERY_SETTINGS)).statusCode).toBe(200);
  });
});

describe('access', () => {
  it('asks for sign-in and the admin role', async () => {
    const id = randomUUID();
    expect((await call('POST', '/api/reviews', null, { orderItemId: id, rating: 5, text: 'Peça linda demais mesmo.' })).statusCode).toBe(401);
    expect((await call('GET', `/api/orders/${id}/reviews`, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/reviews', shopper)).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/reviews/${id}/approve`, shopper)).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/reviews/${id}/reject`, shopper, { reason: 'não' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/admin/reviews/${id}/reply`, shopper, { text: 'oi' })).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/reviews/${id}/approve`, admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/reviews?status=outro', admin)).statusCode).toBe(400);
    expect((await call('GET', `/api/products/${id}/reviews`, null)).json()).toMatchObject({ summary: { count: 0 }, reviews: [] });
  });

  it('has a migration that matches the entities', async () => {
    const diff = await service.db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff).not.toMatch(/review/);
  });
});
