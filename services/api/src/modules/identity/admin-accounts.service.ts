/**
 * Administrators and developers (admin.md 2, 5, 6, 8).
 *
 * Admin registration: anyone may start one (login modal, users tab). It creates an unconfirmed
 * account and a pending registration and e-mails a confirmation link. Confirming never grants
 * the admin role by itself: an existing admin must approve the registration.
 *
 * The store owner (the first admin) is made only by the operator: with
 * `npm run create-owner`, or with the one-time owner setup token the service prints at start
 * while no admin exists (a registration made with it is activated when its e-mail is confirmed).
 * The cap of 3 admins holds under concurrency: every grant runs in a transaction holding one
 * advisory lock, counting admins before inserting.
 *
 * Developer setup (admin only; admin.md 'the user must register first'): grants developer +
 * admin to an existing account whose e-mail is confirmed, after checking that account's password
 * (the account holder's consent; failures count towards its lockout). It never creates, confirms
 * or takes over an account.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  MAX_ADMINS,
  adminRegistrationSchema,
  developerSetupSchema,
  type AdminRegistration as AdminRegistrationDto,
  type AdminRegistrationInput,
  type AdminUserPage,
  type adminUserListQuerySchema,
  type RoleName,
} from '@prata/contracts';
import type { z } from 'zod';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { audit, type RequestMeta } from '../audit/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { OutboxEmail } from '../../mail/outbox-email.entity.ts';
import { assertNotLocked, assertStaffPasswordStrength, recordFailure } from './credentials.ts';
import { AdminRegistration, OneTimeToken, OwnerSetupToken, Profile, RecoveryCode, RefreshToken, User, UserRole } from './identity.entities.ts';
import { consumeOneTimeToken, findUserByEmail, issueOneTimeToken, profileOf } from './identity.repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export const ADMIN_LIMIT_MESSAGE = 'Limite máximo de 3 administradores atingido';
export const EMAIL_IN_USE_MESSAGE = 'Este email já possui uma conta. Tente fazer login ou use outro email.';
export const NO_ACCOUNT_MESSAGE = 'Não há conta com este email. A pessoa deve se cadastrar na loja primeiro.';
export const UNCONFIRMED_ACCOUNT_MESSAGE = 'Esta conta ainda não confirmou o email. Peça à pessoa que confirme o cadastro antes de receber o acesso.';
export const WRONG_ACCOUNT_PASSWORD_MESSAGE = 'Senha incorreta para esta conta.';
export const STAFF_PASSWORD_REQUIRED_MESSAGE =
  'A senha desta conta não atende à regra de senha da equipe (pelo menos 12 caracteres, com letras maiúsculas e minúsculas, números e caracteres especiais). A pessoa deve trocar a senha antes de receber o acesso.';
export const SETUP_TOKEN_INVALID_MESSAGE = 'Link de primeiro acesso inválido ou expirado. Reinicie o serviço para gerar outro ou use npm run create-owner.';
/** Advisory lock key serialising role grants. */
export const ROLE_GRANT_LOCK = 925_001;
const CONFIRM_TTL_MS = 48 * 3_600_000;
/** Lifetime of an owner setup token, ms (24 h; a restart prints a new one). */
export const OWNER_SETUP_TTL_MS = 24 * 3_600_000;

const lockRoleGrants = (tx: EntityManager) =>
  tx.getConnection().execute('select pg_advisory_xact_lock(?)', [ROLE_GRANT_LOCK], 'all', tx.getTransactionContext());

/**
 * Grants `role` to `userId` inside a transaction holding the role-grant lock; an admin grant
 * fails when MAX_ADMINS admins exist. Idempotent for a role the user already has. This is the
 * bare grant (fixtures, demo accounts); the store's own grant paths go through
 * {@link grantStaffRole}, which adds the staff password and 2FA policy.
 * Returns true when the role was added, false when the user already had it.
 * @throws ConflictError ADMIN_LIMIT_MESSAGE.
 */
