/**
 * The signed-in user's own account (admin.md 2 profile tab, 5, 7): profile, password
 * change, e-mail change confirmed by a link sent to the new address, the panel password change
 * (>= 12, server-side strength check) and the security status.
 *
 * Credential changes (OWASP ASVS 2.1.5, 3.3.3, 6.x): every password change and every
 * e-mail change re-checks the current password (and the 2FA code for the e-mail when 2FA is on),
 * with failures counted towards the account lockout; staff accounts (admin, developer) must pass
 * the panel strength rule wherever they set a password; a change revokes every other session.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  changeEmailSchema,
  changePasswordSchema,
  panelPasswordSchema,
  updateProfileSchema,
  type Profile as ProfileDto,
  type SecurityStatus,
} from '@prata/contracts';
import type { z } from 'zod';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { AdminLog, audit, type RequestMeta } from '../audit/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { assertStaffPasswordStrength, reauthenticate } from './credentials.ts';
import type { Profile } from './identity.entities.ts';
import { User } from './identity.entities.ts';
import { consumeOneTimeToken, findUserByEmail, issueOneTimeToken, profileOf, rolesOf } from './identity.repository.ts';
import { hashPassword, meetsStaffRule } from './passwords.ts';
import type { SessionService } from './session.service.ts';
import type { TwoFactorService } from './two-factor.service.ts';

export { WRONG_CURRENT_PASSWORD } from './credentials.ts';

const EMAIL_CHANGE_TTL_MS = 24 * 3_600_000;
/** Failed sign-ins counted by the security status, in ms (30 days). */
const SECURITY_WINDOW_MS = 30 * 86_400_000;

export interface AccountDeps {
  mailer: Mailer;
  clock: Clock;
  sessions: SessionService;
  twoFactor: TwoFactorService;
  /** Origin of the store, for links in e-mails. */
  shellUrl: string;
  storeName: string;
}

/** Who asks for a change: the account and the session to keep signed in. */
export interface Caller {
  userId: string;
  sessionId: string;
}

export class AccountService {
  private readonly mailer: Mailer;
  private readonly clock: Clock;
  private readonly sessions: SessionService;
  private readonly twoFactor: TwoFactorService;
  private readonly shellUrl: string;
  private readonly storeName: string;

  constructor(deps: AccountDeps) {
    this.mailer = deps.mailer;
    this.clock = deps.clock;
    this.sessions = deps.sessions;
    this.twoFactor = deps.twoFactor;
    this.shellUrl = deps.shellUrl;
    this.storeName = deps.storeName;
  }

  async user(em: EntityManager, userId: string): Promise<User> {
    const user = await em.findOne(User, { id: userId });
    if (!user) throw new NotFoundError('Conta não encontrada');
    return user;
  }

  /** The user's profile. @throws NotFoundError ('Não foi possível carregar o perfil.'). */
  async profile(em: EntityManager, userId: string): Promise<ProfileDto> {
    const profile = await profileOf(em, userId);
    if (!profile) throw new NotFoundError('Não foi possível carregar o perfil.');
    return toProfileDto(profile);
  }

  /**
   * Updates the name and, when given, the phone (an empty phone clears it); audited as
   * `profile_updated`. @throws NotFoundError ('Não foi possível carregar o perfil.').
   */
  async updateProfile(em: EntityManager, userId: string, input: z.input<typeof updateProfileSchema>, meta: RequestMeta): Promise<ProfileDto> {
    const data = updateProfileSchema.parse(input);
    const profile = await profileOf(em, userId);
    if (!profile) throw new NotFoundError('Não foi possível carregar o perfil.');
    profile.fullName = data.fullName;
    const phoneChanged = data.phone !== undefined && data.phone !== (profile.phone ?? null);
    if (data.phone !== undefined) profile.phone = data.phone;
    // The phone itself stays out of the log (the erasure strips `fullName`, not arbitrary keys).
    audit(em, { userId, action: 'profile_updated', details: { fullName: data.fullName, phoneChanged }, meta });
    await em.flush();
    return toProfileDto(profile);
  }

  /**
   * Profile password change (admin.md 5): the current password, then the new one (>= 6 for
   * customers; the panel strength rule for staff). Revokes every other session.
   * @throws ValidationError 'Senha atual incorreta' / `weak_password`; TooManyRequestsError while locked.
   */
  async changePassword(em: EntityManager, caller: Caller, input: z.input<typeof changePasswordSchema>, meta: RequestMeta): Promise<void> {
    const data = changePasswordSchema.parse(input);
    const user = await this.user(em, caller.userId);
    await reauthenticate(em, this.clock, user, data.currentPassword, meta);
    if ((await rolesOf(em, user.id)).length > 0) assertStaffPasswordStrength(data.password, 'password');
    await this.setPassword(em, user, caller, data.password, 'profile', meta);
  }

