/**
 * User administration from the panel's users tab (admin.md 2, 6): view an account,
 * edit its name and its admin role, delete a customer account with LGPD erasure.
 *
 * Admin role changes hold the role-grant advisory lock (the one `grantRole` takes), so the cap
 * of 3 admins and "never remove the last admin" hold under concurrency; an admin cannot remove
 * their own admin role.
 *
 * Erasure (LGPD, Lei 13.709/2018 arts. 16 and 18): the account's personal data is erased while
 * its orders and their lines stay for the store's legal and fiscal records, anonymised:
 * - users row: e-mail replaced by `removido-<id>@anonimo.invalid`, password replaced by the hash
 *   of a discarded random secret, 2FA and sign-in data cleared, `erased_at` set (the auth plugin
 *   refuses its tokens);
 * - deleted: profile, roles, sessions (refresh tokens), one-time links, recovery codes, admin
 *   registrations, favourites / reservations, saved addresses, e-mails in the outbox;
 * - orders: customer name, e-mail, phone, street, number, complement, neighbourhood, ZIP code and
 *   card brand / last digits replaced; city and state (not identifying alone) stay for the sales
 *   figures; totals and lines are untouched;
 * - activity log rows of the account: IP address and user agent cleared, e-mails and names
 *   (`email`, `newEmail`, `from`, `to`, `fullName`) removed from the details; rows about the account
 *   by admins lose their before/after values; failed sign-ins that typed one of its addresses lose
 *   the address;
 * - outbox e-mails to every address the account used: its e-mail, the e-mails it changed from and
 *   to, and the contact e-mails of its orders;
 * - error reports it sent while signed in: breadcrumbs, page URL and user agent cleared
 *   (system-errors' `eraseErrorTraces`);
 * - the reviews it wrote: deleted, with their photos in the bucket once the erasure committed
 *   (reviews' `eraseReviewsOf`, which says why deleted rather than anonymised); the products that
 *   showed one get `ProductReviewsChanged`, so their pages and the cards' ratings are purged.
 * Only customers can be deleted (no admin or developer role). An admin never deletes their own
 * account here; a customer deletes their own with their password (`DELETE /api/me`).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { adminUserUpdateSchema, type AdminUserDetail, type AdminUserUpdate } from '@prata/contracts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { SavedAddress } from '../addresses/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken } from '../../lib/crypto.ts';
import { audit, type RequestMeta } from '../audit/index.ts';
import {
  ROLE_GRANT_LOCK,
  grantStaffRole,
  AdminRegistration,
  OneTimeToken,
  Profile,
  RecoveryCode,
  RefreshToken,
  User,
  UserRole,
  hashPassword,
} from '../identity/index.ts';
import { Order } from '../orders/index.ts';
import { ProductReservation } from '../catalogue/index.ts';
import { eraseReviewsOf } from '../reviews/index.ts';
import { eraseErrorTraces } from '../system-errors/index.ts';
import type { EventBus } from '../../events/event-bus.ts';

export const LAST_ADMIN_MESSAGE = 'Não é possível remover o último administrador.';
export const OWN_ADMIN_MESSAGE = 'Você não pode remover o seu próprio acesso de administrador.';
export const OWN_ACCOUNT_MESSAGE = 'Você não pode excluir a sua própria conta.';
export const PRIVILEGED_ACCOUNT_MESSAGE = 'Administradores e desenvolvedores não podem ser excluídos. Remova o acesso de administrador primeiro.';

/** Placeholder written over the personal fields of an erased customer's orders. */
export const ERASED_ORDER_FIELDS = {
  customerName: 'Cliente removido',
  customerPhone: '0000000000',
  // The consent to WhatsApp updates goes with the number (no message is sent after erasure).
  whatsappOptIn: false,
  customerCpf: null,
  zipCode: '00000000',
  street: 'Removido (LGPD)',
  addressNumber: '0',
  complement: null,
  neighborhood: 'Removido',
  cardBrand: null,
  cardLast4: null,
  // The acquirer's boleto page names the payer and the CPF (security review 2026-11-29 #16).
  boletoUrl: null,
} as const;

/** What an erased account's return requests keep of the shopper's own words. */
export const ERASED_RETURN_REASON = 'Removido (LGPD)';

/** The e-mail an erased account keeps (unique, undeliverable: `.invalid` is reserved, RFC 2606). */
export function erasedEmail(userId: string): string {
  return `removido-${userId}@anonimo.invalid`;
}

async function lockRoles(tx: EntityManager): Promise<void> {
  await tx.getConnection().execute('select pg_advisory_xact_lock(?)', [ROLE_GRANT_LOCK], 'all', tx.getTransactionContext());
}

