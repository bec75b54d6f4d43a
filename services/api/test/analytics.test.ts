/**
 * Analytics the owner sets in the panel, on real PostgreSQL and real HTTP to local doubles of the
 * documented APIs (analytics-doubles.ts):
 * - the settings: ids and server-only secrets saved by an admin; the secrets never in any answer
 *   (the panel sees only whether each is set), the browser gets the ids alone;
 * - the purchase the server sends when an order is paid, through the outbox's `OrderPaid`: to GA4
 *   (Measurement Protocol) with the shopper's analytics consent, to Meta (Conversions API) with
 *   marketing consent, with the browser's `event_id` (the order's id), the hashed e-mail and phone
 *   only with marketing consent, once per provider however often the event is dispatched, and
 *   nothing while a provider is not set up.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsPublicConfigSchema, analyticsSettingsSchema, purchaseEventId } from '@prata/contracts';
import { hashedUser, sendPaidPurchase } from '../src/modules/analytics/index.ts';
import { AnalyticsSettingsService } from '../src/modules/settings/index.ts';
import { SecretBox } from '../src/lib/crypto.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { sql } from './admin-fixtures.ts';
import { Ga4Double, MetaDouble } from './analytics-doubles.ts';
import { TestClock, createTestService, type TestService } from './helpers.ts';
import { createProduct, customer, placeOrder } from './shop.ts';

const clock = new TestClock(Date.parse('2026-12-04T15:00:00Z'));
const ga4 = new Ga4Double();
const meta = new MetaDouble();
const GA4_SECRET = 'segredo-do-ga4-abc123';
const META_TOKEN = 'EAAB-token-da-meta-xyz789';
let service: TestService;
let admin: SignedIn;
let buyer: SignedIn;

beforeAll(async () => {
  await Promise.all([ga4.start(), meta.start()]);
  service = await createTestService({ GA4_MP_URL: ga4.url, META_GRAPH_URL: meta.url, ORDER_RATE_LIMIT_PER_MINUTE: '10000' }, clock);
  admin = await account(service, ['admin'], 'admin');
  buyer = await account(service);
});
afterAll(async () => {
  await service?.close();
  await Promise.all([ga4.stop(), meta.stop()]);
});

const put = (who: SignedIn, payload: object) => service.app.inject({ method: 'PUT', url: '/api/admin/settings/analytics', headers: bearer(who), payload });
const configure = () => put(admin, { ga4MeasurementId: 'G-PRATA925', ga4ApiSecret: GA4_SECRET, metaPixelId: '1234567890', metaAccessToken: META_TOKEN });

describe('analytics settings', () => {
  it('are off until the owner sets them', async () => {
    const config = await service.app.inject({ method: 'GET', url: '/api/analytics-config' });
    expect(config.statusCode, config.body).toBe(200);
    expect(analyticsPublicConfigSchema.parse(config.json())).toEqual({ ga4MeasurementId: null, metaPixelId: null });
  });

  it('save the ids and secrets; no answer carries a secret, the browser gets the ids alone', async () => {
    const saved = await configure();
    expect(saved.statusCode, saved.body).toBe(200);
    expect(analyticsSettingsSchema.parse(saved.json())).toEqual({ ga4MeasurementId: 'G-PRATA925', ga4ApiSecretSet: true, metaPixelId: '1234567890', metaAccessTokenSet: true });
    const read = await service.app.inject({ method: 'GET', url: '/api/admin/settings/analytics', headers: bearer(admin) });
    const config = await service.app.inject({ method: 'GET', url: '/api/analytics-config' });
    expect(config.json()).toEqual({ ga4MeasurementId: 'G-PRATA925', metaPixelId: '1234567890' });
    const logs = await service.app.inject({ method: 'GET', url: '/api/admin/logs', headers: bearer(admin) });
    for (const answer of [saved, read, config, logs]) {
      expect(answer.body).not.toContain(GA4_SECRET);
      expect(answer.body).not.toContain(META_TOKEN);
    }
    // Stored sealed, too.
    const [row] = await sql<{ ga4_api_secret_sealed: string; meta_access_token_sealed: string }>(service, 'select ga4_api_secret_sealed, meta_access_token_sealed from store_settings');
    expect(JSON.stringify(row)).not.toContain(GA4_SECRET);
    // An update without the secrets keeps them; null removes one.
    expect((await put(admin, { ga4MeasurementId: 'g-prata925', metaPixelId: '1234567890' })).json()).toMatchObject({ ga4MeasurementId: 'G-PRATA925', ga4ApiSecretSet: true, metaAccessTokenSet: true });
    expect((await put(admin, { ga4MeasurementId: 'G-PRATA925', metaPixelId: '1234567890', metaAccessToken: null })).json()).toMatchObject({ metaAccessTokenSet: false });
    expect((await configure()).statusCode).toBe(200);
  });

  it('refuse malformed ids with a 400 in Portuguese, and anyone but an admin', async () => {
    const bad = await put(admin, { ga4MeasurementId: 'UA-1234', metaPixelId: '1234567890' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().issues)).toContain('ID de medição do GA4 inválido');
    expect((await put(admin, { ga4MeasurementId: 'G-PRATA925', metaPixelId: 'pixel' })).statusCode).toBe(400);
    expect((await put(buyer, { ga4MeasurementId: null, metaPixelId: null })).statusCode).toBe(403);
    expect((await service.app.inject({ method: 'GET', url: '/api/admin/settings/analytics', headers: bearer(buyer) })).statusCode).toBe(403);
  });
});

describe('the purchase sent from the server when an order is paid', () => {
  /** A PIX order placed with `cookieConsent`, then marked paid by staff (`OrderPaid` through the outbox). */
  async function paidOrder(cookieConsent?: { analytics: boolean; marketing: boolean }): Promise<{ id: string; number: string }> {
    const product = await createProduct(service, clock, 5, 5000);
    const placed = await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 2 }], customer: { ...customer, email: buyer.email, phone: '(11) 98765-4321' }, payment: { method: 'pix' }, ...(cookieConsent ? { cookieConsent } : {}) });
    expect(placed.statusCode, placed.body).toBe(201);
    const paid = await service.app.inject({ method: 'POST', url: `/api/admin/orders/${placed.json().id}/mark-paid`, headers: bearer(admin), payload: { note: 'PIX conferido no extrato' } });
    expect(paid.statusCode, paid.body).toBe(200);
    return placed.json();
  }

  /** Waits (bounded) until `done` holds, working the job queue meanwhile. */
  async function until(done: () => boolean): Promise<void> {
    const deadline = Date.now() + 15_000;
    while (!done()) {
      if (Date.now() > deadline) throw new Error('condition not reached in 15 s');
      await service.app.jobs.tick();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const ga4For = (orderId: string) => ga4.received.filter((request) => JSON.stringify(request.body).includes(orderId));
  const metaFor = (orderId: string) => meta.received.filter((request) => JSON.stringify(request.body).includes(orderId));
  const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

  it('with both consents: GA4 and Meta hear the purchase with the browser\'s event_id, the hashed e-mail and phone, in their documented shapes', async () => {
    await configure();
    const order = await paidOrder({ analytics: true, marketing: true });
    await until(() => ga4For(order.id).length === 1 && metaFor(order.id).length === 1);

    const [toGa4] = ga4For(order.id);
    expect(toGa4!.query).toEqual({ measurement_id: 'G-PRATA925', api_secret: GA4_SECRET });
    const ga4Event = (toGa4!.body.events as { name: string; params: Record<string, unknown> }[])[0]!;
    expect(ga4Event.name).toBe('purchase');
    expect(ga4Event.params).toMatchObject({ event_id: purchaseEventId(order.id), transaction_id: order.number, currency: 'BRL', items: [expect.objectContaining({ price: 50, quantity: 2 })] });
    expect(toGa4!.body.user_data).toEqual({ sha256_email_address: [sha256(buyer.email.toLowerCase())], sha256_phone_number: [sha256('+5511987654321')] });

    const [toMeta] = metaFor(order.id);
    expect(toMeta!.path).toBe('/v21.0/1234567890/events');
    expect(toMeta!.query).toEqual({ access_token: META_TOKEN });
    const metaEvent = (toMeta!.body.data as Record<string, unknown>[])[0]!;
    expect(metaEvent).toMatchObject({ event_name: 'Purchase', event_id: purchaseEventId(order.id), action_source: 'website', custom_data: expect.objectContaining({ currency: 'BRL', order_id: order.number }) });
    expect(metaEvent.user_data).toEqual({ em: [sha256(buyer.email.toLowerCase())], ph: [sha256('5511987654321')] });
    // Nothing in clear.
    expect(JSON.stringify([toGa4!.body, toMeta!.body])).not.toContain(buyer.email);
    // The choice recorded on the order is in the buyer's LGPD export.
    const exported = await service.app.inject({ method: 'GET', url: '/api/me/export', headers: bearer(buyer) });
    expect(exported.json().orders.find((entry: { number: string }) => entry.number === order.number).cookieConsent).toEqual({ analytics: true, marketing: true });
  });

  it('with analytics consent only: GA4 without the e-mail or phone, nothing to Meta; with none: nothing at all', async () => {
    await configure();
    const analyticsOnly = await paidOrder({ analytics: true, marketing: false });
    const none = await paidOrder();
    await until(() => ga4For(analyticsOnly.id).length === 1);
    expect(ga4For(analyticsOnly.id)[0]!.body.user_data).toBeUndefined();
    // The none-order's event ran before this point (dispatched on mark-paid, in order).
    await service.app.jobs.tick();
    expect(metaFor(analyticsOnly.id)).toEqual([]);
    expect(ga4For(none.id)).toEqual([]);
    expect(metaFor(none.id)).toEqual([]);
  });

  it('sends each purchase once per provider however often OrderPaid is dispatched, and again after a failure', async () => {
    await configure();
    const order = await paidOrder({ analytics: true, marketing: true });
    await until(() => ga4For(order.id).length === 1 && metaFor(order.id).length === 1);
    const em = service.db.orm.em.fork();
    const settings = new AnalyticsSettingsService(em, new SecretBox(service.app.config.encryptionKey));
    const options = { credentials: () => settings.credentials(), endpoints: service.app.config.analytics };
    // The outbox delivers at least once: a second dispatch sends nothing.
    expect(await sendPaidPurchase(em, options, order.id, clock.now())).toEqual([]);
    expect(ga4For(order.id)).toHaveLength(1);
    expect(metaFor(order.id)).toHaveLength(1);

    // A provider that fails releases its claim: the retry sends it.
    const second = await paidOrder({ analytics: false, marketing: true });
    await until(() => metaFor(second.id).length === 1);
    await sql(service, 'delete from analytics_deliveries where event_id = ?', [second.id]);
    meta.failWith = 503;
    await expect(sendPaidPurchase(em, options, second.id, clock.now())).rejects.toThrow(/503/);
    meta.failWith = null;
    expect(await sendPaidPurchase(em, options, second.id, clock.now())).toEqual(['meta']);
    expect(metaFor(second.id)).toHaveLength(2);
  });

  it('sends nothing while a provider is not set up', async () => {
    expect((await put(admin, { ga4MeasurementId: null, ga4ApiSecret: null, metaPixelId: null, metaAccessToken: null })).statusCode).toBe(200);
    const order = await paidOrder({ analytics: true, marketing: true });
    await service.app.jobs.tick();
    expect(ga4For(order.id)).toEqual([]);
    expect(metaFor(order.id)).toEqual([]);
    expect(await sql(service, 'select 1 from analytics_deliveries where event_id = ?', [order.id])).toEqual([]);
  });
});

describe('hashedUser', () => {
  it('normalises before hashing: e-mail trimmed and lower-cased, phone with the country code; a foreign phone left out', () => {
    const sha = (value: string) => createHash('sha256').update(value).digest('hex');
    expect(hashedUser('  Maria@Example.COM ', '(21) 3456-7890')).toEqual({ emailSha256: sha('maria@example.com'), phone: { digitsSha256: sha('552134567890'), e164Sha256: sha('+552134567890') } });
    expect(hashedUser('a@b.com', '+44 20 7946 0958').phone).toBeNull();
  });
});
