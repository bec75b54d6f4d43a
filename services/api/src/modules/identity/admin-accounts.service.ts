/**
 * Administrators and developers (admin.md 2, 5, 6, 8; issue 3).
 *
 * Admin registration: anyone may start one (login modal, users tab). It creates an unconfirmed
 * account and a pending registration and e-mails a confirmation link. Confirming grants the
 * admin role only when no admin exists yet (the store owner bootstraps); otherwise an existing
 * admin must approve it. The cap of 3 admins holds under concurrency: every grant runs in a
 * transaction holding one advisory lock, counting admins before inserting.
 *
 * Developer setup (admin only): creates or upgrades a user with developer + admin roles.
 * The owner can also be created from the command line (scripts/create-owner.ts).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  MAX_ADMINS,
  adminRegistrationSchema,
  developerSetupSchema,
  type AdminRegistration as AdminRegistrationDto,
  type AdminRegistrationInput,
  type AdminUser,
  type RoleName,
} from '@prata/contracts';
import type { z } from 'zod';
import { ConflictError, NotFoundError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { audit, type RequestMeta } from '../audit/audit.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { OutboxEmail } from '../mail/outbox-email.entity.ts';
import { AdminRegistration, Profile, User, UserRole } from './identity.entities.ts';
import { consumeOneTimeToken, findUserByEmail, issueOneTimeToken, profileOf } from './identity.repository.ts';
import { hashPassword } from './passwords.ts';

export const ADMIN_LIMIT_MESSAGE = 'Limite máximo de 3 administradores atingido';
export const EMAIL_IN_USE_MESSAGE = 'Este email já possui uma conta. Tente fazer login ou use outro email.';
/** Advisory lock key serialising role grants. */
export const ROLE_GRANT_LOCK = 925_001;
const CONFIRM_TTL_MS = 48 * 3_600_000;

/**
 * Grants `role` to `userId` inside a transaction holding the role-grant lock; an admin grant
 * fails when MAX_ADMINS admins exist. Idempotent for a role the user already has.
 * @throws ConflictError ADMIN_LIMIT_MESSAGE.
 */
export async function grantRole(em: EntityManager, userId: string, role: RoleName, actorId: string | null, meta?: RequestMeta): Promise<void> {
  await em.transactional(async (tx) => {
    await tx.getConnection().execute('select pg_advisory_xact_lock(?)', [ROLE_GRANT_LOCK], 'all', tx.getTransactionContext());
    if (await tx.count(UserRole, { user: userId, role })) return;
    if (role === 'admin' && (await tx.count(UserRole, { role: 'admin' })) >= MAX_ADMINS) {
      throw new ConflictError(ADMIN_LIMIT_MESSAGE, 'admin_limit');
    }
    tx.create(UserRole, { user: userId, role });
    audit(tx, { userId: actorId, action: 'role_granted', details: { userId, role }, ...(meta ? { meta } : {}) });
  });
}

export class AdminAccountsService {
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

  /**
   * create_admin_registration_secure: creates the pending registration and e-mails the link.
   * @throws ConflictError when 3 admins exist or the e-mail has an account.
   */
  async register(em: EntityManager, input: AdminRegistrationInput, meta: RequestMeta): Promise<{ success: true; message: string }> {
    const data = adminRegistrationSchema.parse(input);
    const passwordHash = await hashPassword(data.password);
    let mail: OutboxEmail | undefined;
    await em.transactional(async (tx) => {
      if ((await tx.count(UserRole, { role: 'admin' })) >= MAX_ADMINS) throw new ConflictError(ADMIN_LIMIT_MESSAGE, 'admin_limit');
      if (await findUserByEmail(tx, data.email)) throw new ConflictError(EMAIL_IN_USE_MESSAGE, 'email_in_use');
      const user = tx.create(User, { email: data.email, passwordHash });
      tx.create(Profile, { user, fullName: data.fullName, email: data.email });
      const registration = tx.create(AdminRegistration, { user, fullName: data.fullName, email: data.email, status: 'pending_confirmation' });
      const token = issueOneTimeToken(tx, this.clock, user, 'confirm_admin_registration', CONFIRM_TTL_MS, { registrationId: registration.id });
      const link = `${this.shellUrl}/admin/login?confirmar=${token}`;
      mail = this.mailer.queue(tx, {
        to: data.email,
        subject: `Confirme sua conta de administrador - ${this.storeName}`,
        text: `Olá, ${data.fullName}!\n\nConfirme seu email para concluir o cadastro de administrador:\n${link}\n\nO link vale por 48 horas. Apenas o proprietário da loja deve criar esta conta.`,
        link,
      });
      audit(tx, { userId: user.id, action: 'admin_registration_created', details: { email: data.email }, meta });
    });
    await this.mailer.dispatch(em, mail ? [mail] : []);
    return { success: true, message: `Enviamos um email de confirmação para ${data.email}.` };
  }