  /**
   * Starts an e-mail change: checks the current password (and the 2FA code when 2FA is on), then
   * e-mails a confirmation link to the new address; confirming it revokes the account's other
   * sessions. @throws ValidationError 'Senha atual incorreta' / code required / invalid code,
   * ConflictError when taken, TooManyRequestsError while locked.
   */
  async requestEmailChange(em: EntityManager, caller: Caller, input: z.input<typeof changeEmailSchema>, meta: RequestMeta): Promise<void> {
    const data = changeEmailSchema.parse(input);
    const user = await this.user(em, caller.userId);
    await reauthenticate(em, this.clock, user, data.currentPassword, meta, { twoFactor: this.twoFactor, code: data.code });
    if (await findUserByEmail(em, data.newEmail)) throw new ConflictError('Este email já está em uso.', 'email_in_use');
    const userId = user.id;
    const token = issueOneTimeToken(em, this.clock, user, 'change_email', EMAIL_CHANGE_TTL_MS, { newEmail: data.newEmail, sessionId: caller.sessionId });
    const link = `${this.shellUrl}/auth?novo-email=${token}`;
    const mail = this.mailer.queue(em, {
      to: data.newEmail,
      subject: `Confirme seu novo email - ${this.storeName}`,
      text: `Confirme a alteração do email da sua conta para este endereço:\n${link}\n\nO link vale por 24 horas.`,
      link,
    });
    audit(em, { userId, action: 'email_change_requested', details: { newEmail: data.newEmail }, meta });
    await em.flush();
    await this.mailer.dispatch(em, [mail]);
  }

  /** Applies an e-mail change from its link and revokes every session but the requester's. */
  async confirmEmailChange(em: EntityManager, token: string, meta: RequestMeta): Promise<void> {
    await em.transactional(async (tx) => {
      const row = await consumeOneTimeToken(tx, this.clock, token, 'change_email');
      const newEmail = row.payload?.newEmail;
      if (!newEmail) throw new ValidationError('Link inválido ou expirado. Solicite um novo.', undefined, 'invalid_token');
      if (await findUserByEmail(tx, newEmail)) throw new ConflictError('Este email já está em uso.', 'email_in_use');
      const previous = row.user.email;
      row.user.email = newEmail;
      const profile = await profileOf(tx, row.user.id);
      if (profile) profile.email = newEmail;
      await this.sessions.revokeOtherSessions(tx, row.user.id, row.payload?.sessionId ?? null);
      audit(tx, { userId: row.user.id, action: 'email_changed', details: { from: previous, to: newEmail }, meta });
    });
  }

  /**
   * Panel password change (admin.md 5): current password verified; new >= 12 and strong.
   * Revokes every other session.
   * @throws ValidationError 'A senha não atende aos requisitos mínimos de segurança.' with the
   *   feedback list as issues, or 'Senha atual incorreta'; TooManyRequestsError while locked.
   */
  async changePanelPassword(em: EntityManager, caller: Caller, input: z.input<typeof panelPasswordSchema>, meta: RequestMeta): Promise<void> {
    const data = panelPasswordSchema.parse(input);
    const user = await this.user(em, caller.userId);
    await reauthenticate(em, this.clock, user, data.currentPassword, meta);
    assertStaffPasswordStrength(data.newPassword, 'newPassword');
    await this.setPassword(em, user, caller, data.newPassword, 'panel', meta);
  }

  /** Stores the new password hash, revokes the other sessions and audits, in one transaction. */
  private async setPassword(em: EntityManager, user: User, caller: Caller, password: string, kind: 'profile' | 'panel', meta: RequestMeta): Promise<void> {
    const passwordHash = await hashPassword(password);
    await em.transactional(async (tx) => {
      await tx.nativeUpdate(User, { id: user.id }, { passwordHash, passwordMeetsStaffRule: meetsStaffRule(password) });
      const revoked = await this.sessions.revokeOtherSessions(tx, user.id, caller.sessionId);
      audit(tx, { userId: user.id, action: 'password_changed', details: { kind, revokedSessions: revoked }, meta });
    });
    await em.refresh(user);
  }

  /** get_security_status: 2FA flag, last sign-in, failed sign-ins of the last 30 days. */
  async securityStatus(em: EntityManager, userId: string): Promise<SecurityStatus> {
    const user = await this.user(em, userId);
    const since = new Date(this.clock.now().getTime() - SECURITY_WINDOW_MS);
    const failed = await em.count(AdminLog, { userId, action: 'login_failed', createdAt: { $gte: since } });
    return {
      twoFactorEnabled: user.twoFactorEnabled,
      lastLoginAt: user.lastLoginAt ? user.lastLoginAt.toISOString() : null,
      loginAttempts: failed,
    };
  }
}

export function toProfileDto(profile: Profile): ProfileDto {
  return {
    id: profile.id,
    userId: typeof profile.user === 'string' ? profile.user : profile.user.id,
    fullName: profile.fullName,
    email: profile.email,
    phone: profile.phone ?? null,
    createdAt: profile.createdAt.toISOString(),
  };
}
