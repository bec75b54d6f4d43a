/** Mercado Pago's webhook signature scheme: the documented manifest, HMAC-SHA256 hex, constant-time check. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureInstant, signatureManifest, signWebhook, verifiedSignatureTs, verifyWebhookSignature } from './webhook-signature.ts';

const secret = 'your-secret-key';
const parts = { dataId: '123456', requestId: 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e', ts: '1742505638683' };

describe('webhook signature', () => {
  it('signs the documented manifest "id:<data.id>;request-id:<x-request-id>;ts:<ts>;"', () => {
    const manifest = 'id:123456;request-id:bb56a2f1-6aae-46ac-982e-9dcd3581d08e;ts:1742505638683;';
    expect(signatureManifest(parts)).toBe(manifest);
    expect(signWebhook(secret, parts)).toBe(`ts=1742505638683,v1=${createHmac('sha256', secret).update(manifest).digest('hex')}`);
  });

  it('lower-cases an alphanumeric data.id and leaves absent parts out', () => {
    expect(signatureManifest({ dataId: 'ABC123', requestId: undefined, ts: '1' })).toBe('id:abc123;ts:1;');
  });

  it('verifies the right signature only', () => {
    const header = signWebhook(secret, parts);
    const request = { dataId: parts.dataId, requestId: parts.requestId };
    expect(verifyWebhookSignature(secret, header, request)).toBe(true);
    expect(verifyWebhookSignature('another-secret', header, request)).toBe(false);
    expect(verifyWebhookSignature(secret, header, { ...request, dataId: '123457' })).toBe(false);
    expect(verifyWebhookSignature(secret, header.replace('ts=1742505638683', 'ts=1742505638684'), request)).toBe(false);
    expect(verifyWebhookSignature(secret, undefined, request)).toBe(false);
    expect(verifyWebhookSignature(secret, 'ts=1,v1=zz', request)).toBe(false);
  });

  it('accepts a valid signature only within 5 minutes of the clock, in seconds or milliseconds', () => {
    const request = { dataId: parts.dataId, requestId: parts.requestId };
    const signedAt = 1_742_505_638_683;
    const header = signWebhook(secret, parts);
    expect(signatureInstant('1742505638')).toBe(1_742_505_638_000);
    expect(signatureInstant('1742505638683')).toBe(signedAt);
    expect(signatureInstant('12a')).toBeNull();
    expect(verifiedSignatureTs(secret, header, request, signedAt + 4 * 60_000)).toBe(parts.ts);
    expect(verifiedSignatureTs(secret, header, request, signedAt - 4 * 60_000)).toBe(parts.ts);
    expect(verifiedSignatureTs(secret, header, request, signedAt + 5 * 60_000 + 1)).toBeNull();
    expect(verifiedSignatureTs(secret, header, request, signedAt - 5 * 60_000 - 1)).toBeNull();
    expect(verifiedSignatureTs('another-secret', header, request, signedAt)).toBeNull();
  });
});
