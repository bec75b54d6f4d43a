/**
 * The events the service publishes match the contracts' registry at run time: every
 * registered event seen during a product's and two orders' lives parses with its payload schema
 * (DOMAIN_EVENT_PAYLOADS), travels on the channel the registry names, and each of the kinds the
 * flows produce was seen. The compiler checks the shapes; this checks the values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAIN_EVENT_PAYLOADS, channelOfEvent, isDomainEventName, type DomainEventName } from '@prata/contracts';
import type { DomainEvent } from '../src/events/event-bus.ts';
import { subscriber } from '../src/jobs/module-tasks.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';
import { customer, placeOrder } from './shop.ts';

const clock = new TestClock(Date.parse('2026-11-24T13:00:00Z'));
let service: TestService;
let staff: SignedIn;
const events: DomainEvent[] = [];

beforeAll(async () => {
  service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0', ORDER_RATE_LIMIT_PER_MINUTE: '10000' }, clock);
  service.app.events.subscribe('*', (event) => void events.push(event));
  staff = await account(service, ['admin'], 'admin');
});
afterAll(async () => service?.close());

const asStaff = (method: 'POST' | 'PUT', url: string, payload: object = {}) => service.app.inject({ method, url, headers: bearer(staff), payload });

describe('published domain events', () => {
  it('match their registered payload schemas and channels', async () => {
    const created = await asStaff('POST', '/api/admin/products', { name: 'Anel Registro', category: 'aneis', priceCents: 12_990, stock: 5 });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json<{ id: string }>();
    expect((await asStaff('PUT', `/api/admin/products/${product.id}`, { name: 'Anel Registro', category: 'aneis', priceCents: 13_990, stock: 5 })).statusCode).toBe(200);

    const buyer = await account(service);
    const order = async () => {
      const response = await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 1 }], customer: { ...customer, email: buyer.email }, payment: { method: 'pix' } });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>().id;
    };
    const shipped = await order();
    expect((await asStaff('POST', `/api/admin/orders/${shipped}/mark-paid`, { note: 'PIX conferido no extrato' })).statusCode).toBe(200);
    expect((await asStaff('POST', `/api/admin/orders/${shipped}/ship`, { carrier: 'Correios', trackingCode: 'QB123456789BR' })).statusCode).toBe(200);
    expect((await asStaff('POST', `/api/admin/orders/${shipped}/deliver`)).statusCode).toBe(200);
    const cancelled = await order();
    expect((await asStaff('POST', `/api/admin/orders/${cancelled}/cancel`, { note: 'Cliente desistiu' })).statusCode, 'cancel').toBe(200);

    const seen = new Set<DomainEventName>();
    await expect.poll(() => events.some((event) => event.type === 'OrderCancelled')).toBe(true);
    for (const event of events) {
      expect(isDomainEventName(event.type), event.type).toBe(true);
      const name = event.type as DomainEventName;
      seen.add(name);
      const parsed = DOMAIN_EVENT_PAYLOADS[name].safeParse(event.payload);
      expect(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
    expect([...seen]).toEqual(
      expect.arrayContaining(['ProductCreated', 'ProductUpdated', 'OrderPlaced', 'OrderPaid', 'OrderShipped', 'OrderDelivered', 'OrderCancelled', 'NotificationCreated']),
    );
    expect(channelOfEvent('OrderPaid')).toBe('orders');
    expect(channelOfEvent('ReservationCreated')).toBeNull();
    expect(channelOfEvent('HandlerProbe')).toBeNull();
  });
});

describe('subscribing by event name', () => {
  it('takes only names of the registry: a misspelt one fails typecheck (the @ts-expect-error lines below)', () => {
    // Never called: these lines are checked by `tsc`, which fails if a misspelt name compiles.
    const typeOnly = () => {
      // @ts-expect-error 'OrderPiad' is not a registered domain event.
      service.app.events.subscribe('OrderPiad', () => undefined);
      // @ts-expect-error 'ProductUpdate' is not a registered domain event.
      service.app.events.subscribeEachInstance('ProductUpdate', () => undefined);
      // @ts-expect-error a module's subscriber record names a registered event too.
      subscriber({ name: 'typo-probe', event: 'StockReplenish', handle: () => undefined });
      // A registered name types the handler's payload.
      service.app.events.subscribe('OrderPaid', (event) => event.payload.totalCents.toFixed());
    };
    expect(typeof typeOnly).toBe('function');
  });
});
