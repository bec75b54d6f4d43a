/**
 * The demo store's order history, planned without the database: a pure function of
 * the moment `now`, the catalogue and a fixed seed, so two plans for the same inputs are equal
 * and tests can recompute every figure the panel shows.
 *
 * About 2-3 orders a day (more on Fridays and Saturdays) over the last 90 days, plus three recent
 * ones that are still open (a PIX awaiting payment, a boleto awaiting payment, a card order just
 * paid). Each order lives the life the store's rules give it, cut at `now`:
 * - placed (pending), with its lines priced from the catalogue (total = sum of the lines);
 * - paid after the method's delay (card and 'Parcelamento sem cartão' at once, PIX within minutes,
 *   boleto within two days), or
 *   never: a declined card (`payment_declined`), a PIX or boleto left unpaid (`payment_expired`
 *   at the PIX code's expiry or the end of the boleto's hold), or cancelled by the shopper;
 * - then shipped (1-3 days later, Correios or Jadlog with a tracking code) and delivered (2-8
 *   days later), or refunded by the staff (cancelled with `refunded_cents` = total).
 * A cancelled order's units went back to stock (its timeline says so). The catalogue's stock is
 * the stock left after this history, so seeding changes no product.
 */
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { ORDER_CODE_ALPHABET, PIX_EXPIRY_MS, formatBRL, type CancelReason, type OrderStatus, type PaymentMethod } from '@prata/contracts';

/** The seed of the demo history: the same store gets the same history. */
export const DEMO_HISTORY_SEED = 925;
/** Days of history. */
export const DEMO_HISTORY_DAYS = 90;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface DemoProduct {
  id: string;
  name: string;
  priceCents: number;
  isBestseller: boolean;
}

export interface PlannedLine {
  productId: string;
  productName: string;
  quantity: number;
  unitPriceCents: number;
  totalPriceCents: number;
}

export interface PlannedChange {
  from: OrderStatus | null;
  to: OrderStatus;
  at: Date;
  /** 'Cliente', 'Sistema', 'Sandbox' or the demo admin's e-mail. */
  actor: 'customer' | 'system' | 'acquirer' | 'staff';
  note: string | null;
}

export interface PlannedOrder {
  /** Index into the shoppers the caller has (0 = the demo customer account). */
  shopper: number;
  number: string;
  createdAt: Date;
  method: PaymentMethod;
  status: OrderStatus;
  lines: PlannedLine[];
  totalCents: number;
  installments: number | null;
  card: { brand: string; last4: string } | null;
  paidAt: Date | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  cancelledAt: Date | null;
  cancelReason: CancelReason | null;
  refundedAt: Date | null;
  carrier: string | null;
  trackingCode: string | null;
  /** For a pending order: when it may expire (PIX code expiry + grace, end of the boleto's hold). */
  expiresAt: Date | null;
  changes: PlannedChange[];
}

export interface PlanInput {
  now: Date;
  products: DemoProduct[];
  /** How many shoppers the orders are spread over (index 0, the demo customer account, gets no unpaid order). */
  shoppers: number;
  /** End of the boleto hold for an order placed at `createdAt` (the store's business-day rule). */
  boletoHoldEnds: (createdAt: Date) => Date;
  /** Order numbers already in use. */
  taken?: ReadonlySet<string>;
  seed?: number;
}

/** A seeded random source (pure-rand's xoroshiro128+). */
function random(seed: number) {
  const rng = xoroshiro128plus(seed);
  const int = (from: number, to: number) => uniformInt(rng, from, to);
  return {
    int,
    chance: (p: number) => int(0, 9_999) < p * 10_000,
    pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!,
  };
}