  /**
   * Confirms a registration e-mail. Grants admin at once when there is no admin yet; otherwise
   * the registration waits for an admin's approval. Returns the resulting status.
   */
  async confirm(em: EntityManager, token: string, meta: RequestMeta): Promise<{ status: 'approved' | 'pending_approval'; message: string }> {
    const row = await consumeOneTimeToken(em, this.clock, token, 'confirm_admin_registration');
    const registration = await em.findOneOrFail(AdminRegistration, { id: row.payload?.registrationId ?? '' });
    row.user.emailConfirmedAt ??= this.clock.now();
    registration.confirmedAt = this.clock.now();
    registration.status = 'pending_approval';
    audit(em, { userId: row.user.id, action: 'admin_registration_confirmed', meta });
    await em.flush();
    const bootstrap = await em.transactional(async (tx) => {
      await tx.getConnection().execute('select pg_advisory_xact_lock(?)', [ROLE_GRANT_LOCK], 'all', tx.getTransactionContext());
      if ((await tx.count(UserRole, { role: 'admin' })) > 0) return false;
      tx.create(UserRole, { user: row.user.id, role: 'admin' });
      audit(tx, { userId: null, action: 'role_granted', details: { userId: row.user.id, role: 'admin', reason: 'owner_bootstrap' }, meta });
      return true;
    });
    if (bootstrap) {
      registration.status = 'approved';
      registration.decidedAt = this.clock.now();
      await em.flush();
      return { status: 'approved', message: 'Email confirmado. Sua conta de administrador está ativa.' };
    }
    return { status: 'pending_approval', message: 'Email confirmado. Um administrador precisa aprovar seu acesso.' };
  }

  async list(em: EntityManager): Promise<AdminRegistrationDto[]> {
    const rows = await em.find(AdminRegistration, {}, { orderBy: { createdAt: 'desc' } });
    return rows.map((r) => ({
      id: r.id,
      fullName: r.fullName,
      email: r.email,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      confirmedAt: r.confirmedAt ? r.confirmedAt.toISOString() : null,
    }));
  }

  /** Approves a confirmed registration. @throws NotFoundError, ConflictError (cap, not confirmed). */
  async approve(em: EntityManager, id: string, actorId: string, meta: RequestMeta): Promise<void> {
    const registration = await em.findOne(AdminRegistration, { id }, { populate: ['user'] });
    if (!registration) throw new NotFoundError('Registro não encontrado');
    if (registration.status !== 'pending_approval') throw new ConflictError('Este registro não está aguardando aprovação.', 'not_pending');
    await grantRole(em, registration.user.id, 'admin', actorId, meta);
    registration.status = 'approved';
    registration.decidedBy = actorId;
    registration.decidedAt = this.clock.now();
    await em.flush();
  }

  async reject(em: EntityManager, id: string, actorId: string, meta: RequestMeta): Promise<void> {
    const registration = await em.findOne(AdminRegistration, { id });
    if (!registration) throw new NotFoundError('Registro não encontrado');
    if (registration.status === 'approved') throw new ConflictError('Este registro já foi aprovado.', 'already_approved');
    registration.status = 'rejected';
    registration.decidedBy = actorId;
    registration.decidedAt = this.clock.now();
    audit(em, { userId: actorId, action: 'admin_registration_rejected', details: { registrationId: id }, meta });
    await em.flush();
  }

  /**
   * setup-developer: creates (confirmed) or upgrades the user, then grants developer and admin.
   * @throws ConflictError when the admin cap is reached.
   */
  async setupDeveloper(em: EntityManager, input: z.input<typeof developerSetupSchema>, actorId: string | null, meta?: RequestMeta): Promise<{ message: string }> {
    const data = developerSetupSchema.parse(input);
    const user = await this.ensureUser(em, data.email, data.password, data.fullName);
    await grantRole(em, user.id, 'admin', actorId, meta);
    await grantRole(em, user.id, 'developer', actorId, meta);
    return { message: `Acesso de desenvolvedor criado para ${data.email}` };
  }

  /** Store owner from the command line: a confirmed admin account. */
  async createOwner(em: EntityManager, input: { email: string; password: string; fullName: string }): Promise<User> {
    const user = await this.ensureUser(em, input.email, input.password, input.fullName);
    await grantRole(em, user.id, 'admin', null);
    return user;
  }

  /** Users tab: profiles with their highest role, newest first. */
  async users(em: EntityManager): Promise<AdminUser[]> {
    const profiles = await em.find(Profile, {}, { orderBy: { createdAt: 'desc' }, populate: ['user'], limit: 500 });
    const roles = await em.find(UserRole, { user: { $in: profiles.map((p) => p.user.id) } });
    return profiles.map((p) => {
      const own = roles.filter((r) => r.user.id === p.user.id).map((r) => r.role);
      return {
        id: p.user.id,
        fullName: p.fullName || null,
        email: p.email,
        role: own.includes('developer') ? 'developer' : own.includes('admin') ? 'admin' : 'user',
        createdAt: p.createdAt.toISOString(),
      };
    });
  }

  private async ensureUser(em: EntityManager, email: string, password: string, fullName: string): Promise<User> {
    const normalised = email.trim().toLowerCase();
    const existing = await findUserByEmail(em, normalised);
    if (existing) {
      existing.emailConfirmedAt ??= this.clock.now();
      if (!(await profileOf(em, existing.id))) em.create(Profile, { user: existing, fullName, email: normalised });
      await em.flush();
      return existing;
    }
    const user = em.create(User, { email: normalised, passwordHash: await hashPassword(password), emailConfirmedAt: this.clock.now() });
    em.create(Profile, { user, fullName, email: normalised });
    await em.flush();
    return user;
  }
}
