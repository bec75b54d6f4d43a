/**
 * Returns asked from the order-tracking page, without signing in (contracts order-tracking.ts).
 *
 * Whoever holds a tracking link sees the order, but a link is forwarded and lands in shared
 * inboxes, so asking for a return needs one more proof: a 6-digit one-time code e-mailed to the
 * order's contact address. Only its SHA-256 (salted with the order id) is kept; it counts for
 * {@link RETURN_CODE_TTL_MS}, once, for at most {@link RETURN_CODE_MAX_ATTEMPTS} wrong tries, and
 * asking for a new one voids the ones before. At most {@link CODES_PER_ORDER} codes per order go
 * out per {@link CODES_WINDOW_MS} (the routes limit each address too).
 *
 * The right code buys a grant: a token of the tracking link's shape signed under a key of its own
 * (order-tracking-links.ts), naming the order and valid {@link RETURN_GRANT_TTL_MS}. With it (and
 * the same order's tracking link) the shopper sees and asks that order's returns through the
 * returns service as its account would: same eligibility, same e-mails, the order's account as
 * the requester.
 */
import { randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import {
  ORDER_TRACKING_EXPIRED_MESSAGE,
  ORDER_TRACKING_INVALID_MESSAGE,
  RETURN_CODE_LENGTH,
  type OrderReturns,
  type ReturnAccess,
  type ReturnCodeSent,
  type ReturnGrant,
  type ReturnRequest as ReturnRequestDto,
} from '@prata/contracts';
import { ConflictError, DomainError, ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from '../../errors.ts';
import { sameDigest, sha256Hex } from '../../lib/crypto.ts';
import { Order, type OrderTrackingLinks } from '../orders/index.ts';
import type { ReturnService } from './returns.service.ts';
import type { Workflow } from './return-workflow.ts';
import { ReturnCode } from './return.entities.ts';

/** How long an e-mailed code counts, ms: 10 minutes. */
export const RETURN_CODE_TTL_MS = 10 * 60_000;
/** Wrong tries a code takes before it stops counting. */
export const RETURN_CODE_MAX_ATTEMPTS = 5;
/** How long a grant lets its holder ask the order's return, ms: 30 minutes. */
export const RETURN_GRANT_TTL_MS = 30 * 60_000;
/** Codes sent per order within {@link CODES_WINDOW_MS}. */
export const CODES_PER_ORDER = 3;
/** The window of {@link CODES_PER_ORDER}, ms: 15 minutes. */
export const CODES_WINDOW_MS = 15 * 60_000;

/** 410: a code past its expiry, used, or voided by a newer one. */
export class ReturnCodeExpiredError extends DomainError {
  constructor() {
    super(410, 'return_code_expired', 'Este código expirou. Peça um novo código.');
  }
}

/** 410: a tracking link the store signed, past its expiry. */
class TrackingExpiredError extends DomainError {
  constructor() {
    super(410, 'tracking_link_expired', ORDER_TRACKING_EXPIRED_MESSAGE);
  }
}

/** `maria@exemplo.com` as `m***@exemplo.com`: enough to recognise one's own address, not to learn it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** How a code is stored: SHA-256 of the order id and the code, so one digest never matches another order's code. */
function codeDigest(orderId: string, code: string): string {
  return sha256Hex(`${orderId}:${code}`);
}

export class ReturnCodes {
  private readonly workflow: Workflow;
  private readonly returns: ReturnService;
  private readonly grants: OrderTrackingLinks;

  /** `grants`: signs and checks the one-order grants (a key of their own, never the tracking links'). */
  constructor(workflow: Workflow, returns: ReturnService, grants: OrderTrackingLinks) {
    this.workflow = workflow;
    this.returns = returns;
    this.grants = grants;
  }

  /** Whether the tracked order can be returned now, and its masked contact address. @throws NotFoundError, 410. */
  async access(em: EntityManager, token: string): Promise<ReturnAccess> {
    const order = await this.trackedOrder(em, token);
    const { open } = await this.returns.forOrder(em, order.user.id, order.id);
    return { open, maskedEmail: maskEmail(order.customerEmail) };
  }

  /**
   * E-mails a new code to the order's contact address (voiding the ones before).
   * @throws NotFoundError, 410 (link), ConflictError `returns_closed` (nothing to return now),
   * TooManyRequestsError (more than {@link CODES_PER_ORDER} in {@link CODES_WINDOW_MS}).
   */
  async send(em: EntityManager, token: string): Promise<ReturnCodeSent> {
    const tracked = await this.trackedOrder(em, token);
    const { open } = await this.returns.forOrder(em, tracked.user.id, tracked.id);
    if (!open) throw new ConflictError('Este pedido não pode ser devolvido ou trocado agora.', 'returns_closed');
    const now = this.workflow.clock.now();
    const expiresAt = new Date(now.getTime() + RETURN_CODE_TTL_MS);
    await this.workflow.run(em, async (tx, effects) => {
      // The order's row lock: two requests at once cannot both pass the count.
      const order = await this.workflow.lock(tx, { id: tracked.id });
      const recent = await tx.count(ReturnCode, { order: order.id, createdAt: { $gt: new Date(now.getTime() - CODES_WINDOW_MS) } });
      if (recent >= CODES_PER_ORDER) throw new TooManyRequestsError('Muitos códigos pedidos para este pedido. Aguarde alguns minutos e tente de novo.');
      await tx.nativeUpdate(ReturnCode, { order: order.id, usedAt: null }, { usedAt: now });
      const code = String(randomInt(10 ** RETURN_CODE_LENGTH)).padStart(RETURN_CODE_LENGTH, '0');
      tx.create(ReturnCode, { order, codeHash: codeDigest(order.id, code), attempts: 0, expiresAt, usedAt: null, createdAt: now });
      effects.mails.push(
        this.workflow.deps.mailer.queue(tx, {
          to: order.customerEmail,
          subject: `Seu código para devolver ou trocar - pedido ${order.number}`,
          text: `Olá!\n\nSeu código para pedir a devolução ou troca do pedido ${order.number} é: ${code}\n\nEle vale por 10 minutos. Se você não pediu este código, ignore este e-mail: ninguém consegue usar o pedido sem ele.`,
        }),
      );
    });
    return { maskedEmail: maskEmail(tracked.customerEmail), expiresAt: expiresAt.toISOString() };
  }

  /**
   * A grant for the tracked order when `code` is its newest code, unexpired and unused.
   * @throws ValidationError `return_code_wrong` (the try counted), ReturnCodeExpiredError,
   * TooManyRequestsError (the code took {@link RETURN_CODE_MAX_ATTEMPTS} wrong tries).
   */
  async verify(em: EntityManager, token: string, code: string): Promise<ReturnGrant> {
    const order = await this.trackedOrder(em, token);
    const now = this.workflow.clock.now();
    const outcome = await em.transactional(async (tx) => {
      const stored = await tx.findOne(ReturnCode, { order: order.id, usedAt: null }, { orderBy: { createdAt: 'desc' }, lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!stored || stored.expiresAt.getTime() <= now.getTime()) return 'expired' as const;
      if (stored.attempts >= RETURN_CODE_MAX_ATTEMPTS) return 'locked' as const;
      if (sameDigest(codeDigest(order.id, code), stored.codeHash)) {
        stored.usedAt = now;
        return 'right' as const;
      }
      stored.attempts += 1;
      return RETURN_CODE_MAX_ATTEMPTS - stored.attempts;
    });
    if (outcome === 'expired') throw new ReturnCodeExpiredError();
    if (outcome === 'locked') throw new TooManyRequestsError('Muitas tentativas erradas. Peça um novo código.');
    if (outcome !== 'right') {
      const message = outcome > 0 ? `Código incorreto. ${outcome === 1 ? 'Resta 1 tentativa' : `Restam ${outcome} tentativas`}.` : 'Código incorreto. Peça um novo código.';
      throw new ValidationError(message, [{ path: 'code', message }], 'return_code_wrong');
    }
    const expiresAt = new Date(now.getTime() + RETURN_GRANT_TTL_MS);
    return { grant: this.grants.sign(order.id, expiresAt), expiresAt: expiresAt.toISOString() };
  }

  /** The tracked order's returns, for the holder of its grant (as the account's order page shows them). @throws ForbiddenError. */
  async forOrder(em: EntityManager, token: string, grant: string): Promise<OrderReturns> {
    const order = await this.grantedOrder(em, token, grant);
    return this.returns.forOrder(em, order.user.id, order.id);
  }

  /** A return or exchange of the tracked order, for the holder of its grant: the returns service's request as the order's account. */
  async request(em: EntityManager, token: string, grant: string, input: Parameters<ReturnService['request']>[3]): Promise<ReturnRequestDto> {
    const order = await this.grantedOrder(em, token, grant);
    return this.returns.request(em, order.user.id, order.id, input);
  }

  /** The order `token` names and `grant` was given for. @throws NotFoundError, 410, ForbiddenError (no grant of this order, or an expired one). */
  private async grantedOrder(em: EntityManager, token: string, grant: string): Promise<Order> {
    const order = await this.trackedOrder(em, token);
    const checked = this.grants.check(grant, this.workflow.clock.now());
    if (!checked || checked.orderId !== order.id) throw new ForbiddenError('Código de acesso inválido para este pedido. Peça um novo código.', 'return_grant_invalid');
    if (checked.expired) throw new ForbiddenError('Seu acesso expirou. Peça um novo código por e-mail.', 'return_grant_expired');
    return order;
  }

  /** The order a tracking token names. @throws NotFoundError (not signed, changed, gone), 410 (expired). */
  private async trackedOrder(em: EntityManager, token: string): Promise<Order> {
    const checked = this.workflow.deps.trackingLinks.check(token, this.workflow.clock.now());
    if (!checked) throw new NotFoundError(ORDER_TRACKING_INVALID_MESSAGE, 'tracking_link_invalid');
    if (checked.expired) throw new TrackingExpiredError();
    const order = await em.findOne(Order, { id: checked.orderId });
    if (!order) throw new NotFoundError(ORDER_TRACKING_INVALID_MESSAGE, 'tracking_link_invalid');
    return order;
  }
}
