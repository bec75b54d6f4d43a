/**
 * Shopping helpers for the order tests: a shipping address, a product of the test's own, an
 * order placed through the HTTP API (with an idempotency key), the stock of a product, the
 * sandbox acquirer's card token (as the browser gets it), and the outbox e-mails of an order.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Clock } from '../src/lib/clock.ts';
import { CatalogueService } from '../src/modules/catalogue/catalogue.service.ts';
import { Product } from '../src/modules/catalogue/product.entity.ts';
import { OutboxEmail } from '../src/mail/outbox-email.entity.ts';
import { StoreSettingsService } from '../src/modules/settings/index.ts';
import { HANDLING_DAYS } from '../src/modules/shipping/index.ts';
import { bearer, type SignedIn } from './accounts.ts';
import type { TestService } from './helpers.ts';

/** The shared test address and contact (test/checkout-data.ts, which tests outside this package use too). */
export { shippingCustomer as customer } from './checkout-data.ts';

/** A valid CPF (check digits verified by hand: 529.982.247-25). */
export const CPF = '529.982.247-25';

/** A necklace with `stock` units at `priceCents`. */
export async function createProduct(service: TestService, clock: Clock, stock: number, priceCents = 15990) {
  return new CatalogueService(service.db.orm.em.fork(), service.db.storage, clock).create({ name: `Colar Pedido ${Math.random().toString(36).slice(2, 8)}`, category: 'colares', priceCents, stock });
}

/**
 * Turns free shipping on for every order and region (threshold R$ 0,01), as an owner may: the
 * files whose subject is the payment, the lifecycle or the reports keep the goods as the charge.
 * Freight, coupons and the PIX discount on orders are tested in order-pricing.test.ts.
 */
export async function offerFreeShipping(service: TestService, actor: SignedIn): Promise<void> {
  await new StoreSettingsService(service.db.orm.em.fork()).saveFreeShipping(actor.userId, { thresholdCents: 1, regions: null }, { ip: '127.0.0.1', userAgent: 'test' });
}

/**
 * The delivery time of the store's freight table for `region` and `service`, as quotes give it
 * (business days, the store's handling day added), read from the database.
 */
export async function tableDeliveryDays(service: TestService, region: string, serviceName = 'PAC'): Promise<{ minDays: number; maxDays: number }> {
  const [row] = await service.db.orm.em.fork().getConnection().execute<{ min_days: number; max_days: number }[]>(
    'select min_days, max_days from freight_rates where region = ? and service = ?',
    [region, serviceName],
  );
  return { minDays: row!.min_days + HANDLING_DAYS, maxDays: row!.max_days + HANDLING_DAYS };
}

/** `POST /api/orders` as `who`. */
export function placeOrder(service: TestService, who: SignedIn, body: object, key: string = randomUUID()) {
  return service.app.inject({ method: 'POST', url: '/api/orders', headers: { ...bearer(who), 'idempotency-key': key }, payload: body });
}

export async function stockOf(service: TestService, id: string): Promise<number> {
  return (await service.db.orm.em.fork().findOneOrFail(Product, { id })).stock;
}

/** Tokenises a test card at the sandbox acquirer, as the browser does; returns an order's card payment. */
export async function sandboxCard(service: TestService, who: SignedIn, number = '4111111111111111', installments = 3) {
  const response = await service.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/card-tokens',
    headers: bearer(who),
    payload: { card_number: number, expiration_month: 12, expiration_year: 2030, security_code: '123', cardholder: { name: 'MARIA SILVA' } },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { method: 'credit-card', cardToken: response.json().id as string, cardBrand: 'visa', installments };
}

/** Subjects of the e-mails sent to `to` about order `number`, oldest first, with their texts. */
export async function orderMails(service: TestService, to: string, number: string): Promise<{ subject: string; text: string }[]> {
  const mails = await service.db.orm.em.fork().find(OutboxEmail, { to, subject: { $like: `%${number}%` } }, { orderBy: { createdAt: 'asc' } });
  return mails.map((mail) => ({ subject: mail.subject, text: mail.text }));
}