/** Plans the history (see the module doc), oldest order first. */
export function planDemoOrders(input: PlanInput): PlannedOrder[] {
  const r = random(input.seed ?? DEMO_HISTORY_SEED);
  const now = input.now.getTime();
  const taken = new Set(input.taken ?? []);
  const weighted = input.products.flatMap((product) => (product.isBestseller ? [product, product, product] : [product]));
  if (weighted.length === 0 || input.shoppers < 2) return [];

  const placed: { at: number; method?: PaymentMethod; open?: 'pix' | 'boleto' | 'paid-card' }[] = [];
  for (let day = DEMO_HISTORY_DAYS; day >= 1; day -= 1) {
    const weekday = new Date(now - day * DAY).getUTCDay();
    const count = r.int(1, 3) + (weekday === 5 || weekday === 6 ? 1 : 0);
    for (let i = 0; i < count; i += 1) placed.push({ at: now - day * DAY + r.int(0, DAY - 1) });
  }
  // The open orders a newcomer finds at the top of the list.
  placed.push({ at: now - 5 * HOUR, open: 'boleto' }, { at: now - 40 * 60_000, open: 'paid-card' }, { at: now - 12 * 60_000, open: 'pix' });
  placed.sort((a, b) => a.at - b.at);

  return placed.map(({ at, open }, index) => {
    const createdAt = new Date(at);
    const method: PaymentMethod = open === 'pix' ? 'pix' : open === 'boleto' ? 'boleto' : open === 'paid-card' ? 'credit-card' : r.pick(['pix', 'pix', 'pix', 'credit-card', 'credit-card', 'credit-card', 'boleto'] as const);
    const lines = planLines(r, weighted);
    const order: PlannedOrder = {
      shopper: open ? r.int(1, input.shoppers - 1) : r.int(0, input.shoppers - 1),
      number: newNumber(r, taken),
      createdAt,
      method,
      status: 'pending',
      lines,
      totalCents: lines.reduce((sum, line) => sum + line.totalPriceCents, 0),
      installments: method === 'credit-card' ? r.pick([1, 1, 1, 2, 3, 3, 6, 10]) : null,
      card: method === 'credit-card' ? { brand: r.pick(['visa', 'visa', 'master', 'master', 'elo', 'amex']), last4: String(r.int(0, 9999)).padStart(4, '0') } : null,
      paidAt: null,
      shippedAt: null,
      deliveredAt: null,
      cancelledAt: null,
      cancelReason: null,
      refundedAt: null,
      carrier: null,
      trackingCode: null,
      expiresAt: null,
      changes: [{ from: null, to: 'pending', at: createdAt, actor: 'customer', note: null }],
    };
    live(r, order, now, input.boletoHoldEnds, open);
    // The demo customer account places real orders in the demo: none of its own is left unpaid
    // (an unpaid order would count towards its pending-order and unpaid-unit caps).
    if (order.status === 'pending' && order.shopper === 0) order.shopper = 1;
    // One card order in eight of the history was paid with 'Parcelamento sem cartão' instead (its
    // life is a card's: approved or declined at once). Decided by position after planning, so the
    // random sequence, and with it the rest of the history, is what it was before the method existed.
    if (!open && order.method === 'credit-card' && index % 8 === 3) Object.assign(order, { method: 'mercadopago-credits', installments: null, card: null });
    return order;
  });
}

function planLines(r: ReturnType<typeof random>, weighted: DemoProduct[]): PlannedLine[] {
  const count = r.pick([1, 1, 1, 1, 1, 1, 2, 2, 2, 3]);
  const chosen = new Map<string, DemoProduct>();
  for (let i = 0; i < count * 4 && chosen.size < count; i += 1) {
    const product = r.pick(weighted);
    chosen.set(product.id, product);
  }
  return [...chosen.values()].map((product) => {
    const quantity = r.pick([1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 3]);
    return { productId: product.id, productName: product.name, quantity, unitPriceCents: product.priceCents, totalPriceCents: product.priceCents * quantity };
  });
}

function newNumber(r: ReturnType<typeof random>, taken: Set<string>): string {
  for (;;) {
    const number = `P925-${Array.from({ length: 5 }, () => ORDER_CODE_ALPHABET[r.int(0, ORDER_CODE_ALPHABET.length - 1)]).join('')}`;
    if (!taken.has(number)) {
      taken.add(number);
      return number;
    }
  }
}

