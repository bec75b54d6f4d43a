/**
 * Signed links of cart reminders: the link that restores the cart (it names the reminder) and the
 * unsubscribe link (it names the shopper). Same construction as the order-tracking links: a token
 * is base64url of 54 bytes, the id (16 bytes of its uuid), the expiry (48-bit big-endian ms since
 * the epoch) and HMAC-SHA256 over those 22 bytes. Each purpose has a key of its own derived from
 * JWT_SECRET under its label, so a restore token never passes as an unsubscribe token, a tracking
 * link or an access token. The MAC is compared in constant time, and a token is read only when it
 * is canonical base64url of exactly that length.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a restore link works after its e-mail, ms (30 days). */
export const RESTORE_LINK_TTL_MS = 30 * 86_400_000;

/** How long an unsubscribe link works, ms (2 years: a mail client may keep offering it). */
export const UNSUBSCRIBE_LINK_TTL_MS = 730 * 86_400_000;

/** What a link token is for. */
export type CartLinkPurpose = 'restore' | 'unsubscribe';

const ID_BYTES = 16;
const EXPIRY_BYTES = 6;
const MAC_BYTES = 32;
const SIGNED_BYTES = ID_BYTES + EXPIRY_BYTES;
const TOKEN_LENGTH = Math.ceil(((SIGNED_BYTES + MAC_BYTES) * 4) / 3);

/** What a token says once its signature holds: the id it names, and whether it expired. */
export type CartLinkCheck = { id: string; expired: boolean } | null;

export class CartLinks {
  private readonly keys: Record<CartLinkPurpose, Buffer>;

  /** `secret`: the service's JWT_SECRET (only keys derived from it under this module's labels are used). */
  constructor(secret: string) {
    const derive = (label: string) => createHmac('sha256', secret).update(label).digest();
    this.keys = { restore: derive('prata925:cart-recovery:restore'), unsubscribe: derive('prata925:cart-recovery:unsubscribe') };
  }

  /** The token of `id` (a uuid) for `purpose`, valid until `expiresAt`. */
  sign(purpose: CartLinkPurpose, id: string, expiresAt: Date): string {
    const signed = Buffer.alloc(SIGNED_BYTES);
    Buffer.from(id.replace(/-/g, ''), 'hex').copy(signed, 0);
    signed.writeUIntBE(expiresAt.getTime(), ID_BYTES, EXPIRY_BYTES);
    return Buffer.concat([signed, this.mac(purpose, signed)]).toString('base64url');
  }

  /** The id `token` names for `purpose`, and whether it expired by `now`; null when the store did not sign it for that purpose. */
  check(purpose: CartLinkPurpose, token: string, now: Date): CartLinkCheck {
    if (token.length !== TOKEN_LENGTH) return null;
    const bytes = Buffer.from(token, 'base64url');
    if (bytes.length !== SIGNED_BYTES + MAC_BYTES || bytes.toString('base64url') !== token) return null;
    const signed = bytes.subarray(0, SIGNED_BYTES);
    if (!timingSafeEqual(this.mac(purpose, signed), bytes.subarray(SIGNED_BYTES))) return null;
    const hex = signed.subarray(0, ID_BYTES).toString('hex');
    const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    return { id, expired: signed.readUIntBE(ID_BYTES, EXPIRY_BYTES) <= now.getTime() };
  }

  private mac(purpose: CartLinkPurpose, signed: Buffer): Buffer {
    return createHmac('sha256', this.keys[purpose]).update(signed).digest();
  }
}
