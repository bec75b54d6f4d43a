/**
 * A customer's own personal data (LGPD, Lei 13.709/2018 art. 18):
 * `export` answers what the store keeps about the signed-in account (account, profile, orders with
 * their contact and delivery data, lines and WhatsApp opt-in, favourites, saved addresses,
 * back-in-stock alerts, the server cart with its reminder consent and the reminders e-mailed, the
 * reviews written, the cookie choices recorded while signed in); `deleteOwn` erases the account exactly as
 * an admin's deletion does (user-admin.service.ts `erase`), after the current password confirms
 * it (a failure counts towards the lockout). Staff accounts cannot delete themselves (409).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { variantLabel, type PersonalDataExport, type ProductOption, type VariantOptions } from '@prata/contracts';
import { NotFoundError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RequestMeta } from '../audit/index.ts';
import { savedAddressesOf, toSavedAddressDto } from '../addresses/index.ts';
import { consentsOf } from '../consent/index.ts';
import { reauthenticate, Profile, User } from '../identity/index.ts';
import { Order, OrderItem } from '../orders/index.ts';
import { reviewsWrittenBy } from '../reviews/index.ts';
import type { UserAdminService } from './user-admin.service.ts';

/** A piece as the export names it: the product's name, with the variant's options when it has one ('Anel — Aro 18'). */
function itemOf(row: { name: string; options: ProductOption[]; variant_options: VariantOptions | null }): string {
  return row.variant_options ? `${row.name} — ${variantLabel(row.variant_options, row.options)}` : row.name;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export class PersonalDataService {
  private readonly clock: Clock;
  private readonly admin: UserAdminService;
  private readonly photoUrl: (key: string) => string;

  /** `photoUrl`: the public URL of a review photo (the reviews module's). */
  constructor(clock: Clock, admin: UserAdminService, photoUrl: (key: string) => string) {
    this.clock = clock;
    this.admin = admin;
    this.photoUrl = photoUrl;
  }

  /** The account's personal data. @throws NotFoundError for an erased or unknown account. */
  async export(em: EntityManager, userId: string): Promise<PersonalDataExport> {
    const user = await em.findOne(User, { id: userId, erasedAt: null });
    if (!user) throw new NotFoundError('Conta não encontrada');
    return {
      ...(await this.ordersAndAccount(em, user)),
      ...(await this.cartOf(em, userId)),
      reviews: await reviewsWrittenBy(em, userId, this.photoUrl),
      consents: await consentsOf(em, userId),
    };
  }

  /** The export's account, profile, addresses, orders, favourites and alerts. */
  private async ordersAndAccount(em: EntityManager, user: User): Promise<Omit<PersonalDataExport, 'cart' | 'cartReminders' | 'reviews' | 'consents'>> {
    const userId = user.id;
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
        whatsappOptIn: order.whatsappOptIn,
        cookieConsent: { analytics: order.consentAnalytics, marketing: order.consentMarketing },
      })),
      favourites: favourites.map((row) => row.name),
      stockAlerts: alerts.map((row) => ({ item: itemOf(row), status: row.status, createdAt: iso(row.created_at) })),
    };
  }

  /** The server cart (its lines in order, a deleted product as 'Produto removido'), the reminder consent and the reminders sent. */
  private async cartOf(em: EntityManager, userId: string): Promise<Pick<PersonalDataExport, 'cart' | 'cartReminders'>> {
    const connection = em.getConnection();
    const [cart] = await connection.execute<{ updated_at: Date; recovery_consent: boolean; recovery_consent_at: Date | null }[]>(
      'select updated_at, recovery_consent, recovery_consent_at from carts where user_id = ?',
      [userId],
      'all',
    );
    const lines = cart
      ? await connection.execute<{ name: string; options: ProductOption[]; variant_options: VariantOptions | null; quantity: number }[]>(
          `select coalesce(p.name, 'Produto removido') as name, coalesce(p.options, '[]') as options, v.options as variant_options, (l.line->>'quantity')::int as quantity
             from carts c cross join lateral jsonb_array_elements(c.lines) with ordinality as l(line, position)
             left join products p on p.id = (l.line->>'productId')::uuid left join product_variants v on v.id = (l.line->>'variantId')::uuid
            where c.user_id = ? order by l.position`,
          [userId],
          'all',
        )
      : [];
    const reminders = await connection.execute<{ step: number; sent_at: Date; opened_at: Date | null }[]>(
      'select step, sent_at, opened_at from cart_recovery_messages where user_id = ? order by sent_at',
      [userId],
      'all',
    );
    return {
      cart: cart
        ? {
            items: lines.map((line) => ({ item: itemOf(line), quantity: line.quantity })),
            updatedAt: iso(cart.updated_at),
            reminderConsent: cart.recovery_consent,
            reminderConsentAt: cart.recovery_consent_at ? iso(cart.recovery_consent_at) : null,
          }
        : null,
      cartReminders: reminders.map((row) => ({ step: row.step, sentAt: iso(row.sent_at), openedAt: row.opened_at ? iso(row.opened_at) : null })),
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
