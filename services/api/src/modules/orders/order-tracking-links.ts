/**
 * Signed, expiring order-tracking links (`<store>/pedido/<token>`): what the order e-mails carry,
 * so the shopper follows an order on whatever phone opened the e-mail, without signing in.
 *
 * A token is base64url of 54 bytes: the order id (16 bytes of its uuid), the expiry (48-bit
 * big-endian ms since the epoch) and HMAC-SHA256 over those 22 bytes (32). The key is derived from
 * JWT_SECRET under a label of its own, as invoice-links.ts does, so a tracking token can never pass
 * as an access token, an invoice link or any other signed value, and nothing else passes as one.
 * The MAC is compared in constant time; a token is read only when it is canonical base64url of
 * exactly that length (no second spelling of one token).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ORDER_TRACKING_TOKEN_LENGTH } from '@prata/contracts';

/** How long a tracking link stays valid from its e-mail (or lookup), ms: 90 days, longer than delivery and the 7-day return window. */
export const TRACKING_LINK_TTL_MS = 90 * 86_400_000;

const ID_BYTES = 16;
const EXPIRY_BYTES = 6;
const MAC_BYTES = 32;
const SIGNED_BYTES = ID_BYTES + EXPIRY_BYTES;

/** What a token says, once its signature holds: the order, and whether the link has expired. */
export type TrackingTokenCheck = { orderId: string; expired: boolean } | null;

export class OrderTrackingLinks {
  private readonly key: Buffer;

  /**
   * `secret`: the service's JWT_SECRET (only a key derived from it under `label` is used). Another
   * label signs tokens of the same shape for another purpose (the returns' one-order grants), which
   * never pass as tracking links, nor tracking links as them.
   */
  constructor(secret: string, label = 'prata925:order-tracking-link') {
    this.key = createHmac('sha256', secret).update(label).digest();
  }

  /** The token of order `orderId` (a uuid), valid until `expiresAt`. */
  sign(orderId: string, expiresAt: Date): string {
    const signed = Buffer.alloc(SIGNED_BYTES);
    Buffer.from(orderId.replace(/-/g, ''), 'hex').copy(signed, 0);
    signed.writeUIntBE(expiresAt.getTime(), ID_BYTES, EXPIRY_BYTES);
    return Buffer.concat([signed, this.mac(signed)]).toString('base64url');
  }

  /** The token of `orderId` issued at `now`, valid {@link TRACKING_LINK_TTL_MS}. */
  issue(orderId: string, now: Date): string {
    return this.sign(orderId, new Date(now.getTime() + TRACKING_LINK_TTL_MS));
  }

  /** The order `token` names, and whether it expired by `now`; null when the store did not sign it (or it was changed). */
  check(token: string, now: Date): TrackingTokenCheck {
    if (token.length !== ORDER_TRACKING_TOKEN_LENGTH) return null;
    const bytes = Buffer.from(token, 'base64url');
    if (bytes.length !== SIGNED_BYTES + MAC_BYTES || bytes.toString('base64url') !== token) return null;
    const signed = bytes.subarray(0, SIGNED_BYTES);
    if (!timingSafeEqual(this.mac(signed), bytes.subarray(SIGNED_BYTES))) return null;
    const hex = signed.subarray(0, ID_BYTES).toString('hex');
    const orderId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    return { orderId, expired: signed.readUIntBE(ID_BYTES, EXPIRY_BYTES) <= now.getTime() };
  }

  private mac(signed: Buffer): Buffer {
    return createHmac('sha256', this.key).update(signed).digest();
  }
}
