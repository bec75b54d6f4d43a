/** One Idempotency-Key per attempt: reused for a retry of the same body, new after a change or an answer. */
import { describe, expect, it } from 'vitest';
import { createIdempotencyKeys, randomUuid } from './idempotency-keys.ts';

describe('createIdempotencyKeys', () => {
  it('reuses the key while the same attempt is retried, and starts a new one for another body or after an answer', () => {
    let n = 0;
    const keys = createIdempotencyKeys(() => `key-${++n}`);
    const body = { items: [{ productId: 'a', quantity: 1 }], payment: { method: 'pix' } };
    expect(keys.keyFor(body)).toBe('key-1');
    expect(keys.keyFor(structuredClone(body))).toBe('key-1');
    expect(keys.keyFor({ ...body, payment: { method: 'boleto' } })).toBe('key-2');
    keys.settle();
    expect(keys.keyFor({ ...body, payment: { method: 'boleto' } })).toBe('key-3');
  });
});

describe('randomUuid', () => {
  it('makes v4 UUIDs', () => {
    expect(randomUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(randomUuid()).not.toBe(randomUuid());
  });
});
