/**
 * The demo order history (without it a store started with the demo catalogue
 * would show empty charts and zero figures everywhere in the panel). With the demo accounts on (`DEMO_ACCOUNTS`, never
 * in production) and `DEMO_ORDER_HISTORY` (default true), the first start writes the orders
 * planned by demo-orders-plan.ts for the demo customer account and nine demo shoppers
 * (`@demo.prata925.com.br`, without a usable password), in one transaction and one multi-row
 * insert per table: the orders, their
 * lines and timelines, the bell's newest notifications (new orders, payments, the catalogue's
 * low-stock pieces), and approved reviews of delivered pieces (demo-reviews.ts). Prices come from the catalogue; stock is not changed (see the plan's doc).
 *
 * Runs once: the history's first order carries a fixed idempotency key, and a store that has it
 * is left alone (a transaction-level advisory lock keeps two processes from seeding it together).
 * Paid demo orders have no acquirer reference, so the panel refunds them by hand, as it does an
 * order confirmed by hand.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager, RequiredEntityData } from '@mikro-orm/postgresql';
import { BOLETO_BUSINESS_DAYS, PIX_EXPIRY_MS, formatBRL, installmentPlan, type NotificationType } from '@prata/contracts';
import type { Clock } from '../lib/clock.ts';
import { Product } from '../modules/catalogue/index.ts';
import { Profile, User } from '../modules/identity/index.ts';
import { Notification, orderAction } from '../modules/notifications/index.ts';
import { Order, OrderItem, OrderStatusChange } from '../modules/orders/index.ts';
import { addBusinessDays, boletoLine, endOfSaoPauloDay } from '../modules/payments/index.ts';
import { StoreSettingsService } from '../modules/settings/index.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { planDemoOrders, type PlannedOrder } from './demo-orders-plan.ts';
import { seedDemoReviews } from './demo-reviews.ts';

interface Shopper {
  email: string;
  fullName: string;
  phone: string;
  address: { zipCode: string; street: string; number: string; complement: string | null; neighborhood: string; city: string; state: string };
}

/** The shoppers of the history: the demo customer account first, then nine demo shoppers. */
export const DEMO_SHOPPERS: readonly Shopper[] = [
  { email: DEMO_ACCOUNTS[0]!.email, fullName: DEMO_ACCOUNTS[0]!.fullName, phone: '(11) 98888-0925', address: { zipCode: '01310-100', street: 'Avenida Paulista', number: '1578', complement: 'Apto 52', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' } },
  { email: 'mariana.costa@demo.prata925.com.br', fullName: 'Mariana Costa', phone: '(21) 99712-3344', address: { zipCode: '22071-000', street: 'Avenida Atlântica', number: '2100', complement: null, neighborhood: 'Copacabana', city: 'Rio de Janeiro', state: 'RJ' } },
  { email: 'beatriz.almeida@demo.prata925.com.br', fullName: 'Beatriz Almeida', phone: '(31) 98456-1020', address: { zipCode: '30130-010', street: 'Avenida Afonso Pena', number: '867', complement: 'Sala 3', neighborhood: 'Centro', city: 'Belo Horizonte', state: 'MG' } },
  { email: 'juliana.ferreira@demo.prata925.com.br', fullName: 'Juliana Ferreira', phone: '(41) 99120-7788', address: { zipCode: '80020-310', street: 'Rua XV de Novembro', number: '300', complement: null, neighborhood: 'Centro', city: 'Curitiba', state: 'PR' } },
  { email: 'camila.rocha@demo.prata925.com.br', fullName: 'Camila Rocha', phone: '(71) 98803-5566', address: { zipCode: '40140-130', street: 'Avenida Sete de Setembro', number: '1250', complement: 'Casa', neighborhood: 'Vitória', city: 'Salvador', state: 'BA' } },
  { email: 'fernanda.lima@demo.prata925.com.br', fullName: 'Fernanda Lima', phone: '(51) 99345-2211', address: { zipCode: '90010-150', street: 'Rua dos Andradas', number: '1001', complement: null, neighborhood: 'Centro Histórico', city: 'Porto Alegre', state: 'RS' } },
  { email: 'rafael.souza@demo.prata925.com.br', fullName: 'Rafael Souza', phone: '(81) 98765-4400', address: { zipCode: '51020-000', street: 'Avenida Boa Viagem', number: '4200', complement: 'Apto 1101', neighborhood: 'Boa Viagem', city: 'Recife', state: 'PE' } },
  { email: 'larissa.martins@demo.prata925.com.br', fullName: 'Larissa Martins', phone: '(61) 99234-8877', address: { zipCode: '70390-100', street: 'SQS 308 Bloco C', number: '12', complement: 'Apto 204', neighborhood: 'Asa Sul', city: 'Brasília', state: 'DF' } },
  { email: 'patricia.gomes@demo.prata925.com.br', fullName: 'Patrícia Gomes', phone: '(85) 98111-6633', address: { zipCode: '60165-121', street: 'Avenida Beira Mar', number: '3980', complement: null, neighborhood: 'Mucuripe', city: 'Fortaleza', state: 'CE' } },
  { email: 'lucas.oliveira@demo.prata925.com.br', fullName: 'Lucas Oliveira', phone: '(19) 99876-1212', address: { zipCode: '13015-904', street: 'Rua Barão de Jaguara', number: '1481', complement: null, neighborhood: 'Centro', city: 'Campinas', state: 'SP' } },
];

/** The idempotency key of the history's order `index`; the first one marks a seeded store. */
export const demoHistoryKey = (index: number) => `00925000-0000-4000-8000-${String(index).padStart(12, '0')}`;

/** Who appears in the timelines. */
const ACTORS = { customer: 'Cliente', system: 'Sistema', acquirer: 'Sandbox', staff: 'admin@demo.prata925.com.br' } as const;
/** The newest orders the bell announces ('Novo pedido'), and the newest payments ('Pagamento confirmado'). */
const BELL_ORDERS = 4;

export interface SeededHistory {
  orders: (PlannedOrder & { id: string })[];
  /** The shoppers' user ids, in DEMO_SHOPPERS order. */
  shopperIds: string[];
}

/**
 * Seeds the history once (see the module doc). `boletoHoldBusinessDays` and `lowStockThreshold`
 * are the store's settings (`BOLETO_HOLD_BUSINESS_DAYS`, the initial `LOW_STOCK_THRESHOLD`). @returns what was written, or null when the store has it already
 * or has no active product.
 */
export async function seedDemoOrderHistory(em: EntityManager, clock: Clock, options: { boletoHoldBusinessDays: number; lowStockThreshold: number }): Promise<SeededHistory | null> {
  return em.transactional(async (tx) => {
    const db = tx.getConnection();
    const context = tx.getTransactionContext();
    await db.execute("select pg_advisory_xact_lock(hashtext('prata925:demo-order-history'))", [], 'all', context);
    if ((await tx.count(Order, { idempotencyKey: demoHistoryKey(0) })) > 0) return null;
    // Pieces sold by variant would need a variant on each line: the history sells the others.
    const products = (await tx.find(Product, { status: 'active' }, { orderBy: { slug: 'asc' } })).filter((product) => product.options.length === 0);
    if (products.length === 0) return null;

    const shoppers = await demoShoppers(tx, clock);
    const taken = new Set((await db.execute<{ number: string }[]>('select number from orders', [], 'all', context)).map((row) => row.number));
    const now = clock.now();
    const plan = planDemoOrders({
      now,
      products,
      shoppers: shoppers.length,
      taken,
      boletoHoldEnds: (createdAt) => endOfSaoPauloDay(addBusinessDays(createdAt, options.boletoHoldBusinessDays)),
    });
    // The shoppers first (the orders reference them), then one multi-row insert per table.
    await tx.flush();
    const rows: Rows = { orders: [], items: [], changes: [] };
    const orders = plan.map((planned, index) => ({ ...planned, id: orderRows(rows, planned, index, shoppers[planned.shopper]!) }));
    await tx.insertMany(Order, rows.orders);
    await tx.insertMany(OrderItem, rows.items);
    await tx.insertMany(OrderStatusChange, rows.changes);
    await bell(tx, orders, now, options.lowStockThreshold);
    const delivered = orders
      .filter((order) => order.status === 'delivered')
      .map((order) => ({ order, userId: shoppers[order.shopper]!.user.id, fullName: shoppers[order.shopper]!.fullName, items: rows.items.filter((item) => item.order === order.id) }));
    await seedDemoReviews(tx, delivered, now);
    return { orders, shopperIds: shoppers.map((shopper) => shopper.user.id) };
  });
}

/**
 * The password hash of a demo shopper: not a hash at all, so no password ever matches it
 * (`verifyPassword` answers false for a malformed hash), the locked-account idiom of `/etc/shadow`.
 * Hashing a random password with argon2 would only add half a second to the start.
 */
const NO_PASSWORD = '!demo-shopper-without-password';

/** The demo customer account and the demo shoppers, made when missing (confirmed, no usable password). */
async function demoShoppers(tx: EntityManager, clock: Clock): Promise<(Shopper & { user: User })[]> {
  const out: (Shopper & { user: User })[] = [];
  const existing = new Map((await tx.find(User, { email: { $in: DEMO_SHOPPERS.map((shopper) => shopper.email) } })).map((user) => [user.email, user]));
  for (const shopper of DEMO_SHOPPERS) {
    let user = existing.get(shopper.email);
    if (!user) {
      user = tx.create(User, { email: shopper.email, passwordHash: NO_PASSWORD, passwordMeetsStaffRule: false, emailConfirmedAt: clock.now() });
      tx.create(Profile, { user, fullName: shopper.fullName, email: shopper.email, phone: shopper.phone });
    }
    out.push({ ...shopper, user });
  }
  return out;
}

interface Rows {
  orders: RequiredEntityData<Order>[];
  items: RequiredEntityData<OrderItem>[];
  changes: RequiredEntityData<OrderStatusChange>[];
}

/** Adds the rows of `planned` (the history's order `index`) to `rows`; returns the order's id. */
function orderRows(rows: Rows, planned: PlannedOrder, index: number, shopper: Shopper & { user: User }): string {
  const { address } = shopper;
  const id = randomUUID();
  const boletoDueDate = planned.method === 'boleto' ? addBusinessDays(planned.createdAt, BOLETO_BUSINESS_DAYS) : null;
  rows.orders.push({
    id,
    number: planned.number,
    user: shopper.user.id,
    status: planned.status,
    totalCents: planned.totalCents,
    subtotalCents: planned.totalCents,
    paymentMethod: planned.method,
    idempotencyKey: demoHistoryKey(index),
    requestFingerprint: null,
    customerName: shopper.fullName,
    customerEmail: shopper.email,
    customerPhone: shopper.phone,
    zipCode: address.zipCode,
    street: address.street,
    addressNumber: address.number,
    complement: address.complement,
    neighborhood: address.neighborhood,
    city: address.city,
    state: address.state,
    cardBrand: planned.card?.brand ?? null,
    cardLast4: planned.card?.last4 ?? null,
    installments: planned.installments,
    installmentAmounts: planned.installments ? installmentPlan(planned.totalCents, planned.installments) : null,
    pixExpiresAt: planned.method === 'pix' ? new Date(planned.createdAt.getTime() + PIX_EXPIRY_MS) : null,
    boletoDueDate,
    boletoLine: boletoDueDate ? boletoLine(planned.number, planned.totalCents, boletoDueDate) : null,
    paymentProvider: 'sandbox',
    paymentReference: null,
    paymentStatus: paymentStatus(planned),
    expiresAt: planned.expiresAt,
    carrier: planned.carrier,
    trackingCode: planned.trackingCode,
    shippedAt: planned.shippedAt,
    deliveredAt: planned.deliveredAt,
    refundedAt: planned.refundedAt,
    refundedCents: planned.refundedAt ? planned.totalCents : null,
    refundReference: planned.refundedAt ? 'manual' : null,
    createdAt: planned.createdAt,
    updatedAt: planned.changes.at(-1)!.at,
    paidAt: planned.paidAt,
    cancelledAt: planned.cancelledAt,
    cancelReason: planned.cancelReason,
  });
  for (const line of planned.lines) {
    rows.items.push({ id: randomUUID(), order: id, product: line.productId, productName: line.productName, quantity: line.quantity, unitPriceCents: line.unitPriceCents, totalPriceCents: line.totalPriceCents });
  }
  for (const change of planned.changes) {
    rows.changes.push({
      id: randomUUID(),
      order: id,
      fromStatus: change.from,
      toStatus: change.to,
      actorUserId: change.actor === 'customer' ? shopper.user.id : null,
      actorLabel: ACTORS[change.actor],
      note: change.note,
      createdAt: change.at,
    });
  }
  return id;
}

/** The acquirer's last known status, as the store records it. */
function paymentStatus(order: PlannedOrder): string {
  if (order.refundedAt) return 'refunded';
  if (order.paidAt) return 'approved';
  if (order.cancelReason === 'payment_declined') return 'rejected';
  return order.status === 'pending' ? 'pending' : 'cancelled';
}

/** The bell's newest notifications: the last orders and payments, and the low-stock pieces (once each, as the live producers key them). */
async function bell(tx: EntityManager, orders: (PlannedOrder & { id: string })[], now: Date, initialThreshold: number): Promise<void> {
  const rows: { type: NotificationType; title: string; description: string; action: { label: string; url: string }; dedupeKey: string; createdAt: Date }[] = [];
  for (const order of orders.slice(-BELL_ORDERS)) {
    rows.push({ type: 'info', title: 'Novo pedido', description: `Pedido ${order.number} recebido: ${formatBRL(order.totalCents)}.`, action: orderAction(order.id), dedupeKey: `order-placed:${order.id}`, createdAt: order.createdAt });
  }
  for (const order of orders.filter((o) => o.paidAt).slice(-BELL_ORDERS)) {
    rows.push({ type: 'success', title: 'Pagamento confirmado', description: `Pedido ${order.number} pago: ${formatBRL(order.totalCents)}.`, action: orderAction(order.id), dedupeKey: `order-paid:${order.id}`, createdAt: order.paidAt! });
  }
  const threshold = await new StoreSettingsService(tx, initialThreshold).lowStockThreshold();
  const low = await tx.find(Product, { status: 'active', stock: { $lte: threshold } }, { orderBy: { stock: 'asc', name: 'asc' } });
  for (const [i, product] of low.entries()) {
    rows.push({
      type: 'warning',
      title: 'Estoque baixo',
      description: product.stock === 0 ? `${product.name} está sem estoque.` : `${product.name}: ${product.stock === 1 ? 'resta 1 unidade' : `restam ${product.stock} unidades`}.`,
      action: { label: 'Ver produto', url: `/admin/products?editar=${product.id}` },
      dedupeKey: `low-stock:${product.id}:${product.stock}:${now.toISOString().slice(0, 10)}`,
      createdAt: new Date(now.getTime() - (i + 1) * 7 * 60_000),
    });
  }
  await tx.insertMany(
    Notification,
    rows.map((row) => ({ id: randomUUID(), type: row.type, title: row.title, description: row.description, actionLabel: row.action.label, actionUrl: row.action.url, dedupeKey: row.dedupeKey, createdAt: row.createdAt })),
  );
}
