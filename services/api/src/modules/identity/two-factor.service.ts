/**
 * Two-factor authentication with TOTP (otplib; RFC 6238: 6 digits, 30 s step, one step of
 * tolerance either side) and recovery codes (admin.md 4, 5, 9).
 *
 * - The server generates the secret and 10 recovery codes; the secret is stored encrypted
 *   (AES-256-GCM) and the codes hashed (SHA-256), all pending until a valid code confirms.
 * - A TOTP code is accepted once: the accepted time step is stored with a conditional update,
 *   so the same (or an older) code is refused within its window, even by concurrent requests.
 * - A recovery code works once.
 * - Turning 2FA off needs the current password and a code; turning it on or off
 *   revokes every other session of the account.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH, TOTP_PERIOD_SECONDS, type TwoFactorSetup } from '@prata/contracts';
import { ValidationError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomCodes, sha256Hex, type SecretBox } from '../../lib/crypto.ts';
import { audit, type RequestMeta } from '../audit/index.ts';
import { INVALID_TOTP_MESSAGE, reauthenticate } from './credentials.ts';
import { RecoveryCode, User } from './identity.entities.ts';
import type { SessionService } from './session.service.ts';

export const SETUP_EXPIRED_MESSAGE = 'Sessão expirada. Tente configurar o 2FA novamente.';

export class TwoFactorService {
  private readonly box: SecretBox;
  private readonly clock: Clock;
  private readonly issuer: string;
  private readonly sessions: SessionService;

  constructor(box: SecretBox, clock: Clock, issuer: string, sessions: SessionService) {
    this.box = box;
    this.clock = clock;
    this.issuer = issuer;
    this.sessions = sessions;
  }

  /**
   * Starts (or restarts) a setup: new secret and codes, pending until `enable`. Re-authenticates
   * first, so a stolen session alone cannot replace the authenticator: the current password, and
   * with 2FA on a current TOTP or recovery code too (replacing the authenticator); failures count
   * towards the lockout.
   * @throws ValidationError / TooManyRequestsError from re-authentication.
   */
  async setup(em: EntityManager, user: User, input: { currentPassword: string; code?: string | undefined }, meta: RequestMeta): Promise<TwoFactorSetup> {
    await reauthenticate(em, this.clock, user, input.currentPassword, meta, { twoFactor: this, code: input.code });
    return this.prepare(em, user);
  }

  /**
   * A new pending secret and 10 pending recovery codes for `user` (replacing any earlier pending
   * ones), without re-authentication: for `setup` above and the sign-in enrolment of a staff
   * account (auth.service.ts), whose caller proved the password moments before.
   * Returns the secret (base32), its otpauth URL and the recovery codes, shown once.
   */
  async prepare(em: EntityManager, user: User): Promise<TwoFactorSetup> {
    const secret = generateSecret({ length: 20 });
    const recoveryCodes = randomCodes(RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH);
    user.pendingTwoFactorSecret = this.box.seal(secret);
    await em.nativeDelete(RecoveryCode, { user: user.id, pending: true });
    for (const code of recoveryCodes) em.create(RecoveryCode, { user, codeHash: sha256Hex(code), pending: true });
    await em.flush();
    return { secret, otpauthUrl: generateURI({ issuer: this.issuer, label: user.email, secret }), recoveryCodes };
  }

  /**
   * Confirms a setup with a code from the authenticator, turns 2FA on and revokes every session
   * but `keepSessionId` (the caller's; null during the sign-in enrolment: every session).
   * @throws ValidationError when no setup is pending (`setup_expired`) or the code is wrong (`invalid_code`).
   */
  async enable(em: EntityManager, user: User, code: string, meta: RequestMeta, keepSessionId: string | null): Promise<void> {
    if (!user.pendingTwoFactorSecret) throw new ValidationError(SETUP_EXPIRED_MESSAGE, undefined, 'setup_expired');
    const secret = this.box.open(user.pendingTwoFactorSecret);
    const step = await this.matchingStep(secret, code, null);
    if (step === null) throw new ValidationError(INVALID_TOTP_MESSAGE, undefined, 'invalid_code');
    await em.transactional(async (tx) => {
      const fresh = await tx.findOneOrFail(User, { id: user.id }, { lockMode: 4 /* PESSIMISTIC_WRITE */ });
      // A concurrent enable committed first (the row lock serialises them): its secret stays.
      if (fresh.pendingTwoFactorSecret !== user.pendingTwoFactorSecret) throw new ValidationError(SETUP_EXPIRED_MESSAGE, undefined, 'setup_expired');
      fresh.twoFactorSecret = fresh.pendingTwoFactorSecret;
      fresh.pendingTwoFactorSecret = null;
      fresh.twoFactorEnabled = true;
      fresh.lastTotpStep = step;
      await tx.nativeDelete(RecoveryCode, { user: user.id, pending: false });
      await tx.nativeUpdate(RecoveryCode, { user: user.id, pending: true }, { pending: false });
      await this.sessions.revokeOtherSessions(tx, user.id, keepSessionId);
      audit(tx, { userId: user.id, action: '2fa_enabled', meta });
    });
    await em.refresh(user);
  }

  /**
   * Turns 2FA off after re-checking the current password and a TOTP or recovery code (failures
   * count towards the lockout), forgets the secret and codes, and revokes every session but
   * `keepSessionId`. @throws ValidationError / TooManyRequestsError from re-authentication.
   */
  async disable(em: EntityManager, user: User, input: { currentPassword: string; code: string }, meta: RequestMeta, keepSessionId: string): Promise<void> {
    await reauthenticate(em, this.clock, user, input.currentPassword, meta, { twoFactor: this, code: input.code });
    await em.transactional(async (tx) => {
      await tx.nativeUpdate(User, { id: user.id }, { twoFactorEnabled: false, twoFactorSecret: null, pendingTwoFactorSecret: null, lastTotpStep: null });
      await tx.nativeDelete(RecoveryCode, { user: user.id });
      await this.sessions.revokeOtherSessions(tx, user.id, keepSessionId);
      audit(tx, { userId: user.id, action: '2fa_disabled', meta });
    });
    await em.refresh(user);
  }

  /**
   * Second sign-in factor: a 6-digit TOTP code (once per time step) or a recovery code (once).
   * Returns true when accepted.
   */
  async verifySecondFactor(em: EntityManager, user: User, code: string): Promise<boolean> {
    const normalised = code.trim().toUpperCase();
    if (/^\d{6}$/.test(normalised)) {
      if (!user.twoFactorSecret) return false;
      const step = await this.matchingStep(this.box.open(user.twoFactorSecret), normalised, user.lastTotpStep ?? null);
      if (step === null) return false;
      const claimed = (await em
        .createQueryBuilder(User)
        .update({ lastTotpStep: step })
        .where({ id: user.id, $or: [{ lastTotpStep: null }, { lastTotpStep: { $lt: step } }] })
        .execute('run')).affectedRows;
      return claimed === 1;
    }
    if (new RegExp(`^[A-Z0-9]{${RECOVERY_CODE_LENGTH}}$`).test(normalised)) {
      const used = (await em
        .createQueryBuilder(RecoveryCode)
        .update({ usedAt: this.clock.now() })
        .where({ user: user.id, codeHash: sha256Hex(normalised), pending: false, usedAt: null })
        .execute('run')).affectedRows;
      return used === 1;
    }
    return false;
  }

  /** The RFC 6238 time step `code` belongs to (one step of tolerance), or null. */
  private async matchingStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(this.clock.now().getTime() / 1000),
      epochTolerance: TOTP_PERIOD_SECONDS,
      ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
    }).catch(() => ({ valid: false as const }));
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }
}
