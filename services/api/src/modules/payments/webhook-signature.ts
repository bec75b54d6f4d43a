/**
 * Webhook signatures in Mercado Pago's documented scheme ("Validate notification origin"):
 *
 *   x-signature: ts=<timestamp>,v1=<hex HMAC-SHA256>
 *   x-request-id: <uuid>
 *   manifest = "id:<data.id from the query string>;request-id:<x-request-id>;ts:<ts>;"
 *   v1 = HMAC-SHA256(webhook secret, manifest) as lower-case hex
 *
 * `data.id` is lower-cased when alphanumeric; a part whose value is absent is left out of the
 * manifest. The body is not signed: the store re-reads the payment from the acquirer anyway, and
 * de-duplicates on the signed parts only. A signature whose `ts` is
 * more than {@link WEBHOOK_MAX_AGE_MS} away from the store's clock is refused, so a captured
 * notification cannot be replayed later. `ts` is read as milliseconds when it has 13+ digits,
 * else as seconds (both forms appear in Mercado Pago's notifications).
 * The sandbox acquirer signs its notifications the same way, so both go through one check.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SignedParts {
  /** `data.id` of the query string (the payment id). */
  dataId: string | undefined;
  /** The `x-request-id` header. */
  requestId: string | undefined;
  /** The `ts` of the `x-signature` header. */
  ts: string;
}

/** The manifest string the HMAC covers. */
export function signatureManifest(parts: SignedParts): string {
  const id = parts.dataId && /^[a-z0-9]+$/i.test(parts.dataId) ? parts.dataId.toLowerCase() : parts.dataId;
  return [id ? `id:${id};` : '', parts.requestId ? `request-id:${parts.requestId};` : '', `ts:${parts.ts};`].join('');
}

/** The `x-signature` header value for `parts` signed with `secret`. */
export function signWebhook(secret: string, parts: SignedParts): string {
  return `ts=${parts.ts},v1=${createHmac('sha256', secret).update(signatureManifest(parts)).digest('hex')}`;
}

/** How far a signature's `ts` may be from the store's clock: 5 minutes. */
export const WEBHOOK_MAX_AGE_MS = 5 * 60_000;

/** The instant of a signature's `ts` (seconds, or milliseconds with 13+ digits), or null. */
export function signatureInstant(ts: string): number | null {
  if (!/^\d{1,16}$/.test(ts)) return null;
  const value = Number(ts);
  return ts.length >= 13 ? value : value * 1000;
}

/**
 * The verified signature of a webhook request: its `ts` (the signed timestamp), or null when
 * `header` (`x-signature`) is not a valid signature of the request's `dataId` and `requestId`
 * with `secret`, or its `ts` is more than {@link WEBHOOK_MAX_AGE_MS} from `now` (epoch ms).
 * Constant-time comparison; any malformed header is null.
 */
export function verifiedSignatureTs(secret: string, header: string | undefined, parts: Omit<SignedParts, 'ts'>, now: number): string | null {
  if (!verifyWebhookSignature(secret, header, parts)) return null;
  const ts = signatureFields(header!).get('ts')!;
  const instant = signatureInstant(ts);
  return instant !== null && Math.abs(now - instant) <= WEBHOOK_MAX_AGE_MS ? ts : null;
}

function signatureFields(header: string): Map<string, string> {
  return new Map(
    header.split(',').map((part) => {
      const [key = '', ...value] = part.split('=');
      return [key.trim(), value.join('=').trim()] as const;
    }),
  );
}

/**
 * True when `header` (`x-signature`) is a valid signature of the request's `dataId` and
 * `requestId` with `secret`, whatever its age (see {@link verifiedSignatureTs} for the window).
 * Constant-time comparison; any malformed header is false.
 */
export function verifyWebhookSignature(secret: string, header: string | undefined, parts: Omit<SignedParts, 'ts'>): boolean {
  if (!header || !secret) return false;
  const fields = signatureFields(header);
  const ts = fields.get('ts');
  const v1 = fields.get('v1');
  if (!ts || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) return false;
  const expected = createHmac('sha256', secret).update(signatureManifest({ ...parts, ts })).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}
