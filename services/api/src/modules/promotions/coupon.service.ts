/**
 * Coupons: the shopper's check, the redemption inside the order's
 * transaction and its release, and the panel's list, create and edit (audited).
 *
 * Concurrency: `redeem` locks the coupon's row (`SELECT ... FOR UPDATE`) before counting its
 * uses, so redemptions of one coupon run one after the other: of two shoppers taking the last use
 * at once, the second counts the first's redemption once it commits and is refused
 * ('Cupom esgotado', 409).
 */
import { LockMode, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { couponCodeSchema, couponInputSchema, type Coupon as CouponDto, type CouponInput, type CouponPatch } from '@prata/contracts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { audit, type RequestMeta } from '../audit/index.ts';
import { Coupon, CouponRedemption } from './coupon.entities.ts';
import { CouponRefusedError, applyCoupon, couponStatus, type CouponDiscount } from './coupon-rules.ts';

/** The cart a coupon is checked against: the code as typed, the account, goods and shipping in BRL cents, and the instant. */
export interface CouponCheckInput {
  code: string;
  userId: string;
  subtotalCents: number;
  shippingCents: number;
  now: Date;
}

/** A redemption: the check's input and the order the coupon is used on. */
export interface CouponRedeemInput extends CouponCheckInput {
  orderId: string;
}

/** A coupon used on an order: the discount, and the ids of the coupon and of the redemption row. */
export interface CouponRedemptionResult extends CouponDiscount {
  couponId: string;
  redemptionId: string;
}

const CODE_TAKEN = 'Já existe um cupom com este código';

export class CouponService {
  /**
   * Whether a coupon applies to a cart, and its discount (no use is counted: the cart and checkout
   * call it; the order's transaction calls `redeem`).
   * @throws CouponRefusedError 422/409 with the refusal's pt-BR message.
   */
  async check(em: EntityManager, input: CouponCheckInput): Promise<CouponDiscount> {
    const coupon = await this.find(em, input.code);
    return applyCoupon(coupon, await this.usage(em, coupon, input.userId, null), input);
  }

  /**
   * Uses a coupon on an order, inside the caller's (the order's) transaction `tx`: locks the
   * coupon's row, applies the rules with the uses counted under the lock, and writes the
   * redemption (flushed). `subtotalCents` and `shippingCents` must be the server's figures.
   * @throws CouponRefusedError 422/409 (the caller's transaction should then roll back);
   *   an error from MikroORM when `tx` is not in a transaction.
   */
  async redeem(tx: EntityManager, input: CouponRedeemInput): Promise<CouponRedemptionResult> {
    const coupon = await this.find(tx, input.code, true);
    const discount = applyCoupon(coupon, await this.usage(tx, coupon, input.userId, input.orderId), input);
    const redemption = tx.create(CouponRedemption, { coupon, orderId: input.orderId, user: input.userId, discountCents: discount.discountCents, createdAt: input.now });
    await tx.flush();
    return { ...discount, couponId: coupon.id, redemptionId: redemption.id };
  }

  /**
   * Takes a coupon use again for an order brought back from cancelled (a late payment reinstated
   * by staff), inside the caller's transaction: its use was given back when it was cancelled, and
   * meanwhile the coupon may have been used up (security review 2026-11-29 #8: a once-per-customer
   * coupon on two orders). The use limits are checked again (total uses, uses per customer, first
   * purchase), not the dates, pause or minimum (the order met them when placed), and the order's
   * own discount is recorded.
   * @throws CouponRefusedError 409 `coupon_exhausted` / `coupon_already_used`, 422 `coupon_first_purchase`
   *   (the caller answers that the payment must be refunded instead).
   */
  async redeemAgain(tx: EntityManager, input: { code: string; userId: string; orderId: string; discountCents: number; now: Date }): Promise<void> {
    const coupon = await this.find(tx, input.code, true);
    const usage = await this.usage(tx, coupon, input.userId, input.orderId);
    if (coupon.maxUses != null && usage.usedCount >= coupon.maxUses) throw new CouponRefusedError('coupon_exhausted');
    if (coupon.maxUsesPerCustomer != null && usage.usedByCustomer >= coupon.maxUsesPerCustomer) throw new CouponRefusedError('coupon_already_used');
    if (coupon.firstPurchaseOnly && usage.hasPreviousOrder) throw new CouponRefusedError('coupon_first_purchase');
    tx.create(CouponRedemption, { coupon, orderId: input.orderId, user: input.userId, discountCents: input.discountCents, createdAt: input.now });
    await tx.flush();
  }

  /**
   * Gives an order's coupon use back (the order was cancelled or expired), inside the caller's
   * transaction. @returns whether the order had a coupon.
   */
  async release(tx: EntityManager, orderId: string): Promise<boolean> {
    return (await tx.nativeDelete(CouponRedemption, { orderId })) > 0;
  }

  /** Every coupon, newest first, with its status at `now`, uses and discount given (BRL cents). */
  async list(em: EntityManager, now: Date): Promise<CouponDto[]> {
    const coupons = await em.find(Coupon, {}, { orderBy: { createdAt: 'desc', code: 'asc' } });
    const totals = await this.totals(em);
    return coupons.map((coupon) => toDto(coupon, totals.get(coupon.id), now));
  }

  /** Creates a coupon, audited. @throws ConflictError 409 when the code is taken. */
  async create(em: EntityManager, actorId: string, input: CouponInput, meta: RequestMeta, now: Date): Promise<CouponDto> {
    const data = couponInputSchema.parse(input);
    try {
      const coupon = await em.transactional(async (tx) => {
        const created = tx.create(Coupon, { ...fromInput(data), paused: false, createdAt: now, updatedAt: now });
        audit(tx, { userId: actorId, action: 'coupon_created', details: { code: data.code, coupon: data }, meta });
        return created;
      });
      return toDto(coupon, undefined, now);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new ConflictError(CODE_TAKEN, 'coupon_code_taken');
      throw error;
    }
  }

  /**
   * Edits a coupon (any field, checked again merged with the stored ones) and pauses or resumes
   * it (`paused`), audited. @throws NotFoundError 404; ValidationError 400 naming the fields;
   * ConflictError 409 when the new code is taken.
   */
  async update(em: EntityManager, actorId: string, id: string, patch: CouponPatch, meta: RequestMeta, now: Date): Promise<CouponDto> {
    try {
      await em.transactional(async (tx) => {
        const coupon = await tx.findOne(Coupon, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (!coupon) throw new NotFoundError('Cupom não encontrado', 'coupon_not_found');
        const { paused, ...fields } = patch;
        const before = toInput(coupon);
        const merged = couponInputSchema.safeParse({ ...before, ...fields });
        if (!merged.success) throw new ValidationError('Dados inválidos', merged.error.issues.map((issue) => ({ path: ['body', ...issue.path].join('.'), message: issue.message })));
        tx.assign(coupon, { ...fromInput(merged.data), ...(paused === undefined ? {} : { paused }), updatedAt: now });
        const action = Object.keys(fields).length > 0 || paused === undefined ? 'coupon_updated' : paused ? 'coupon_paused' : 'coupon_resumed';
        audit(tx, { userId: actorId, action, details: { code: merged.data.code, before, after: merged.data, ...(paused === undefined ? {} : { paused }) }, meta });
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new ConflictError(CODE_TAKEN, 'coupon_code_taken');
      throw error;
    }
    const coupon = await em.fork().findOneOrFail(Coupon, { id });
    return toDto(coupon, (await this.totals(em, id)).get(id), now);
  }

  /** The coupon of a code as typed (trimmed, upper-cased), optionally locked. @throws CouponRefusedError 'coupon_not_found'. */
  private async find(em: EntityManager, typed: string, lock = false): Promise<Coupon> {
    const code = couponCodeSchema.safeParse(typed);
    const coupon = code.success ? await em.findOne(Coupon, { code: code.data }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {}) : null;
    if (!coupon) throw new CouponRefusedError('coupon_not_found');
    return coupon;
  }

  /** The coupon's uses, the account's, and whether the account ordered before (cancelled orders and `orderId` aside). */
  private async usage(em: EntityManager, coupon: Coupon, userId: string, orderId: string | null) {
    const usedCount = await em.count(CouponRedemption, { coupon: coupon.id });
    const usedByCustomer = coupon.maxUsesPerCustomer == null ? 0 : await em.count(CouponRedemption, { coupon: coupon.id, user: userId });
    let hasPreviousOrder = false;
    if (coupon.firstPurchaseOnly) {
      // Plain SQL on `orders`: the orders module will call this one, so importing it would make a cycle.
      const rows = await em
        .getConnection()
        .execute<{ found: boolean }[]>(
          `select exists (select 1 from orders where user_id = ? and status <> 'cancelled' and id is distinct from ?::uuid) as found`,
          [userId, orderId],
          'all',
          em.getTransactionContext(),
        );
      hasPreviousOrder = Boolean(rows[0]?.found);
    }
    return { usedCount, usedByCustomer, hasPreviousOrder };
  }

  /** Uses and discount given per coupon (of one coupon when `id` is given). */
  private async totals(em: EntityManager, id?: string): Promise<Map<string, { used: number; discount: number }>> {
    const rows = await em
      .getConnection()
      .execute<{ coupon_id: string; used: number; discount: number }[]>(
        `select coupon_id, count(*)::int as used, coalesce(sum(discount_cents), 0)::int as discount from coupon_redemptions ${id ? 'where coupon_id = ?' : ''} group by coupon_id`,
        id ? [id] : [],
        'all',
      );
    return new Map(rows.map((row) => [row.coupon_id, { used: row.used, discount: row.discount }]));
  }
}

/** The entity's fields from a validated input (ISO instants -> Dates). */
function fromInput(input: CouponInput) {
  return { ...input, startsAt: input.startsAt ? new Date(input.startsAt) : null, endsAt: input.endsAt ? new Date(input.endsAt) : null };
}

/** A stored coupon as the input schema reads it. */
function toInput(coupon: Coupon): CouponInput {
  return {
    code: coupon.code,
    kind: coupon.kind,
    value: coupon.value ?? null,
    minOrderCents: coupon.minOrderCents ?? null,
    startsAt: coupon.startsAt?.toISOString() ?? null,
    endsAt: coupon.endsAt?.toISOString() ?? null,
    maxUses: coupon.maxUses ?? null,
    maxUsesPerCustomer: coupon.maxUsesPerCustomer ?? null,
    firstPurchaseOnly: coupon.firstPurchaseOnly,
  };
}

function toDto(coupon: Coupon, totals: { used: number; discount: number } | undefined, now: Date): CouponDto {
  const usedCount = totals?.used ?? 0;
  return {
    id: coupon.id,
    ...toInput(coupon),
    paused: coupon.paused,
    status: couponStatus(coupon, usedCount, now),
    usedCount,
    discountTotalCents: totals?.discount ?? 0,
    createdAt: coupon.createdAt.toISOString(),
  };
}

export { CouponRefusedError };
