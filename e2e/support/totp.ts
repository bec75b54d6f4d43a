/**
 * RFC 6238 TOTP on node:crypto (HMAC-SHA1, 30 s step, 6 digits, base32 secret), independent of
 * the service's otplib, for the e2e tests that pass the two-factor step like an authenticator app.
 */
import { createHmac } from 'node:crypto';

export const TOTP_STEP_MS = 30_000;

function base32Decode(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
}

/** The time step of `at` (Unix time / 30 s). */
export function totpStep(at: number = Date.now()): number {
  return Math.floor(at / TOTP_STEP_MS);
}

/** The 6-digit code of `secret` for time step `step`. */
export function totpCode(secret: string, step: number = totpStep()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  return ((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, '0');
}

/**
 * A code of a time step after `usedStep` (the service accepts each step once): waits for the
 * next step when needed. Returns the code and its step.
 */
export async function freshTotpCode(secret: string, usedStep: number): Promise<{ code: string; step: number }> {
  while (totpStep() <= usedStep) {
    await new Promise((resolve) => setTimeout(resolve, (usedStep + 1) * TOTP_STEP_MS - Date.now() + 50));
  }
  const step = totpStep();
  return { code: totpCode(secret, step), step };
}

/**
 * A code the service accepts right now for a step after `usedStep`, without waiting: the current
 * step's, or the next step's (the service tolerates one step either side). Null when both were
 * used already (the caller then waits with {@link freshTotpCode} or uses a recovery code).
 */
export function totpCodeNow(secret: string, usedStep: number): { code: string; step: number } | null {
  const now = totpStep();
  const step = Math.max(now, usedStep + 1);
  return step <= now + 1 ? { code: totpCode(secret, step), step } : null;
}