export async function grantRole(em: EntityManager, userId: string, role: RoleName, actorId: string | null, meta?: RequestMeta): Promise<boolean> {
  return em.transactional(async (tx) => {
    await lockRoleGrants(tx);
    if (await tx.count(UserRole, { user: userId, role })) return false;
    if (role === 'admin' && (await tx.count(UserRole, { role: 'admin' })) >= MAX_ADMINS) {
      throw new ConflictError(ADMIN_LIMIT_MESSAGE, 'admin_limit');
    }
    tx.create(UserRole, { user: userId, role });
    audit(tx, { userId: actorId, action: 'role_granted', details: { userId, role }, ...(meta ? { meta } : {}) });
    return true;
  });
}

/**
 * Grants a staff role (admin or developer) the way the store does it: approval of an admin
 * registration, developer setup, the users tab and `create-owner`, so no path grants staff access
 * to a weak password or leaves it without a second factor.
 * - The account's current password must have passed the panel strength rule when it was set
 *   (`users.password_meets_staff_rule`); otherwise the grant is refused and nothing changes.
 * - The account must then have 2FA (`users.two_factor_required`): without it, its next sign-in
 *   is the enrolment step (auth.service.ts). So that "next sign-in" comes now, a grant that adds
 *   a role to an account without 2FA ends its sessions (refresh tokens revoked; access tokens are
 *   bound to them), unless the account is the actor's own.
 * Returns true when the role was added (false: the account already had it).
 * @throws NotFoundError (no such account), ConflictError `staff_password_required` or
 *   ADMIN_LIMIT_MESSAGE.
 */
