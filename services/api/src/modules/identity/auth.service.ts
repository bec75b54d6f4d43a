/**
 * Sign-up, e-mail confirmation, sign-in (with the TOTP second step for admins and developers),
 * password recovery and reset (storefront.md 4, 5, 7, 8; admin.md 2).
 *
 * Texts are the spec's: invalid credentials -> 'Email ou senha incorretos' (the UI titles it
 * 'Erro no login'); an e-mail already registered -> 409 'Este email já está cadastrado. Faça
 * login.' (the spec shows this; no other lookup reveals whether an account exists: recovery
 * always answers the same). Throttling: after 5 consecutive failures (passwords or second-factor
 * codes) an account refuses sign-in for 15 minutes (credentials.ts); per-IP limits are set on
 * the routes.
 *
 * The second step: a correct password for a staff account with 2FA yields a random
 * challenge token, stored hashed in `mfa_challenges`, valid 5 minutes for at most 5 codes; a
 * wrong code counts towards the account lockout; an accepted code consumes the challenge.
 *
 * The enrolment step: a staff account that must have 2FA
 * (`two_factor_required`, set by every staff grant) and has none gets an enrolment token instead
 * (`mfa_challenges` with purpose `enrolment`, 10 minutes, at most 5 calls); with it the sign-in
 * page fetches a new secret (QR code) and confirms the authenticator's first code, which turns
 * 2FA on and opens the session. No session is issued before that.
 */
