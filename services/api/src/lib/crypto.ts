/**
 * Cryptographic helpers built on node:crypto (no hand-made algorithms):
 * - `randomToken()`: 32 random bytes, base64url (one-time links, refresh tokens);
 * - `sha256Hex()`: how tokens and recovery codes are stored (never the token itself);
 * - `SecretBox`: AES-256-GCM for secrets kept at rest (TOTP secrets). Format `iv.tag.data`
 *   (base64url parts); the key is 32 bytes derived with SHA-256 from the configured key.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time comparison of two hex digests of equal length. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `count` random codes of `length` characters from A-Z0-9 (2FA recovery codes, admin.md 9). */
export function randomCodes(count: number, length: number): string[] {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from({ length: count }, () => Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join(''));
}

export class SecretBox {
  private readonly key: Buffer;

  constructor(key: string) {
    this.key = createHash('sha256').update(key).digest();
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.');
  }

  /** @throws Error when the box was sealed with another key or tampered with. */
  open(sealed: string): string {
    const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !data) throw new Error('malformed sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  }
}
