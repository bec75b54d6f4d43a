/**
 * One Idempotency-Key per checkout attempt: the same order body gets the same key until the
 * service gives a definitive answer (an order, or a 4xx), so a retry after a network failure or
 * a 5xx can never charge twice; a changed body (other card, address, cart) is a new attempt.
 */
export interface IdempotencyKeys {
  /** The key for this body: the pending attempt's key when the body is unchanged, else a new one. */
  keyFor(body: unknown): string;
  /** Forgets the attempt (the service answered it definitively). */
  settle(): void;
}

/** A random v4 UUID (`crypto.randomUUID` needs a secure context; fall back to getRandomValues). */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createIdempotencyKeys(newKey: () => string = randomUuid): IdempotencyKeys {
  let attempt: { key: string; fingerprint: string } | null = null;
  return {
    keyFor(body) {
      const fingerprint = JSON.stringify(body);
      if (attempt?.fingerprint !== fingerprint) attempt = { key: newKey(), fingerprint };
      return attempt.key;
    },
    settle() {
      attempt = null;
    },
  };
}