/** What an erasure needs beyond the database: the event bus, and deleting a review photo from the bucket. */
export interface ErasureDeps {
  events: EventBus;
  removeReviewPhoto(key: string): Promise<void>;
  /** Told the photos that could not be deleted (the account is erased all the same). */
  warn?(details: { userId: string; photoKeys: string[] }, message: string): void;
}

export class UserAdminService {
  private readonly clock: Clock;
  private readonly erasure: ErasureDeps;

  constructor(clock: Clock, erasure: ErasureDeps) {
    this.clock = clock;
    this.erasure = erasure;
  }

  /** One account with its roles, last sign-in and orders count. @throws NotFoundError. */
  async detail(em: EntityManager, id: string): Promise<AdminUserDetail> {
    const profile = await em.findOne(Profile, { user: { id, erasedAt: null } }, { populate: ['user'] });
    if (!profile) throw new NotFoundError('Usuário não encontrado');
    const [roles, ordersCount] = await Promise.all([em.find(UserRole, { user: id }, { orderBy: { role: 'asc' } }), em.count(Order, { user: id })]);
    const names = roles.map((row) => row.role);
    return {
      id,
      fullName: profile.fullName || null,
      email: profile.email,
      role: names.includes('developer') ? 'developer' : names.includes('admin') ? 'admin' : 'user',
      createdAt: profile.createdAt.toISOString(),
      roles: names,
      lastLoginAt: profile.user.lastLoginAt?.toISOString() ?? null,
      ordersCount,
      twoFactorEnabled: profile.user.twoFactorEnabled,
    };
  }

  /**
   * Changes the name, the admin role and/or the developer role of `id` (a developer
   * role can be revoked too; the store is never left without an admin). A grant is a
   * staff grant (`grantStaffRole`, review finding 9): the account's password must pass the staff
   * rule, and it enrols 2FA at its next sign-in.
   * @throws ZodError, NotFoundError, ConflictError (admin cap, last admin, own admin role,
   *   `staff_password_required`).
   */
  async update(em: EntityManager, actorId: string, id: string, input: AdminUserUpdate, meta: RequestMeta): Promise<AdminUserDetail> {
    const data = adminUserUpdateSchema.parse(input);
    await em.transactional(async (tx) => {
      await lockRoles(tx);
      const profile = await tx.findOne(Profile, { user: { id, erasedAt: null } });
      if (!profile) throw new NotFoundError('Usuário não encontrado');
      if (data.fullName !== undefined && data.fullName !== profile.fullName) {
        audit(tx, { userId: actorId, action: 'user_updated', details: { userId: id, before: { fullName: profile.fullName }, after: { fullName: data.fullName } }, meta });
        profile.fullName = data.fullName;
      }
      const isAdmin = (await tx.count(UserRole, { user: id, role: 'admin' })) > 0;
      if (data.isAdmin === true && !isAdmin) await grantStaffRole(tx, id, 'admin', actorId, meta);
      if (data.isAdmin === false && isAdmin) {
        if (id === actorId) throw new ConflictError(OWN_ADMIN_MESSAGE, 'own_admin_role');
        if ((await tx.count(UserRole, { role: 'admin' })) <= 1) throw new ConflictError(LAST_ADMIN_MESSAGE, 'last_admin');
        await tx.nativeDelete(UserRole, { user: id, role: 'admin' });
        audit(tx, { userId: actorId, action: 'role_revoked', details: { userId: id, role: 'admin' }, meta });
      }
      const isDeveloper = (await tx.count(UserRole, { user: id, role: 'developer' })) > 0;
      if (data.isDeveloper === true && !isDeveloper) await grantStaffRole(tx, id, 'developer', actorId, meta);
      if (data.isDeveloper === false && isDeveloper) {
        await tx.nativeDelete(UserRole, { user: id, role: 'developer' });
        audit(tx, { userId: actorId, action: 'role_revoked', details: { userId: id, role: 'developer' }, meta });
      }
    });
    return this.detail(em.fork(), id);
  }

