/**
 * Order tracking without signing in (contracts order-tracking.ts):
 *
 * - `view`: the order a tracking token names (order-tracking-links.ts), as whoever holds the link
 *   may see it: the buyer's order view (order-dto.ts; BRL cents, ISO instants) with the delivery
 *   address cut to city and UF, no recipient name, a carrier link once shipped, and the PIX code or
 *   boleto line only when the order's contact address is the account's confirmed e-mail (the rule
 *   the order e-mails follow, security review 2026-11-29 #2: a link mailed to an unproven address
 *   must not hand out a genuine charge). 404 for a token the store did not sign, 410 once expired.
 * - `lookup`: a fresh token for the order whose number AND contact e-mail (or the buyer's CPF)
 *   match; one 404 with one message whatever did not match, so nobody learns which numbers exist.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ORDER_TRACKING_EXPIRED_MESSAGE,
  ORDER_TRACKING_INVALID_MESSAGE,
  ORDER_TRACKING_NOT_FOUND_MESSAGE,
  carrierTrackingUrl,
  type OrderTrackingView,
  type PaymentRenewalWindow,
} from '@prata/contracts';
import { DomainError, NotFoundError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { sameDigest, sha256Hex } from '../../lib/crypto.ts';
import { toOrderDto } from './order-dto.ts';
import { Order } from './order.entities.ts';
import type { OrderTrackingLinks } from './order-tracking-links.ts';
import type { PaymentRecovery } from './payment-recovery.service.ts';

/** 410: a link the store signed, past its expiry. */
export class TrackingLinkExpiredError extends DomainError {
  constructor() {
    super(410, 'tracking_link_expired', ORDER_TRACKING_EXPIRED_MESSAGE);
  }
}

/** A lookup's proof of ownership: the contact e-mail (lower case) or the buyer's CPF (11 digits). */
export type TrackingProof = { email: string; cpf?: undefined } | { cpf: string; email?: undefined };

/** Whether `given` equals `stored` (null: never), compared as SHA-256 digests in constant time. */
function sameText(given: string, stored: string | null): boolean {
  return stored !== null && sameDigest(sha256Hex(given), sha256Hex(stored));
}

export class OrderTrackingService {
  private readonly links: OrderTrackingLinks;
  private readonly clock: Clock;
  private readonly recovery: PaymentRecovery;

  /** `recovery`: when an order may get a new PIX or boleto, and issuing it for the link's holder. */
  constructor(links: OrderTrackingLinks, clock: Clock, recovery: PaymentRecovery) {
    this.links = links;
    this.clock = clock;
    this.recovery = recovery;
  }

  /** The order `token` names. @throws NotFoundError (not signed, changed, order gone), TrackingLinkExpiredError. */
  async view(em: EntityManager, token: string): Promise<OrderTrackingView> {
    const order = await em.findOne(Order, { id: this.orderId(token) }, { populate: ['items', 'statusChanges'] });
    if (!order) throw new NotFoundError(ORDER_TRACKING_INVALID_MESSAGE, 'tracking_link_invalid');
    return toTrackingView(order, this.recovery.window(order, await this.recovery.windowDays(em)));
  }

  /**
   * 'Gerar novo PIX' / 'Gerar novo boleto' for the holder of the order's signed link
   * (payment-recovery.service.ts `renew`, acting as 'Cliente'); the new code is shown under the
   * same rule as {@link view}'s. @throws as `view` and `renew`.
   */
  async renewPayment(em: EntityManager, token: string): Promise<OrderTrackingView> {
    await this.recovery.renew(em, { id: this.orderId(token) }, { userId: null, label: 'Cliente (link de acompanhamento)' });
    return this.view(em.fork(), token);
  }

  /** The order id a valid, unexpired `token` names. @throws NotFoundError, TrackingLinkExpiredError. */
  private orderId(token: string): string {
    const checked = this.links.check(token, this.clock.now());
    if (!checked) throw new NotFoundError(ORDER_TRACKING_INVALID_MESSAGE, 'tracking_link_invalid');
    if (checked.expired) throw new TrackingLinkExpiredError();
    return checked.orderId;
  }

  /** A tracking token for order `number` when `proof` matches it. @throws NotFoundError with the one generic message. */
  async lookup(em: EntityManager, number: string, proof: TrackingProof): Promise<{ token: string }> {
    const order = await em.findOne(Order, { number }, { fields: ['id', 'customerEmail', 'customerCpf'] });
    const matches =
      proof.email !== undefined ? sameText(proof.email, order?.customerEmail.toLowerCase() ?? null) : sameText(proof.cpf, order?.customerCpf ?? null);
    if (!order || !matches) throw new NotFoundError(ORDER_TRACKING_NOT_FOUND_MESSAGE);
    return { token: this.links.issue(order.id, this.clock.now()) };
  }
}

/**
 * The tracking view of `order` (items and history populated), offering a new charge within
 * `paymentRenewal`; for an address the account never proved, no payable code, gift message or
 * engraved text.
 */
export function toTrackingView(order: Order, paymentRenewal: PaymentRenewalWindow | null = null): OrderTrackingView {
  const { shipping, shipment, payment, ...dto } = toOrderDto(order, paymentRenewal);
  const codeShown = order.contactVerified;
  const awaitsCode = order.status === 'pending' && (payment.pix !== null || payment.boleto !== null || Boolean(payment.credits));
  return {
    ...dto,
    // The gift message and engraved texts are text the buyer wrote: withheld from an unproven address's link, like the code.
    ...(codeShown ? {} : { gift: dto.gift ? { ...dto.gift, message: null } : dto.gift, items: dto.items.map((item) => (item.engraving ? { ...item, engraving: { ...item.engraving, text: 'Gravação personalizada' } } : item)) }),
    shipping: { city: shipping.city, state: shipping.state },
    shipment: shipment ? { ...shipment, trackingUrl: carrierTrackingUrl(shipment.trackingCode) } : null,
    payment: codeShown ? payment : { ...payment, pix: null, boleto: null, credits: null },
    paymentCodeInAccount: awaitsCode && !codeShown,
  };
}
