/**
 * Password and second-factor checks with the account lockout (OWASP ASVS 2.2.1 and
 * 3.7.1), shared by sign-in, the TOTP step, developer setup and every re-authentication before a
 * credential changes (password, e-mail, 2FA off).
 *
 * Lockout: after LOCKOUT_ATTEMPTS consecutive failures (wrong passwords and wrong second-factor
 * codes alike) an account refuses every check for LOCKOUT_MS. Failures are counted with an
 * atomic SQL increment, so concurrent guesses cannot slip past the limit.
 */
import { raw, type EntityManager } from '@mikro-orm/postgresql';
import { TooManyRequestsError, ValidationError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { audit, type RequestMeta } from '../audit/index.ts';
import { User } from './identity.entities.ts';
import { passwordStrength, verifyPassword } from './passwords.ts';

/** What re-authentication needs of two-factor.service.ts (which imports this file: no import back). */
export interface SecondFactorCheck {
  verifySecondFactor(em: EntityManager, user: User, code: string): Promise<boolean>;
}

/** The answer to a wrong TOTP code (sign-in, re-authentication, 2FA setup). */
export const INVALID_TOTP_MESSAGE = 'Código de verificação inválido. Verifique o relógio do seu dispositivo.';

export const LOCKOUT_ATTEMPTS = 5;
export const LOCKOUT_MS = 15 * 60_000;
export const LOCKED_MESSAGE = 'Muitas tentativas de login. Tente novamente em 15 minutos.';
export const WRONG_CURRENT_PASSWORD = 'Senha atual incorreta';
export const CODE_REQUIRED_MESSAGE = 'Informe o código do aplicativo autenticador (ou um código de recuperação).';
export const WEAK_PASSWORD_MESSAGE = 'A senha não atende aos requisitos mínimos de segurança.';

/** Why a check failed, as recorded in the audit log. */
export type FailureReason = 'wrong_password' | 'wrong_second_factor' | 'wrong_current_password';

/** True while `user` is locked out at `now`. */
export function isLocked(user: User, now: Date): boolean {
  return user.loginAttempts >= LOCKOUT_ATTEMPTS && user.lastFailedLoginAt !== null && user.lastFailedLoginAt !== undefined && now.getTime() - user.lastFailedLoginAt.getTime() < LOCKOUT_MS;
}

/** @throws TooManyRequestsError (429, LOCKED_MESSAGE) while `user` is locked out. */
export function assertNotLocked(user: User, now: Date): void {
  if (isLocked(user, now)) throw new TooManyRequestsError(LOCKED_MESSAGE);
}

/**
 * Counts one failure against `user` (atomic increment) and audits it as `login_failed`;
 * flushes `em`. The in-memory entity is refreshed so later checks see the new count.
 */
export async function recordFailure(em: EntityManager, clock: Clock, user: User, reason: FailureReason, meta: RequestMeta): Promise<void> {
  await em.nativeUpdate(User, { id: user.id }, { loginAttempts: raw('login_attempts + 1'), lastFailedLoginAt: clock.now() });
  audit(em, { userId: user.id, action: 'login_failed', details: { reason }, meta });
  await em.flush();
  await em.refresh(user);
}

/**
 * Lockout for an e-mail that has no account: its failures are counted
 * by the SHA-256 of the address, with the same 5 attempts and 15 minutes, so the 429 answer no
 * longer tells whether an account exists. @throws TooManyRequestsError while locked.
 */
export async function assertUnknownEmailNotLocked(em: EntityManager, clock: Clock, email: string): Promise<void> {
  const since = new Date(clock.now().getTime() - LOCKOUT_MS);
  const rows = await em.getConnection().execute<{ attempts: number }[]>('select attempts from login_failures where email_hash = ? and last_failed_at > ?', [sha256Hex(email.toLowerCase()), since], 'all');
  if ((rows[0]?.attempts ?? 0) >= LOCKOUT_ATTEMPTS) throw new TooManyRequestsError(LOCKED_MESSAGE);
}

/** Counts one failed sign-in for an e-mail that has no account (a window older than 15 minutes starts over). */
export async function recordUnknownEmailFailure(em: EntityManager, clock: Clock, email: string): Promise<void> {
  const now = clock.now();
  await em.getConnection().execute(
    `insert into login_failures (email_hash, attempts, last_failed_at) values (?, 1, ?)
     on conflict (email_hash) do update set attempts = case when login_failures.last_failed_at <= ? then 1 else login_failures.attempts + 1 end, last_failed_at = excluded.last_failed_at`,
    [sha256Hex(email.toLowerCase()), now, new Date(now.getTime() - LOCKOUT_MS)],
    'run',
  );
}

/**
 * Deletes the failure windows of unknown e-mails that ended (last failure more than the lockout's
 * 15 minutes ago): they lock nothing any more. Run by the periodic `rate-limit-cleanup` job.
 */
export async function deleteStaleLoginFailures(em: EntityManager, clock: Clock): Promise<void> {
  await em.getConnection().execute('delete from login_failures where last_failed_at < ?', [new Date(clock.now().getTime() - LOCKOUT_MS)], 'run');
}

/** An e-mail as the audit log keeps it for a sign-in to no account: first letter and domain (`j***@exemplo.com.br`). */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** Clears the failure count after a successful check (the caller flushes). */
export function clearFailures(user: User): void {
  user.loginAttempts = 0;
}

/**
 * Re-authentication before a credential change: the current password and, when the account has
 * 2FA on and `secondFactor` is given, a TOTP or recovery code. Failures count towards the lockout.
 * @throws TooManyRequestsError while locked; ValidationError 'Senha atual incorreta'
 *   (`wrong_password`), CODE_REQUIRED_MESSAGE (`code_required`) or the invalid-code message
 *   (`invalid_code`).
 */
export async function reauthenticate(
  em: EntityManager,
  clock: Clock,
  user: User,
  password: string,
  meta: RequestMeta,
  secondFactor?: { twoFactor: SecondFactorCheck; code: string | undefined },
): Promise<void> {
  assertNotLocked(user, clock.now());
  if (!(await verifyPassword(user.passwordHash, password))) {
    await recordFailure(em, clock, user, 'wrong_current_password', meta);
    throw new ValidationError(WRONG_CURRENT_PASSWORD, undefined, 'wrong_password');
  }
  if (secondFactor && user.twoFactorEnabled) {
    if (!secondFactor.code) throw new ValidationError(CODE_REQUIRED_MESSAGE, [{ path: 'code', message: CODE_REQUIRED_MESSAGE }], 'code_required');
    if (!(await secondFactor.twoFactor.verifySecondFactor(em, user, secondFactor.code))) {
      await recordFailure(em, clock, user, 'wrong_second_factor', meta);
      throw new ValidationError(INVALID_TOTP_MESSAGE, undefined, 'invalid_code');
    }
  }
  if (user.loginAttempts > 0) {
    clearFailures(user);
    await em.flush();
  }
}

/**
 * The panel strength rule (admin.md 5, 7) for staff accounts (admin, developer) wherever they
 * set a password. @throws ValidationError `weak_password` with one issue per unmet
 * rule at `path`.
 */
export function assertStaffPasswordStrength(password: string, path: string): void {
  const strength = passwordStrength(password);
  if (!strength.valid) {
    throw new ValidationError(WEAK_PASSWORD_MESSAGE, strength.feedback.map((message) => ({ path, message })), 'weak_password');
  }
}
