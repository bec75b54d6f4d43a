/**
 * Webhook signatures in Mercado Pago's documented scheme ("Validate notification origin"):
 *
 *   x-signature: ts=<timestamp>,v1=<hex HMAC-SHA256>
 *   x-request-id: <uuid>
 *   manifest = "id:<data.id from the query string>;request-id:<x-request-id>;ts:<ts>;"
 *   v1 = HMAC-SHA256(webhook secret, manifest) as lower-case hex
 *
 * `data.id` is lower-cased when alphanumeric; a part whose value is absent is left out of the
 * manifest. The body is not signed: the store re-reads the payment from the acquirer anyway.
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

/**
 * True when `header` (`x-signature`) is a valid signature of the request's `dataId` and
 * `requestId` with `secret`. Constant-time comparison; any malformed header is false.
 */
export function verifyWebhookSignature(secret: string, header: string | undefined, parts: Omit<SignedParts, 'ts'>): boolean {
  if (!header || !secret) return false;
  const fields = new Map(
    header.split(',').map((part) => {
      const [key = '', ...value] = part.split('=');
      return [key.trim(), value.join('=').trim()] as const;
    }),
  );
  const ts = fields.get('ts');
  const v1 = fields.get('v1');
  if (!ts || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) return false;
  const expected = createHmac('sha256', secret).update(signatureManifest({ ...parts, ts })).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}