export async function grantStaffRole(em: EntityManager, userId: string, role: RoleName, actorId: string | null, meta?: RequestMeta): Promise<boolean> {
  return em.transactional(async (tx) => {
    const user = await tx.findOne(User, { id: userId, erasedAt: null });
    if (!user) throw new NotFoundError('Usuário não encontrado');
    if (!user.passwordMeetsStaffRule) throw new ConflictError(STAFF_PASSWORD_REQUIRED_MESSAGE, 'staff_password_required');
    const added = await grantRole(tx, userId, role, actorId, meta);
    user.twoFactorRequired = true;
    if (added && !user.twoFactorEnabled && userId !== actorId) {
      await tx.nativeUpdate(RefreshToken, { user: userId, revokedAt: null }, { revokedAt: new Date() });
    }
    await tx.flush();
    return added;
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
   * With `setupToken` (the owner setup token, single use, only while no admin exists) the
   * registration is the owner's.
   * @throws ConflictError when 3 admins exist or the e-mail has an account; ValidationError
   *   `invalid_setup_token`.
   */
  async register(em: EntityManager, input: AdminRegistrationInput, meta: RequestMeta): Promise<{ success: true; message: string }> {
    const data = adminRegistrationSchema.parse(input);
    // Every registration asks for admin access: the staff password rule applies.
    assertStaffPasswordStrength(data.password, 'password');
    const passwordHash = await hashPassword(data.password);
    let mail: OutboxEmail | undefined;
    await em.transactional(async (tx) => {
      if ((await tx.count(UserRole, { role: 'admin' })) >= MAX_ADMINS) throw new ConflictError(ADMIN_LIMIT_MESSAGE, 'admin_limit');
      if (await findUserByEmail(tx, data.email)) throw new ConflictError(EMAIL_IN_USE_MESSAGE, 'email_in_use');
      const ownerSetup = data.setupToken !== undefined;
      if (data.setupToken !== undefined) await this.consumeOwnerSetupToken(tx, data.setupToken);
      const user = tx.create(User, { email: data.email, passwordHash, passwordMeetsStaffRule: true });
      tx.create(Profile, { user, fullName: data.fullName, email: data.email });
      const registration = tx.create(AdminRegistration, { user, fullName: data.fullName, email: data.email, status: 'pending_confirmation', ownerSetup });
      const token = issueOneTimeToken(tx, this.clock, user, 'confirm_admin_registration', CONFIRM_TTL_MS, { registrationId: registration.id });
      const link = `${this.shellUrl}/admin/login?confirmar=${token}`;
      mail = this.mailer.queue(tx, {
        to: data.email,
        subject: `Confirme sua conta de administrador - ${this.storeName}`,
        // No name in mail to an address not yet proven (review 2026-11-25 #16): see auth.service.ts.
        text: `Olá!\n\nConfirme seu email para concluir o cadastro de administrador:\n${link}\n\nO link vale por 48 horas. Apenas o proprietário da loja deve criar esta conta.`,
        link,
      });
      audit(tx, { userId: user.id, action: 'admin_registration_created', details: { email: data.email, ownerSetup }, meta });
    });
    await this.mailer.dispatch(em, mail ? [mail] : []);
    return { success: true, message: `Enviamos um email de confirmação para ${data.email}.` };
  }

  /**
   * Confirms a registration e-mail. An owner registration (made with the setup token) is granted
   * admin at once while there is still no admin; every other registration waits for an admin's
   * approval; a rejected one stays rejected. Returns the resulting status.
   * @throws ConflictError 'registration_rejected' when an admin had already rejected it.
   */
  async confirm(em: EntityManager, token: string, meta: RequestMeta): Promise<{ status: 'approved' | 'pending_approval'; message: string }> {
    const row = await consumeOneTimeToken(em, this.clock, token, 'confirm_admin_registration');
    const registration = await em.findOneOrFail(AdminRegistration, { id: row.payload?.registrationId ?? '' });
    row.user.emailConfirmedAt ??= this.clock.now();
    registration.confirmedAt = this.clock.now();
    if (registration.status === 'rejected') {
      // A rejected registration stays rejected: confirming the e-mail
      // confirms the account, never the request for admin access.
      audit(em, { userId: row.user.id, action: 'admin_registration_confirmed', details: { status: 'rejected' }, meta });
      await em.flush();
      throw new ConflictError('Email confirmado, mas este cadastro de administrador foi recusado. Fale com um administrador da loja.', 'registration_rejected');
    }
    registration.status = 'pending_approval';
    audit(em, { userId: row.user.id, action: 'admin_registration_confirmed', meta });
    await em.flush();
    const bootstrap =
      registration.ownerSetup &&
      (await em.transactional(async (tx) => {
        await lockRoleGrants(tx);
        if ((await tx.count(UserRole, { role: 'admin' })) > 0) return false;
        tx.create(UserRole, { user: row.user.id, role: 'admin' });
        // The owner enrols an authenticator at the first sign-in: no staff session without 2FA.
        await tx.nativeUpdate(User, { id: row.user.id }, { twoFactorRequired: true });
        audit(tx, { userId: null, action: 'role_granted', details: { userId: row.user.id, role: 'admin', reason: 'owner_setup_token' }, meta });
        return true;
      }));
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

  /**
   * Approves a confirmed registration (a staff grant: {@link grantStaffRole}).
   * @throws NotFoundError, ConflictError (cap, not confirmed, `staff_password_required`).
   */
  async approve(em: EntityManager, id: string, actorId: string, meta: RequestMeta): Promise<void> {
    const registration = await em.findOne(AdminRegistration, { id }, { populate: ['user'] });
    if (!registration) throw new NotFoundError('Registro não encontrado');
    if (registration.status !== 'pending_approval') throw new ConflictError('Este registro não está aguardando aprovação.', 'not_pending');
    await grantStaffRole(em, registration.user.id, 'admin', actorId, meta);
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
   * setup-developer (admin.md 2, 5, 8: the user must register first): grants developer and admin
   * to the existing, e-mail-confirmed account `email` whose password is `password` (the account
   * holder's consent; a wrong one counts towards that account's lockout). `fullName` is kept in
   * the audit entry; the account's profile is not changed. The password must pass the panel
   * strength rule, and the account enrols 2FA at its next sign-in ({@link grantStaffRole}).
   * @throws NotFoundError (no account), ConflictError (e-mail not confirmed, admin cap),
   *   ValidationError 'Senha incorreta para esta conta.' or `weak_password`,
   *   TooManyRequestsError (account locked).
   */
  async setupDeveloper(em: EntityManager, input: z.input<typeof developerSetupSchema>, actorId: string | null, meta?: RequestMeta): Promise<{ message: string }> {
    const data = developerSetupSchema.parse(input);
    const requestMeta = meta ?? { ip: null, userAgent: null };
    const user = await findUserByEmail(em, data.email);
    if (!user) throw new NotFoundError(NO_ACCOUNT_MESSAGE, 'account_not_found');
    if (!user.emailConfirmedAt) throw new ConflictError(UNCONFIRMED_ACCOUNT_MESSAGE, 'email_not_confirmed');
    assertNotLocked(user, this.clock.now());
    if (!(await verifyPassword(user.passwordHash, data.password))) {
      await recordFailure(em, this.clock, user, 'wrong_password', requestMeta);
      throw new ValidationError(WRONG_ACCOUNT_PASSWORD_MESSAGE, [{ path: 'password', message: WRONG_ACCOUNT_PASSWORD_MESSAGE }], 'wrong_password');
    }
    // Staff accounts need a password passing the panel rule (admin.md 7).
    assertStaffPasswordStrength(data.password, 'password');
    if (!user.passwordMeetsStaffRule) {
      user.passwordMeetsStaffRule = true;
      await em.flush();
    }
    await grantStaffRole(em, user.id, 'admin', actorId, meta);
    await grantStaffRole(em, user.id, 'developer', actorId, meta);
    audit(em, { userId: actorId, action: 'developer_setup', details: { userId: user.id, email: user.email, fullName: data.fullName }, meta: requestMeta });
    await em.flush();
    return { message: `Acesso de desenvolvedor criado para ${data.email}` };
  }

  /**
   * The store owner from the command line (scripts/create-owner.ts): an admin account with the
   * password the operator typed, which must pass the panel strength rule.
   * - No account: created, e-mail confirmed (the operator vouches for it).
   * - An unconfirmed account (a sign-up nobody confirmed, possibly made by someone else to
   *   pre-hijack the address): its password, pending links, 2FA and sessions are replaced, so
   *   nothing of the earlier sign-up survives.
   * - A confirmed account: granted admin; its password becomes the one typed and its other
   *   sessions are revoked.
   * The owner enrols 2FA at the first sign-in ({@link grantStaffRole}).
   * Returns the user and a one-line summary for the operator saying which case applied.
   * @throws ValidationError `weak_password`, ConflictError (admin cap).
   */
  async createOwner(em: EntityManager, input: { email: string; password: string; fullName: string }): Promise<{ user: User; summary: string }> {
    assertStaffPasswordStrength(input.password, 'password');
    const email = input.email.trim().toLowerCase();
    const passwordHash = await hashPassword(input.password);
    const now = this.clock.now();
    const { user, summary } = await em.transactional(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (!existing) {
        const created = tx.create(User, { email, passwordHash, passwordMeetsStaffRule: true, emailConfirmedAt: now });
        tx.create(Profile, { user: created, fullName: input.fullName, email });
        return { user: created, summary: `owner ready: ${email} (admin): new account` };
      }
      const unconfirmed = !existing.emailConfirmedAt;
      await tx.nativeUpdate(RefreshToken, { user: existing.id, revokedAt: null }, { revokedAt: now });
      await tx.nativeDelete(OneTimeToken, { user: existing.id, usedAt: null });
      existing.passwordHash = passwordHash;
      existing.passwordMeetsStaffRule = true;
      existing.loginAttempts = 0;
      existing.emailConfirmedAt ??= now;
      const profile = await profileOf(tx, existing.id);
      if (!profile) tx.create(Profile, { user: existing, fullName: input.fullName, email });
      if (!unconfirmed) {
        return { user: existing, summary: `owner ready: ${email} (admin): existing confirmed account; its password is now the one given and its sessions were signed out` };
      }
      // Nothing chosen by whoever made the unconfirmed sign-up survives.
      existing.twoFactorEnabled = false;
      existing.twoFactorSecret = null;
      existing.pendingTwoFactorSecret = null;
      await tx.nativeDelete(RecoveryCode, { user: existing.id });
      await tx.nativeDelete(UserRole, { user: existing.id });
      await tx.nativeDelete(AdminRegistration, { user: existing.id, status: { $ne: 'approved' } });
      if (profile) profile.fullName = input.fullName;
      return { user: existing, summary: `owner ready: ${email} (admin): replaced an unconfirmed sign-up of this e-mail (its password, links and sessions are gone)` };
    });
    // The owner enrols an authenticator at the first sign-in: no staff session without 2FA.
    await grantStaffRole(em, user.id, 'admin', null);
    return { user, summary };
  }

  /**
   * While the store has no admin, makes a new owner setup token (valid OWNER_SETUP_TTL_MS,
   * single use), stored hashed, and returns it for the service to print at start; earlier unused
   * tokens stop working. Returns null once an admin exists.
   */
  async issueOwnerSetupToken(em: EntityManager): Promise<string | null> {
    return em.transactional(async (tx) => {
      await lockRoleGrants(tx);
      if ((await tx.count(UserRole, { role: 'admin' })) > 0) return null;
      await tx.nativeDelete(OwnerSetupToken, { usedAt: null });
      const raw = randomToken();
      tx.create(OwnerSetupToken, { tokenHash: sha256Hex(raw), expiresAt: new Date(this.clock.now().getTime() + OWNER_SETUP_TTL_MS) });
      return raw;
    });
  }

  /**
   * Users tab: one page of profiles with their highest role, newest first; `search`
   * matches the name or e-mail with accents and case ignored (`search_normalize`, as the global
   * search). `total` counts every matching profile.
   */
  async users(em: EntityManager, query: z.output<typeof adminUserListQuerySchema>): Promise<AdminUserPage> {
    const { page, pageSize } = query;
    const search = query.search ? containsPattern(query.search) : null;
    const filter = `(?::text is null or search_normalize(p.full_name || ' ' || p.email) like search_normalize(?::text))`;
    const connection = em.getConnection();
    const [rows, [counted]] = await Promise.all([
      connection.execute<{ user_id: string; full_name: string; email: string; created_at: Date | string; roles: string[] | null }[]>(
        `select p.user_id, p.full_name, p.email, p.created_at,
                (select array_agg(r.role) from user_roles r where r.user_id = p.user_id) as roles
           from profiles p
          where ${filter}
          order by p.created_at desc, p.user_id
          limit ? offset ?`,
        [search, search, pageSize, (page - 1) * pageSize],
      ),
      connection.execute<{ total: string }[]>(`select count(*) as total from profiles p where ${filter}`, [search, search]),
    ]);
    return {
      items: rows.map((row) => {
        const own = row.roles ?? [];
        return {
          id: row.user_id,
          fullName: row.full_name || null,
          email: row.email,
          role: own.includes('developer') ? 'developer' : own.includes('admin') ? 'admin' : 'user',
          createdAt: new Date(row.created_at).toISOString(),
        };
      }),
      total: Number(counted?.total ?? 0),
      page,
      pageSize,
    };
  }

  /** Uses the owner setup token once. @throws ValidationError when unknown, used, expired or an admin exists. */
  private async consumeOwnerSetupToken(tx: EntityManager, raw: string): Promise<void> {
    const now = this.clock.now();
    await lockRoleGrants(tx);
    const used =
      (await tx.count(UserRole, { role: 'admin' })) === 0 &&
      (await tx.nativeUpdate(OwnerSetupToken, { tokenHash: sha256Hex(raw), usedAt: null, expiresAt: { $gt: now } }, { usedAt: now })) === 1;
    if (!used) throw new ValidationError(SETUP_TOKEN_INVALID_MESSAGE, undefined, 'invalid_setup_token');
  }
}
