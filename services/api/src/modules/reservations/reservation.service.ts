/**
 * Reservations (storefront.md 4, 5, 8). A signed-in shopper's favourite holds one unit
 * for 30 minutes: available = stock - active unexpired reservations (sold units have already
 * left `stock`). Reserving locks the product row (SELECT ... FOR UPDATE) for the length of a
 * short transaction, so concurrent requests can never hold more units than exist; a partial
 * unique index allows one active reservation per product and shopper.
 *
 * Against stock hoarding (security review 2026-11-29 #6: expiry freed a shopper to hold the same
 * unit again at once, and nothing capped how many products one account held): an account holds at
 * most `maxPerAccount` products at once, and may hold a product again only `cooldownMs` after its
 * previous hold of it began (a hold released by the shopper counts too, or release-and-reserve
 * would renew it). Both are checked under a per-account advisory lock, so parallel requests of one
 * account cannot pass the cap together.
 */
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { RESERVATION_DURATION_MS, type Reservation, RESERVATION_EVENTS } from '@prata/contracts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { PRODUCT_IMAGES_BUCKET, type ObjectStorage } from '../../storage/object-storage.ts';
import { labelOf, pickVariant, Product, ProductReservation, variantsByProduct } from '../catalogue/index.ts';
import type { DomainEventRecord } from '../../events/domain-event.entity.ts';
import type { EventBus } from '../../events/event-bus.ts';

export const ALREADY_RESERVED_MESSAGE = 'Este produto já está na sua lista de favoritos.';
export const UNAVAILABLE_MESSAGE = 'Não há unidades disponíveis deste produto para reservar no momento.';

/** Limits of one account's holds (see the module doc). */
export interface ReservationLimits {
  /** Products one account holds at once. */
  maxPerAccount: number;
  /** ms after a hold of a product began before the same account may hold it again. */
  cooldownMs: number;
}

/** The defaults of RESERVATION_MAX_PER_ACCOUNT and RESERVATION_COOLDOWN_MS. */
export const DEFAULT_RESERVATION_LIMITS: ReservationLimits = { maxPerAccount: 5, cooldownMs: 24 * 60 * 60_000 };

/** 409 `reservation_limit`: the account holds `max` products already. */
export const limitMessage = (max: number) => `Você já tem ${max} peças reservadas. Remova uma dos favoritos para reservar outra.`;

/** 409 `reservation_cooldown`: the account held this product recently; `again` is when it may hold it again (pt-BR, São Paulo time). */
export const cooldownMessage = (again: Date) =>
  `Você reservou esta peça há pouco. Poderá reservá-la de novo a partir de ${again.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' }).replace(', ', ' às ')}.`;

/*
 * Domain events of reservations (RESERVATION_EVENTS; aggregate: the product, whose `available`
 * they change; payload `{ productId }`). Published after commit through the outbox; no realtime
 * channel carries them (the contracts' DOMAIN_EVENTS): they are for the service's own caches.
 */

export class ReservationService {
  private readonly clock: Clock;
  private readonly storage: ObjectStorage;
  private readonly events: EventBus | undefined;
  private readonly limits: ReservationLimits;

  /**
   * `events`: where reserve and release publish {@link RESERVATION_EVENTS} (none: they publish
   * nothing); `limits`: the account's hold limits (RESERVATION_MAX_PER_ACCOUNT, RESERVATION_COOLDOWN_MS).
   */
  constructor(clock: Clock, storage: ObjectStorage, events?: EventBus, limits: ReservationLimits = DEFAULT_RESERVATION_LIMITS) {
    this.clock = clock;
    this.storage = storage;
    this.events = events;
    this.limits = limits;
  }

