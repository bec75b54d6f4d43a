/**
 * A customer's own personal data (LGPD, Lei 13.709/2018 art. 18):
 * `export` answers what the store keeps about the signed-in account (account, profile, orders with
 * their contact and delivery data and lines, favourites, saved addresses); `deleteOwn` erases the account exactly as
 * an admin's deletion does (user-admin.service.ts `erase`), after the current password confirms
 * it (a failure counts towards the lockout). Staff accounts cannot delete themselves (409).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { variantLabel, type PersonalDataExport, type ProductOption, type VariantOptions } from '@prata/contracts';
import { NotFoundError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RequestMeta } from '../audit/index.ts';
import { savedAddressesOf, toSavedAddressDto } from '../addresses/index.ts';
import { reauthenticate, Profile, User } from '../identity/index.ts';
import { Order, OrderItem } from '../orders/index.ts';
import type { UserAdminService } from './user-admin.service.ts';

export class PersonalDataService {
  private readonly clock: Clock;
  private readonly admin: UserAdminService;

  constructor(clock: Clock, admin: UserAdminService) {
    this.clock = clock;
    this.admin = admin;
  }

  /** The account's personal data. @throws NotFoundError for an erased or unknown account. */
  async export(em: EntityManager, userId: string): Promise<PersonalDataExport> {
    const user = await em.findOne(User, { id: userId, erasedAt: null });
    if (!user) throw new NotFoundError('Conta não encontrada');
    const profile = await em.findOne(Profile, { user: userId });
    const orders = await em.find(Order, { user: userId }, { orderBy: { createdAt: 'asc' } });
    const items = orders.length ? await em.find(OrderItem, { order: { $in: orders.map((order) => order.id) } }) : [];
    const favourites = await em
      .getConnection()
      .execute<{ name: string }[]>('select distinct p.name from product_reservations r join products p on p.id = r.product_id where r.user_id = ? and r.is_active', [userId], 'all');
    const alerts = await em.getConnection().execute<{ name: string; options: ProductOption[]; variant_options: VariantOptions | null; status: string; created_at: Date }[]>(
      `select p.name, p.options, v.options as variant_options, s.status, s.created_at
         from stock_subscriptions s join products p on p.id = s.product_id left join product_variants v on v.id = s.variant_id
        where s.user_id = ? or lower(s.email) = lower(?) order by s.created_at`,
      [userId, user.email],
      'all',
    );
    return {
      exportedAt: this.clock.now().toISOString(),
      account: {
        id: user.id,
        email: user.email,
        createdAt: user.createdAt.toISOString(),
        emailConfirmedAt: user.emailConfirmedAt?.toISOString() ?? null,
        lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
        twoFactorEnabled: user.twoFactorEnabled,
      },
      profile: profile ? { fullName: profile.fullName, phone: profile.phone ?? null } : null,
      addresses: (await savedAddressesOf(em, userId)).map(toSavedAddressDto),
      orders: orders.map((order) => ({
        number: order.number,
        status: order.status,
        createdAt: order.createdAt.toISOString(),
        totalCents: order.totalCents,
        paymentMethod: order.paymentMethod,
        contact: { name: order.customerName, email: order.customerEmail, phone: order.customerPhone, cpf: order.customerCpf ?? null },
        delivery: { zipCode: order.zipCode, street: order.street, number: order.addressNumber, complement: order.complement ?? null, neighborhood: order.neighborhood, city: order.city, state: order.state },
        items: items.filter((item) => item.order.id === order.id).map((item) => ({ productName: item.productName, variantLabel: item.variantLabel ?? null, quantity: item.quantity, unitPriceCents: item.unitPriceCents })),
      })),
      favourites: favourites.map((row) => row.name),
      stockAlerts: alerts.map((row) => ({
        item: row.variant_options ? `${row.name} — ${variantLabel(row.variant_options, row.options)}` : row.name,
        status: row.status,
        createdAt: new Date(row.created_at).toISOString(),
      })),
    };
  }

  /**
   * Erases the caller's own account after checking `currentPassword`.
   * @throws ValidationError / TooManyRequestsError (re-authentication), ConflictError for staff accounts.
   */
  async deleteOwn(em: EntityManager, userId: string, currentPassword: string, meta: RequestMeta): Promise<void> {
    const user = await em.findOne(User, { id: userId, erasedAt: null });
    if (!user) throw new NotFoundError('Conta não encontrada');
    await reauthenticate(em, this.clock, user, currentPassword, meta);
    await this.admin.erase(em.fork(), userId, userId, meta, { self: true });
  }
}
