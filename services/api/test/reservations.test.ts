/**
 * Favourites that reserve stock (storefront.md 4, 5, 8, 9) against real PostgreSQL:
 * one unit held for 30 minutes, available = stock - active reservations, one active
 * reservation per shopper and product, no unit means no reservation, release on unfavourite,
 * expiry on its own (controllable clock + the 60 s job), and a race of parallel reservations on
 * the last units that never over-reserves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema, reservationListSchema } from '@prata/contracts';
import { CatalogueService } from '../src/modules/catalogue/catalogue.service.ts';
import { ProductReservation } from '../src/modules/catalogue/reservation.entity.ts';
import { cooldownMessage, DEFAULT_RESERVATION_LIMITS, ReservationService } from '../src/modules/reservations/reservation.service.ts';
import { account, accounts, bearer, type SignedIn } from './accounts.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';

const clock = new TestClock();
let service: TestService;
let shopper: SignedIn;
let other: SignedIn;

async function product(stock: number) {
  return new CatalogueService(service.db.orm.em.fork(), service.db.storage, clock).create({ name: `Anel Reserva ${stock} ${Math.random()}`, category: 'aneis', priceCents: 9990, stock });
}
const reserve = (who: SignedIn, productId: string) => service.app.inject({ method: 'POST', url: '/api/reservations', headers: bearer(who), payload: { productId } });
const release = (who: SignedIn, productId: string) => service.app.inject({ method: 'DELETE', url: `/api/reservations/${productId}`, headers: bearer(who) });
const available = async (productId: string) => productSchema.parse((await service.app.inject({ method: 'GET', url: `/api/products/${productId}` })).json()).available;

beforeAll(async () => {
  service = await createTestService({}, clock);
  shopper = await account(service);
  other = await account(service);
});
afterAll(async () => service?.close());

describe('reserving a favourite', () => {
  it('holds one unit for 30 minutes and lists it with the product', async () => {
    const ring = await product(5);
    expect(ring.available).toBe(5);
    const response = await reserve(shopper, ring.id);
    expect(response.statusCode).toBe(201);
    expect(Date.parse(response.json().expiresAt) - clock.now().getTime()).toBe(30 * 60_000);
    expect(await available(ring.id)).toBe(4);
    const list = reservationListSchema.parse((await service.app.inject({ method: 'GET', url: '/api/reservations', headers: bearer(shopper) })).json());
    expect(list).toEqual([expect.objectContaining({ productId: ring.id, product: expect.objectContaining({ name: ring.name, priceCents: 9990 }) })]);
  });

  it("refuses a second active reservation of the same product ('Produto já reservado')", async () => {
    const ring = await product(5);
    await reserve(shopper, ring.id);
    const again = await reserve(shopper, ring.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'already_reserved', message: 'Este produto já está na sua lista de favoritos.' });
    expect(await available(ring.id)).toBe(4);
  });

  it('refuses when no unit is available, and nothing changes', async () => {
    const last = await product(1);
    expect((await reserve(shopper, last.id)).statusCode).toBe(201);
    const refused = await reserve(other, last.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'unavailable', message: 'Não há unidades disponíveis deste produto para reservar no momento.' });
    expect(await available(last.id)).toBe(0);
    const soldOut = await product(0);
    expect((await reserve(shopper, soldOut.id)).json().error).toBe('unavailable');
    const missing = await reserve(shopper, '3f0b6a52-1d7e-4c3f-9a55-3a2f1c0d9e11');
    expect(missing.statusCode).toBe(404);
  });

  it('releases the unit when unfavourited', async () => {
    const ring = await product(1);
    await reserve(shopper, ring.id);
    const response = await release(shopper, ring.id);
    expect(response.json().message).toBe('A reserva foi cancelada e o produto voltou ao estoque.');
    expect(await available(ring.id)).toBe(1);
    expect((await release(shopper, ring.id)).statusCode).toBe(404);
    expect((await reserve(other, ring.id)).statusCode).toBe(201);
  });
});

describe('expiry', () => {
  it('stops counting after 30 minutes even before the cleanup: another shopper may reserve the unit, the same one only after the cool-down (review #6)', async () => {
    // Accounts of their own: the cap counts every hold an account has (earlier tests' too).
    const [first, second] = [await account(service), await account(service)];
    const ring = await product(1);
    await reserve(first, ring.id);
    const heldAt = clock.now().getTime();
    clock.advance(30 * 60_000 + 1);
    expect(await available(ring.id)).toBe(1);
    expect((await service.app.inject({ method: 'GET', url: '/api/reservations', headers: bearer(first) })).json()).toEqual([]);
    // The same account cannot renew its hold at expiry (that made a hold last forever).
    const again = await reserve(first, ring.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'reservation_cooldown', message: cooldownMessage(new Date(heldAt + DEFAULT_RESERVATION_LIMITS.cooldownMs)) });
    expect(again.json().message).toMatch(/^Você reservou esta peça há pouco\. Poderá reservá-la de novo a partir de \d{2}\/\d{2} às \d{2}:\d{2}\.$/);
    const byOther = await reserve(second, ring.id);
    expect(byOther.statusCode).toBe(201);
    await service.app.inject({ method: 'DELETE', url: `/api/reservations/${ring.id}`, headers: bearer(second) });
    // A day after its hold began, the shopper may hold it again.
    clock.advance(DEFAULT_RESERVATION_LIMITS.cooldownMs - 30 * 60_000);
    expect((await reserve(first, ring.id)).statusCode).toBe(201);
  });

  it('cannot be used to hoard stock (review #6): an account holds at most 5 products, and three accounts taking turns leave every piece free after their turns', async () => {
    const hoarders = [await account(service), await account(service), await account(service)];
    const pieces = [];
    for (let i = 0; i < 6; i += 1) pieces.push(await product(1));
    const rare = pieces.slice(0, 5);
    // The cap: the first account holds 5 pieces; a sixth is refused.
    for (const piece of rare) expect((await reserve(hoarders[0]!, piece.id)).statusCode).toBe(201);
    const sixth = await reserve(hoarders[0]!, pieces[5]!.id);
    expect([sixth.statusCode, sixth.json()]).toEqual([409, { error: 'reservation_limit', message: 'Você já tem 5 peças reservadas. Remova uma dos favoritos para reservar outra.' }]);
    // Release-and-reserve does not renew a hold.
    expect((await service.app.inject({ method: 'DELETE', url: `/api/reservations/${rare[0]!.id}`, headers: bearer(hoarders[0]!) })).statusCode).toBe(200);
    expect((await reserve(hoarders[0]!, rare[0]!.id)).json().error).toBe('reservation_cooldown');
    expect((await reserve(hoarders[1]!, rare[0]!.id)).statusCode).toBe(201);
    // The review's 30-minute cron with three accounts: each takes its turn once...
    clock.advance(30 * 60_000 + 1);
    for (const piece of rare.slice(1)) expect((await reserve(hoarders[1]!, piece.id)).statusCode).toBe(201);
    clock.advance(30 * 60_000 + 1);
    for (const piece of rare) expect((await reserve(hoarders[2]!, piece.id)).statusCode).toBe(201);
    clock.advance(30 * 60_000 + 1);
    // ...and then none of them can hold any of the pieces again: they are free for real shoppers.
    for (const hoarder of hoarders) {
      for (const piece of rare) expect((await reserve(hoarder, piece.id)).json().error).toBe('reservation_cooldown');
    }
    for (const piece of rare) expect(await available(piece.id)).toBe(1);
    expect((await reserve(await account(service), rare[0]!.id)).statusCode).toBe(201);
  });

  it('is swept by the cleanup procedure', async () => {
    const ring = await product(2);
    await reserve(other, ring.id);
    clock.advance(31 * 60_000);
    const released = await new ReservationService(clock, service.db.storage).cleanup(service.db.orm.em.fork());
    expect(released).toBeGreaterThanOrEqual(1);
    const row = await service.db.orm.em.fork().findOneOrFail(ProductReservation, { product: ring.id });
    expect(row.isActive).toBe(false);
    expect(row.releasedAt).not.toBeNull();
  });

  it('is swept by the service on its own, without any client (the reservation-cleanup job on the queue)', async () => {
    const fast = await createTestService({ RESERVATION_CLEANUP_INTERVAL_MS: '1000' }, clock);
    try {
      const who = await account(fast);
      const ring = await new CatalogueService(fast.db.orm.em.fork(), fast.db.storage, clock).create({ name: 'Anel Job', category: 'aneis', priceCents: 100, stock: 1 });
      expect((await fast.app.inject({ method: 'POST', url: '/api/reservations', headers: bearer(who), payload: { productId: ring.id } })).statusCode).toBe(201);
      const active = async () => (await fast.db.orm.em.fork().findOneOrFail(ProductReservation, { product: ring.id })).isActive;
      await fast.app.jobs.tick();
      expect(await active()).toBe(true);
      clock.advance(31 * 60_000);
      await fast.app.jobs.tick();
      expect(await active()).toBe(false);
    } finally {
      await fast.close();
    }
  });
});

describe('concurrency', () => {
  it('never reserves more units than exist when many shoppers race for the last ones', async () => {
    const shoppers = await accounts(service, 12);
    const ring = await product(3);
    const results = await Promise.all(shoppers.map((who) => reserve(who, ring.id)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().error === 'unavailable')).toBe(true);
    expect(await service.db.orm.em.fork().count(ProductReservation, { product: ring.id, isActive: true })).toBe(3);
    expect(await available(ring.id)).toBe(0);
  });

  it('lets one of a shopper’s parallel duplicate requests through', async () => {
    const ring = await product(10);
    const results = await Promise.all([1, 2, 3, 4].map(() => reserve(shopper, ring.id)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(await available(ring.id)).toBe(9);
  });
});
