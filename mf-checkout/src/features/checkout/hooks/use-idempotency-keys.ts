/** The checkout attempt's Idempotency-Key holder, kept for the life of the checkout page. */
import { useState } from 'react';
import { createIdempotencyKeys, type IdempotencyKeys } from '../utils/idempotency-keys.ts';

export function useIdempotencyKeys(): IdempotencyKeys {
  return useState(() => createIdempotencyKeys())[0];
}