import { raw, type EntityManager } from '@mikro-orm/postgresql';
import {
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  type ResetPasswordInput,
  type SignInInput,
  type SignUpInput,
  type TwoFactorSetup,
} from '@prata/contracts';
import { ConflictError, ForbiddenError, UnauthorizedError, ValidationError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { audit, type RequestMeta } from '../audit/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { OutboxEmail } from '../../mail/outbox-email.entity.ts';
import {
  INVALID_TOTP_MESSAGE,
  assertNotLocked,
  assertStaffPasswordStrength,
  assertUnknownEmailNotLocked,
  clearFailures,
  maskEmail,
  recordFailure,
  recordUnknownEmailFailure,
} from './credentials.ts';
import { MfaChallenge, OneTimeToken, Profile, User } from './identity.entities.ts';
import { consumeOneTimeToken, findUserByEmail, issueOneTimeToken, rolesOf } from './identity.repository.ts';
import { dummyPasswordHash, hashPassword, meetsStaffRule, verifyPassword } from './passwords.ts';
import type { IssuedSession, SessionService } from './session.service.ts';
import type { TwoFactorService } from './two-factor.service.ts';

export const INVALID_CREDENTIALS_MESSAGE = 'Email ou senha incorretos';
export const CHALLENGE_EXPIRED_MESSAGE = 'Sessão de verificação expirada. Entre novamente.';
/** Lifetime of a second-factor challenge, ms (5 minutes). */
export const MFA_CHALLENGE_TTL_MS = 5 * 60_000;
/** Codes one challenge accepts before it is dead. */
export const MFA_CHALLENGE_MAX_ATTEMPTS = 5;
const CONFIRM_TTL_MS = 48 * 3_600_000;
const RESET_TTL_MS = 3_600_000;

export interface AuthDeps {
  sessions: SessionService;
  twoFactor: TwoFactorService;
  mailer: Mailer;
  clock: Clock;
  /** Origin of the store, for links in e-mails. */
  shellUrl: string;
  storeName: string;
}

/** Lifetime of a sign-in enrolment challenge, ms (10 minutes: time to install an app and scan). */
export const ENROLMENT_CHALLENGE_TTL_MS = 10 * 60_000;

export type SignInOutcome =
  | { status: 'signed_in'; issued: IssuedSession }
  | { status: 'totp_required'; challengeToken: string }
  | { status: 'totp_enrolment_required'; enrolmentToken: string };

export class AuthService {
  private readonly deps: AuthDeps;

  constructor(deps: AuthDeps) {
    this.deps = deps;
  }

  /**
   * Creates an unconfirmed account and its profile in one transaction and e-mails the
   * confirmation link. @throws ConflictError when the e-mail is taken.
   */
  async signUp(em: EntityManager, input: SignUpInput, meta: RequestMeta): Promise<void> {
    const data = signUpSchema.parse(input);
    const passwordHash = await hashPassword(data.password);
    let mail: OutboxEmail | undefined;
    await em.transactional(async (tx) => {
      if (await findUserByEmail(tx, data.email)) {
        throw new ConflictError('Este email já está cadastrado. Faça login.', 'user_already_registered');
      }
      const user = tx.create(User, { email: data.email, passwordHash, passwordMeetsStaffRule: meetsStaffRule(data.password) });
      tx.create(Profile, { user, fullName: data.fullName, email: data.email });
      mail = this.queueConfirmation(tx, user);
      audit(tx, { userId: user.id, action: 'signup', meta });
    });
    await this.deps.mailer.dispatch(em, mail ? [mail] : []);
  }

  /**
   * Sends the sign-up confirmation e-mail again when `email` belongs to an account
   * that is not confirmed yet; does nothing otherwise (unknown or confirmed address), so the
   * caller answers the same either way. The links sent before stop working: only the newest
   * confirmation link of an account is valid (each new one is valid for 48 hours).
   */
  async resendConfirmation(em: EntityManager, email: string, meta: RequestMeta): Promise<void> {
    let mail: OutboxEmail | undefined;
    await em.transactional(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (!user || user.emailConfirmedAt) return;
      await tx.nativeUpdate(OneTimeToken, { user: user.id, purpose: 'confirm_signup', usedAt: null }, { usedAt: this.deps.clock.now() });
      mail = this.queueConfirmation(tx, user);
      audit(tx, { userId: user.id, action: 'confirmation_resent', meta });
    });
    await this.deps.mailer.dispatch(em, mail ? [mail] : []);
  }

  /** Queues the confirmation e-mail of `user` with a new 48-hour link (in the caller's unit of work). */
  private queueConfirmation(tx: EntityManager, user: User): OutboxEmail {
    const token = issueOneTimeToken(tx, this.deps.clock, user, 'confirm_signup', CONFIRM_TTL_MS);
    const link = `${this.deps.shellUrl}/auth?confirmar=${token}`;
    return this.deps.mailer.queue(tx, {
      to: user.email,
      subject: `Confirme seu cadastro na ${this.deps.storeName}`,
      // No name: whoever signs up chooses it and the address is not yet proven theirs, so a name
      // would let anyone put their text in store-branded mail to anyone (review 2026-11-25 #16).
      text: `Olá!\n\nConfirme seu email para ativar sua conta:\n${link}\n\nO link vale por 48 horas.`,
      link,
    });
  }

  /** Confirms a sign-up e-mail. @throws ValidationError for an unknown/used/expired link. */
  async confirmEmail(em: EntityManager, token: string, meta: RequestMeta): Promise<void> {
    const row = await consumeOneTimeToken(em, this.deps.clock, token, 'confirm_signup');
    row.user.emailConfirmedAt ??= this.deps.clock.now();
    audit(em, { userId: row.user.id, action: 'email_confirmed', meta });
    await em.flush();
  }

  /**
   * Checks the password. Admins and developers with 2FA get a challenge for the second step.
   * @throws UnauthorizedError (invalid credentials), TooManyRequestsError (locked),
   *   ForbiddenError (e-mail not confirmed, profile missing).
   */
  async signIn(em: EntityManager, input: SignInInput, meta: RequestMeta): Promise<SignInOutcome> {
    const data = signInSchema.parse(input);
    const user = await findUserByEmail(em, data.email);
    if (!user) {
      // Same answers as for an account: locked after 5 failures, 401 before.
      await assertUnknownEmailNotLocked(em, this.deps.clock, data.email);
      await verifyPassword(await dummyPasswordHash(), data.password);
      await recordUnknownEmailFailure(em, this.deps.clock, data.email);
      audit(em, { userId: null, action: 'login_failed', details: { email: maskEmail(data.email), reason: 'unknown_email' }, meta });
      await em.flush();
      throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE, 'invalid_credentials');
    }
    assertNotLocked(user, this.deps.clock.now());
    if (!(await verifyPassword(user.passwordHash, data.password))) {
      await recordFailure(em, this.deps.clock, user, 'wrong_password', meta);
      throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE, 'invalid_credentials');
    }
    if (!user.emailConfirmedAt) {
      throw new ForbiddenError('Confirme seu email antes de entrar. Verifique sua caixa de entrada.', 'email_not_confirmed');
    }
    const roles = await rolesOf(em, user.id);
    if (user.twoFactorEnabled && roles.length > 0) {
      const challengeToken = randomToken();
      em.create(MfaChallenge, { user, tokenHash: sha256Hex(challengeToken), expiresAt: new Date(this.deps.clock.now().getTime() + MFA_CHALLENGE_TTL_MS) });
      await em.flush();
      return { status: 'totp_required', challengeToken };
    }
    if (user.twoFactorRequired && roles.length > 0) {
      // Staff without 2FA: no session until an authenticator is enrolled.
      const enrolmentToken = randomToken();
      em.create(MfaChallenge, {
        user,
        purpose: 'enrolment',
        tokenHash: sha256Hex(enrolmentToken),
        expiresAt: new Date(this.deps.clock.now().getTime() + ENROLMENT_CHALLENGE_TTL_MS),
      });
      audit(em, { userId: user.id, action: '2fa_enrolment_required', meta });
      await em.flush();
      return { status: 'totp_enrolment_required', enrolmentToken };
    }
    return { status: 'signed_in', issued: await this.complete(em, user, meta, false) };
  }

  /**
   * Sign-in enrolment, step 1: for the token of `totp_enrolment_required`, a new TOTP
   * secret, its otpauth URL and 10 recovery codes, pending until step 2 confirms a code (calling
   * it again replaces them). Spends one of the challenge's MFA_CHALLENGE_MAX_ATTEMPTS.
   * @throws UnauthorizedError `challenge_expired` (unknown, expired, used or exhausted token, or
   *   an account that no longer needs it); TooManyRequestsError while the account is locked.
   */
  async startEnrolment(em: EntityManager, enrolmentToken: string): Promise<TwoFactorSetup> {
    const user = await this.claimEnrolment(em, enrolmentToken);
    return this.deps.twoFactor.prepare(em, user);
  }

  /**
   * Sign-in enrolment, step 2: the first code of the new authenticator turns 2FA on (every other
   * session of the account is revoked) and completes the sign-in. A wrong code counts towards
   * the account lockout. Returns the new session.
   * @throws UnauthorizedError `challenge_expired`, `invalid_code`; ValidationError
   *   `setup_expired` (step 1 not done); TooManyRequestsError while locked.
   */
  async confirmEnrolment(em: EntityManager, enrolmentToken: string, code: string, meta: RequestMeta): Promise<IssuedSession> {
    const user = await this.claimEnrolment(em, enrolmentToken);
    try {
      await this.deps.twoFactor.enable(em, user, code, meta, null);
    } catch (error) {
      if (!(error instanceof ValidationError && error.code === 'invalid_code')) throw error;
      await recordFailure(em, this.deps.clock, user, 'wrong_second_factor', meta);
      throw new UnauthorizedError(INVALID_TOTP_MESSAGE, 'invalid_code');
    }
    const consumed = await em.nativeUpdate(MfaChallenge, { tokenHash: sha256Hex(enrolmentToken), consumedAt: null }, { consumedAt: this.deps.clock.now() });
    if (consumed !== 1) throw new UnauthorizedError(CHALLENGE_EXPIRED_MESSAGE, 'challenge_expired');
    await em.refresh(user);
    return this.complete(em, user, meta, true);
  }

  /** Claims one attempt of a live enrolment challenge and returns its account (see the callers' errors). */
  private async claimEnrolment(em: EntityManager, enrolmentToken: string): Promise<User> {
    const now = this.deps.clock.now();
    const expired = () => new UnauthorizedError(CHALLENGE_EXPIRED_MESSAGE, 'challenge_expired');
    const challenge = await em.findOne(MfaChallenge, { tokenHash: sha256Hex(enrolmentToken), purpose: 'enrolment' }, { populate: ['user'] });
    if (!challenge || challenge.user.twoFactorEnabled || challenge.user.erasedAt) throw expired();
    assertNotLocked(challenge.user, now);
    const claimed = await em.nativeUpdate(
      MfaChallenge,
      { id: challenge.id, consumedAt: null, expiresAt: { $gt: now }, attempts: { $lt: MFA_CHALLENGE_MAX_ATTEMPTS } },
      { attempts: raw('attempts + 1') },
    );
    if (claimed !== 1) throw expired();
    return challenge.user;
  }

  /**
   * Second step: TOTP or recovery code for the challenge. Each call spends one of the
   * challenge's MFA_CHALLENGE_MAX_ATTEMPTS (claimed atomically before the code is checked, so
   * concurrent guesses cannot exceed it); a wrong code also counts towards the account lockout.
   * @throws UnauthorizedError `challenge_expired` (unknown, expired, used or exhausted challenge),
   *   `invalid_code`; TooManyRequestsError while the account is locked.
   */
  async signInWithSecondFactor(em: EntityManager, challengeToken: string, code: string, meta: RequestMeta): Promise<IssuedSession> {
    const now = this.deps.clock.now();
    const expired = () => new UnauthorizedError(CHALLENGE_EXPIRED_MESSAGE, 'challenge_expired');
    const challenge = await em.findOne(MfaChallenge, { tokenHash: sha256Hex(challengeToken), purpose: 'second_factor' }, { populate: ['user'] });
    if (!challenge || !challenge.user.twoFactorEnabled) throw expired();
    assertNotLocked(challenge.user, now);
    const claimed = await em.nativeUpdate(
      MfaChallenge,
      { id: challenge.id, consumedAt: null, expiresAt: { $gt: now }, attempts: { $lt: MFA_CHALLENGE_MAX_ATTEMPTS } },
      { attempts: raw('attempts + 1') },
    );
    if (claimed !== 1) throw expired();
    const user = challenge.user;
    if (!(await this.deps.twoFactor.verifySecondFactor(em, user, code))) {
      await recordFailure(em, this.deps.clock, user, 'wrong_second_factor', meta);
      throw new UnauthorizedError(INVALID_TOTP_MESSAGE, 'invalid_code');
    }
    if ((await em.nativeUpdate(MfaChallenge, { id: challenge.id, consumedAt: null }, { consumedAt: now })) !== 1) throw expired();
    await em.refresh(user);
    return this.complete(em, user, meta, true);
  }

  /** Rotates the refresh token (the client calls it on start and before the access token expires). */
  refresh(em: EntityManager, refreshToken: string | undefined, meta: RequestMeta): Promise<IssuedSession> {
    return this.deps.sessions.rotate(em, refreshToken, meta);
  }

  /** Ends the session of `refreshToken`. @returns the signed-out account, or null when there was none. */
  async signOut(em: EntityManager, refreshToken: string | undefined, meta: RequestMeta): Promise<string | null> {
    const userId = await this.deps.sessions.revoke(em, refreshToken);
    if (userId) audit(em, { userId, action: 'logout', meta });
    await em.flush();
    return userId;
  }

  /** E-mails a recovery link when the account exists; answers the same either way. */
  async recover(em: EntityManager, email: string): Promise<void> {
    const user = await findUserByEmail(em, email);
    if (!user) return;
    const token = issueOneTimeToken(em, this.deps.clock, user, 'reset_password', RESET_TTL_MS);
    const link = `${this.deps.shellUrl}/reset-password?token=${token}`;
    const mail = this.deps.mailer.queue(em, {
      to: user.email,
      subject: `Recuperação de senha - ${this.deps.storeName}`,
      text: `Recebemos um pedido para redefinir sua senha.\n\nCrie uma nova senha em:\n${link}\n\nO link vale por 1 hora e pode ser usado uma vez. Se não foi você, ignore este email.`,
      link,
    });
    await em.flush();
    await this.deps.mailer.dispatch(em, [mail]);
  }

  /**
   * Sets a new password from a recovery link; every session of the user is revoked. Staff
   * accounts (admin, developer) must choose a password passing the panel strength rule.
   * @throws ValidationError (invalid link; `weak_password` for a weak staff password, the link
   *   then stays usable).
   */
  async resetPassword(em: EntityManager, input: ResetPasswordInput, meta: RequestMeta): Promise<void> {
    const data = resetPasswordSchema.parse(input);
    const passwordHash = await hashPassword(data.password);
    await em.transactional(async (tx) => {
      const row = await consumeOneTimeToken(tx, this.deps.clock, data.token, 'reset_password');
      // A refusal throws inside the transaction: the link's consumption is rolled back.
      if ((await rolesOf(tx, row.user.id)).length > 0) assertStaffPasswordStrength(data.password, 'password');
      row.user.passwordHash = passwordHash;
      row.user.passwordMeetsStaffRule = meetsStaffRule(data.password);
      row.user.loginAttempts = 0;
      row.user.emailConfirmedAt ??= this.deps.clock.now();
      await this.deps.sessions.revokeAllForUser(tx, row.user.id);
      audit(tx, { userId: row.user.id, action: 'password_reset', meta });
    });
  }

  private async complete(em: EntityManager, user: User, meta: RequestMeta, secondFactor: boolean): Promise<IssuedSession> {
    const issued = await this.deps.sessions.issue(em, user, meta);
    user.lastLoginAt = this.deps.clock.now();
    clearFailures(user);
    audit(em, { userId: user.id, action: 'login', details: { secondFactor }, meta });
    await em.flush();
    return issued;
  }
}