  /**
   * Deletes a customer account with LGPD erasure (see the module comment).
   * @throws NotFoundError, ConflictError (own account, admin or developer).
   */
  async erase(em: EntityManager, actorId: string, id: string, meta: RequestMeta, options: { self?: boolean } = {}): Promise<{ anonymisedOrders: number; deletedReviews: number }> {
    if (id === actorId && !options.self) throw new ConflictError(OWN_ACCOUNT_MESSAGE, 'own_account');
    const passwordHash = await hashPassword(randomToken());
    const { anonymisedOrders, reviews } = await em.transactional(async (tx) => {
      await lockRoles(tx);
      const user = await tx.findOne(User, { id, erasedAt: null });
      if (!user) throw new NotFoundError('Usuário não encontrado');
      if ((await tx.count(UserRole, { user: id })) > 0) throw new ConflictError(PRIVILEGED_ACCOUNT_MESSAGE, 'privileged_account');
      const anonymous = erasedEmail(id);
      const formerEmail = user.email;
      const connection = tx.getConnection();
      const ctx = tx.getTransactionContext();
      // Every address the account used: its own, its e-mail changes, its orders' contact e-mails.
      const changes = await connection.execute<{ from: string | null; to: string | null }[]>(
        `select details->>'from' as "from", details->>'to' as "to" from admin_logs where user_id = ? and action = 'email_changed'`,
        [id],
        'all',
        ctx,
      );
      const contacts = await connection.execute<{ email: string }[]>('select distinct customer_email as email from orders where user_id = ?', [id], 'all', ctx);
      const addresses = [...new Set([formerEmail, ...changes.flatMap((row) => [row.from, row.to]), ...contacts.map((row) => row.email)].filter((value): value is string => Boolean(value)).map((value) => value.toLowerCase()))];

      const anonymisedOrders = await tx.nativeUpdate(Order, { user: id }, { ...ERASED_ORDER_FIELDS, customerEmail: anonymous });
      await tx.nativeDelete(Profile, { user: id });
      await tx.nativeDelete(SavedAddress, { user: id });
      await tx.nativeDelete(RefreshToken, { user: id });
      await tx.nativeDelete(OneTimeToken, { user: id });
      await tx.nativeDelete(RecoveryCode, { user: id });
      await tx.nativeDelete(AdminRegistration, { user: id });
      await tx.nativeDelete(ProductReservation, { user: id });
      // The cart kept on the server and the reminder opt-in (the reminders' figures stay, naming no one).
      await connection.execute('delete from carts where user_id = ?', [id], 'run', ctx);
      // Free text and links that name the person (review #16): the label's print link (name,
      // address, phone), the return reasons and the owner's notes on them, the notes on the orders'
      // history (staff write what they checked: a payer's name, a bank statement line).
      await connection.execute('update shipments set label_url = null where order_id in (select id from orders where user_id = ?)', [id], 'run', ctx);
      await connection.execute('update return_requests set reason = ?, note = null where user_id = ?', [ERASED_RETURN_REASON, id], 'run', ctx);
      await connection.execute('update order_status_changes set note = null where order_id in (select id from orders where user_id = ?)', [id], 'run', ctx);
      // The consent log keeps each choice as proof (LGPD art. 8 §2), no longer linked to the account.
      await connection.execute('update consent_records set user_id = null where user_id = ?', [id], 'run', ctx);
      // The breadcrumbs, page and browser of the error reports its sessions sent.
      await eraseErrorTraces(tx, id);
      const reviews = await eraseReviewsOf(tx, this.erasure.events, id);
      // Back-in-stock alerts of the account or of any address it used.
      await connection.execute(`delete from stock_subscriptions where user_id = ? or lower(email) in (${addresses.map(() => '?').join(', ')})`, [id, ...addresses], 'run', ctx);
      await connection.execute(`delete from outbox_emails where lower("to") in (${addresses.map(() => '?').join(', ')})`, addresses, 'run', ctx);
      await connection.execute(
        `update admin_logs set ip_address = null, user_agent = null, details = details - 'email' - 'newEmail' - 'from' - 'to' - 'fullName' where user_id = ?`,
        [id],
        'run',
        ctx,
      );
      await connection.execute(`update admin_logs set details = details - 'before' - 'after' - 'email' where details->>'userId' = ?`, [id], 'run', ctx);
      await connection.execute(
        `update admin_logs set details = details - 'email' where user_id is null and action = 'login_failed' and lower(details->>'email') in (${addresses.map(() => '?').join(', ')})`,
        addresses,
        'run',
        ctx,
      );
      tx.assign(user, {
        email: anonymous,
        passwordHash,
        emailConfirmedAt: null,
        lastLoginAt: null,
        loginAttempts: 0,
        lastFailedLoginAt: null,
        twoFactorEnabled: false,
        twoFactorRequired: false,
        passwordMeetsStaffRule: false,
        twoFactorSecret: null,
        pendingTwoFactorSecret: null,
        lastTotpStep: null,
        erasedAt: this.clock.now(),
      });
      audit(tx, { userId: actorId, action: 'user_deleted', details: { userId: id, anonymisedOrders, deletedReviews: reviews.deleted }, meta });
      return { anonymisedOrders, reviews };
    });
    await this.erasure.events.publish(em, reviews.records);
    const removals = await Promise.allSettled(reviews.photoKeys.map((key) => this.erasure.removeReviewPhoto(key)));
    const left = reviews.photoKeys.filter((_key, index) => removals[index]!.status === 'rejected');
    if (left.length > 0) this.erasure.warn?.({ userId: id, photoKeys: left }, 'erased account: review photos not deleted from storage');
    return { anonymisedOrders, deletedReviews: reviews.deleted };
  }
}
