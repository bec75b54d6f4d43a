/**
 * The signed-in user's own account (admin.md 2 profile tab, 5, 7; issue 3): profile, password
 * change (>= 6), e-mail change re-verified with the current password and confirmed by a link
 * sent to the new address, the panel password change (>= 12, server-side strength check) and
 * the security status.
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
import { AdminLog } from '../audit/admin-log.entity.ts';
import { audit, type RequestMeta } from '../audit/audit.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Profile} from './identity.entities.ts';
import { User } from './identity.entities.ts';
import { consumeOneTimeToken, findUserByEmail, issueOneTimeToken, profileOf } from './identity.repository.ts';
import { hashPassword, passwordStrength, verifyPassword } from './passwords.ts';

const EMAIL_CHANGE_TTL_MS = 24 * 3_600_000;
/** Failed sign-ins counted by the security status, in ms (30 days). */
const SECURITY_WINDOW_MS = 30 * 86_400_000;
export const WRONG_CURRENT_PASSWORD = 'Senha atual incorreta';

export class AccountService {
  private readonly mailer: Mailer;
  private readonly clock: Clock;
  private readonly shellUrl: string;
  private readonly storeName: string;

  constructor(mailer: Mailer, clock: Clock, shellUrl: string, storeName: string) {
    this.mailer = mailer;
    this.clock = clock;
    this.shellUrl = shellUrl;
    this.storeName = storeName;
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

  async updateProfile(em: EntityManager, userId: string, input: z.input<typeof updateProfileSchema>, meta: RequestMeta): Promise<ProfileDto> {
    const data = updateProfileSchema.parse(input);
    const profile = await profileOf(em, userId);
    if (!profile) throw new NotFoundError('Não foi possível carregar o perfil.');
    profile.fullName = data.fullName;
    audit(em, { userId, action: 'profile_updated', details: { fullName: data.fullName }, meta });
    await em.flush();
    return toProfileDto(profile);
  }

  async changePassword(em: EntityManager, userId: string, input: z.input<typeof changePasswordSchema>, meta: RequestMeta): Promise<void> {
    const data = changePasswordSchema.parse(input);
    const user = await this.user(em, userId);
    user.passwordHash = await hashPassword(data.password);
    audit(em, { userId, action: 'password_changed', details: { kind: 'profile' }, meta });
    await em.flush();
  }

  /**
   * Starts an e-mail change: checks the current password, then e-mails a confirmation link to
   * the new address. @throws ValidationError 'Senha atual incorreta', ConflictError when taken.
   */
  async requestEmailChange(em: EntityManager, userId: string, input: z.input<typeof changeEmailSchema>, meta: RequestMeta): Promise<void> {
    const data = changeEmailSchema.parse(input);
    const user = await this.user(em, userId);
    if (!(await verifyPassword(user.passwordHash, data.currentPassword))) {
      throw new ValidationError(WRONG_CURRENT_PASSWORD, undefined, 'wrong_password');
    }
    if (await findUserByEmail(em, data.newEmail)) throw new ConflictError('Este email já está em uso.', 'email_in_use');
    const token = issueOneTimeToken(em, this.clock, user, 'change_email', EMAIL_CHANGE_TTL_MS, { newEmail: data.newEmail });
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

  /** Applies an e-mail change from its link. */
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
      audit(tx, { userId: row.user.id, action: 'email_changed', details: { from: previous, to: newEmail }, meta });
    });
  }

  /**
   * Panel password change (admin.md 5): current password verified; new >= 12 and strong.
   * @throws ValidationError 'A senha não atende aos requisitos mínimos de segurança.' with the
   *   feedback list as issues, or 'Senha atual incorreta'.
   */
  async changePanelPassword(em: EntityManager, userId: string, input: z.input<typeof panelPasswordSchema>, meta: RequestMeta): Promise<void> {
    const data = panelPasswordSchema.parse(input);
    const user = await this.user(em, userId);
    if (!(await verifyPassword(user.passwordHash, data.currentPassword))) {
      throw new ValidationError(WRONG_CURRENT_PASSWORD, undefined, 'wrong_password');
    }
    const strength = passwordStrength(data.newPassword);
    if (!strength.valid) {
      throw new ValidationError(
        'A senha não atende aos requisitos mínimos de segurança.',
        strength.feedback.map((message) => ({ path: 'newPassword', message })),
        'weak_password',
      );
    }
    user.passwordHash = await hashPassword(data.newPassword);
    audit(em, { userId, action: 'password_changed', details: { kind: 'panel' }, meta });
    await em.flush();
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
    createdAt: profile.createdAt.toISOString(),
  };
}
