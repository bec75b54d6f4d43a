/**
 * Password hashing with argon2id (the `argon2` library, OWASP-recommended parameters of the
 * library's defaults: m=64 MiB, t=3, p=4) and the panel password strength rule of admin.md 5
 * (upper case, lower case, digits, special characters; at least 12 characters).
 */
import argon2 from 'argon2';
import { PANEL_PASSWORD_MIN } from '@prata/contracts';

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

/** True when `password` matches `hash`; false for a malformed hash. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  return argon2.verify(hash, password).catch(() => false);
}

/** A hash to verify against when the account does not exist (same cost: no timing oracle). */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('prata-925-no-such-account');
  return dummyHash;
}

/**
 * validate_password_strength (admin.md 7): `valid` and the pt-BR feedback of every unmet rule.
 */
export function passwordStrength(password: string): { valid: boolean; feedback: string[] } {
  const feedback: string[] = [];
  if (password.length < PANEL_PASSWORD_MIN) feedback.push('A senha deve ter pelo menos 12 caracteres.');
  if (!/[A-Z]/.test(password)) feedback.push('Inclua pelo menos uma letra maiúscula.');
  if (!/[a-z]/.test(password)) feedback.push('Inclua pelo menos uma letra minúscula.');
  if (!/\d/.test(password)) feedback.push('Inclua pelo menos um número.');
  if (!/[^A-Za-z0-9]/.test(password)) feedback.push('Inclua pelo menos um caractere especial.');
  return { valid: feedback.length === 0, feedback };
}

/** True when `password` passes the panel strength rule staff accounts must follow (stored as `users.password_meets_staff_rule`). */
export function meetsStaffRule(password: string): boolean {
  return passwordStrength(password).valid;
}