/** Moves `order` along its life until `now` (see the module doc). */
function live(r: ReturnType<typeof random>, order: PlannedOrder, now: number, boletoHoldEnds: (createdAt: Date) => Date, open?: 'pix' | 'boleto' | 'paid-card'): void {
  const at = order.createdAt.getTime();
  const change = (to: OrderStatus, when: number, actor: PlannedChange['actor'], note: string | null = null) => {
    order.changes.push({ from: order.status, to, at: new Date(when), actor, note });
    order.status = to;
  };
  const cancel = (when: number, reason: CancelReason, actor: PlannedChange['actor'], note: string) => {
    change('cancelled', when, actor, note);
    order.cancelledAt = new Date(when);
    order.cancelReason = reason;
  };
  // Payment: when it arrives, and the deadline it must meet.
  const deadline = order.method === 'pix' ? at + PIX_EXPIRY_MS : order.method === 'boleto' ? boletoHoldEnds(order.createdAt).getTime() : at + 60_000;
  const paysAt = order.method === 'credit-card' ? at + r.int(5_000, 50_000) : order.method === 'pix' ? at + r.int(60_000, 15 * 60_000) : at + r.int(4 * HOUR, 2 * DAY);
  const fails = open ? false : order.method === 'credit-card' ? r.chance(0.08) : order.method === 'pix' ? r.chance(0.12) : r.chance(0.25);
  const givesUp = !open && !fails && order.method !== 'credit-card' && r.chance(0.04);
  if (open === 'pix' || open === 'boleto') {
    order.expiresAt = new Date(order.method === 'pix' ? deadline + 2 * 60_000 : deadline);
    return;
  }
  if (order.method === 'credit-card' && fails) return cancel(at + 30_000, 'payment_declined', 'acquirer', 'Pagamento recusado pela operadora: unidades devolvidas ao estoque');
  if (givesUp) return cancel(at + r.int(10 * 60_000, 20 * 60_000), 'cancelled_by_customer', 'customer', 'Cancelado pelo cliente: unidades devolvidas ao estoque');
  if (fails || paysAt > deadline) {
    const expired = order.method === 'pix' ? deadline + 2 * 60_000 : deadline;
    if (expired > now) {
      order.expiresAt = new Date(expired);
      return; // still open
    }
    return cancel(expired, 'payment_expired', 'system', 'Pagamento não confirmado no prazo: unidades devolvidas ao estoque');
  }
  if (paysAt > now) {
    order.expiresAt = new Date(order.method === 'pix' ? deadline + 2 * 60_000 : deadline);
    return;
  }
  change('paid', paysAt, 'acquirer');
  order.paidAt = new Date(paysAt);
  if (open) return;
  if (r.chance(0.05)) {
    const refundAt = paysAt + r.int(2 * HOUR, 3 * DAY);
    if (refundAt <= now) {
      cancel(refundAt, 'cancelled_by_admin', 'staff', `Reembolso manual de ${formatBRL(order.totalCents)}: devolva o valor ao cliente · unidades devolvidas ao estoque`);
      order.refundedAt = new Date(refundAt);
    }
    return;
  }
  const shipsAt = paysAt + r.int(DAY, 3 * DAY);
  if (shipsAt > now) return;
  order.carrier = r.pick(['Correios', 'Correios', 'Jadlog']);
  order.trackingCode = order.carrier === 'Correios' ? `${r.pick(['QB', 'NL', 'OS'])}${String(r.int(100_000_000, 999_999_999))}BR` : `${r.int(10_000_000, 99_999_999)}${r.int(100_000, 999_999)}`;
  change('shipped', shipsAt, 'staff', `${order.carrier} · ${order.trackingCode}`);
  order.shippedAt = new Date(shipsAt);
  const deliveredAt = shipsAt + r.int(2 * DAY, 8 * DAY);
  if (deliveredAt > now) return;
  change('delivered', deliveredAt, 'staff');
  order.deliveredAt = new Date(deliveredAt);
}