  /**
   * Reserves one unit of `productId` (of its variant `variantId`) for `userId` for 30
   * minutes. A shopper holds at most one unit per product, whatever its variant. Only an `active`
   * product can be reserved (drafts and archived products are not found).
   * @throws NotFoundError; ValidationError 'Escolha uma opção' (a product with variants without
   * one of them) or a variant for a product without options; ConflictError 'already_reserved',
   * 'reservation_limit' (the account holds `maxPerAccount` products), 'reservation_cooldown' (it
   * held this product less than `cooldownMs` ago) or 'unavailable'.
   */
  async reserve(em: EntityManager, userId: string, productId: string, variantId: string | null = null): Promise<Reservation> {
    const records: DomainEventRecord[] = [];
    const reservation = await em.transactional(async (tx) => {
      const product = await tx.findOne(Product, { id: productId, status: 'active' }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!product) throw new NotFoundError('Produto não encontrado');
      const variant = pickVariant(product, (await variantsByProduct(tx, [productId])).get(productId) ?? [], variantId);
      const now = this.clock.now();
      // The shopper's own expired hold (not yet swept by the cleanup job) no longer counts.
      await tx.nativeUpdate(ProductReservation, { product: productId, user: userId, isActive: true, expiresAt: { $lte: now } }, { isActive: false, releasedAt: now });
      if (await tx.count(ProductReservation, { product: productId, user: userId, isActive: true })) {
        throw new ConflictError(ALREADY_RESERVED_MESSAGE, 'already_reserved');
      }
      // One account's reserves one at a time from here (its cap spans products, whose row locks differ).
      await tx.getConnection().execute(`select pg_advisory_xact_lock(hashtext(?))`, [`reservations:${userId}`], 'get', tx.getTransactionContext());
      const last = await tx.findOne(ProductReservation, { product: productId, user: userId }, { orderBy: { createdAt: 'desc' }, fields: ['createdAt'] });
      if (last && now.getTime() - last.createdAt.getTime() < this.limits.cooldownMs) {
        throw new ConflictError(cooldownMessage(new Date(last.createdAt.getTime() + this.limits.cooldownMs)), 'reservation_cooldown');
      }
      if ((await tx.count(ProductReservation, { user: userId, isActive: true, expiresAt: { $gt: now } })) >= this.limits.maxPerAccount) {
        throw new ConflictError(limitMessage(this.limits.maxPerAccount), 'reservation_limit');
      }
      const held = variant
        ? await tx.count(ProductReservation, { variant: variant.id, isActive: true, expiresAt: { $gt: now } })
        : await tx.count(ProductReservation, { product: productId, isActive: true, expiresAt: { $gt: now } });
      if ((variant ? variant.stock : product.stock) - held <= 0) throw new ConflictError(UNAVAILABLE_MESSAGE, 'unavailable');
      const created = tx.create(ProductReservation, { product, variant, user: userId, createdAt: now, expiresAt: new Date(now.getTime() + RESERVATION_DURATION_MS) });
      if (this.events) records.push(this.events.record(tx, { type: RESERVATION_EVENTS.reserved, aggregateId: productId, payload: { productId } }));
      return created;
    });
    await this.events?.publish(em, records);
    return this.toDto(reservation);
  }

  /** Cancels the shopper's reservation of a product. @throws NotFoundError when there is none. */
  async release(em: EntityManager, userId: string, productId: string): Promise<void> {
    const records: DomainEventRecord[] = [];
    await em.transactional(async (tx) => {
      const released = await tx.nativeUpdate(ProductReservation, { product: productId, user: userId, isActive: true }, { isActive: false, releasedAt: this.clock.now() });
      if (released === 0) throw new NotFoundError('Reserva não encontrada', 'reservation_not_found');
      if (this.events) records.push(this.events.record(tx, { type: RESERVATION_EVENTS.released, aggregateId: productId, payload: { productId } }));
    });
    await this.events?.publish(em, records);
  }

  /** The shopper's active, unexpired reservations of `active` products, soonest expiry first. */
  async list(em: EntityManager, userId: string): Promise<Reservation[]> {
    const rows = await em.find(
      ProductReservation,
      { user: userId, isActive: true, expiresAt: { $gt: this.clock.now() }, product: { status: 'active' } },
      { populate: ['product', 'variant'], orderBy: { expiresAt: 'asc' } },
    );
    return rows.map((row) => this.toDto(row));
  }

  /** cleanup_expired_reservations: deactivates every expired reservation; returns how many. */
  cleanup(em: EntityManager): Promise<number> {
    const now = this.clock.now();
    return em.nativeUpdate(ProductReservation, { isActive: true, expiresAt: { $lte: now } }, { isActive: false, releasedAt: now });
  }

  private toDto(row: ProductReservation): Reservation {
    const product = row.product as Product;
    const variant = row.variant ?? null;
    return {
      productId: product.id,
      variantId: variant?.id ?? null,
      sku: variant?.sku ?? null,
      variantLabel: variant ? labelOf(variant, product.options ?? []) : null,
      expiresAt: row.expiresAt.toISOString(),
      product: {
        id: product.id,
        name: product.name,
        priceCents: variant?.priceCents ?? product.priceCents,
        imageUrl: product.imageKey ? this.storage.publicUrl(PRODUCT_IMAGES_BUCKET, product.imageKey) : null,
      },
    };
  }
}
