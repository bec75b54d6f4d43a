/**
 * Demo abandoned carts, so the panel's 'Recuperação de carrinhos' card has figures: with the demo
 * order history (`DEMO_ORDER_HISTORY`), four demo shoppers who agreed to cart reminders get, at
 * fixed times before `clock.now()`:
 * - Beatriz: a cart left 3 hours ago, its first reminder sent;
 * - Juliana: a cart left 30 hours ago, both reminders sent, the first one's link opened;
 * - Camila: a cart left 40 minutes ago (no reminder due yet);
 * - Mariana: a cart recovered 5 days ago: its reminder's link opened and her newest demo order
 *   placed after it (the order's total is the revenue recovered); her cart is empty since.
 * Lines are the catalogue's first active pieces without options (by slug), so the same catalogue
 * gives the same carts; ids are name-based. Runs once: a store where one of these shoppers already
 * has a cart is left alone. Plain SQL: the seed needs no entity of the carts module.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../lib/clock.ts';
import { nameBasedUuid } from '../lib/name-uuid.ts';
import { DEMO_SHOPPERS } from './demo-orders.ts';

const HOUR = 3_600_000;

/** One demo cart: whose (index in DEMO_SHOPPERS), left how long ago, which reminders went out (ms after it was left) and whether the last link was opened. */
interface DemoCart {
  shopper: number;
  leftAgoMs: number;
  /** Pieces from the catalogue's list (offsets) and their quantities; none for a recovered cart. */
  lines: { offset: number; quantity: number }[];
  reminders: { step: 1 | 2; afterMs: number }[];
  openedAfterMs: number | null;
  recovered: boolean;
}

export const DEMO_CARTS: readonly DemoCart[] = [
  { shopper: 2, leftAgoMs: 3 * HOUR, lines: [{ offset: 0, quantity: 1 }, { offset: 3, quantity: 1 }], reminders: [{ step: 1, afterMs: HOUR }], openedAfterMs: null, recovered: false },
  { shopper: 3, leftAgoMs: 30 * HOUR, lines: [{ offset: 5, quantity: 2 }], reminders: [{ step: 1, afterMs: HOUR }, { step: 2, afterMs: 24 * HOUR }], openedAfterMs: 2 * HOUR, recovered: false },
  { shopper: 4, leftAgoMs: 40 * 60_000, lines: [{ offset: 7, quantity: 1 }], reminders: [], openedAfterMs: null, recovered: false },
  { shopper: 1, leftAgoMs: 5 * 24 * HOUR, lines: [], reminders: [{ step: 1, afterMs: HOUR }], openedAfterMs: 3 * HOUR, recovered: true },
];

/** Seeds {@link DEMO_CARTS} once. @returns how many carts were written (0 when already seeded or the shoppers or pieces are missing). */
export async function seedDemoCarts(em: EntityManager, clock: Clock): Promise<number> {
  return em.transactional(async (tx) => {
    const db = tx.getConnection();
    const context = tx.getTransactionContext();
    const run = (sql: string, params: unknown[]) => db.execute(sql, params, 'run', context);
    const all = <T>(sql: string, params: unknown[]) => db.execute<T[]>(sql, params, 'all', context);
    await all("select pg_advisory_xact_lock(hashtext('prata925:demo-carts'))", []);
    const emails = DEMO_CARTS.map((cart) => DEMO_SHOPPERS[cart.shopper]!.email);
    const users = new Map((await all<{ id: string; email: string }>(`select id, email from users where email in (${emails.map(() => '?').join(', ')})`, emails)).map((row) => [row.email, row.id]));
    if (users.size < emails.length) return 0;
    if ((await all<{ n: string }>(`select count(*) as n from carts where user_id in (${emails.map(() => '?').join(', ')})`, [...users.values()]))[0]!.n !== '0') return 0;
    const pieces = await all<{ id: string; price_cents: number }>(
      `select id, price_cents from products where status = 'active' and jsonb_array_length(options) = 0 and stock > 0 order by slug limit 10`,
      [],
    );
    if (pieces.length === 0) return 0;
    const now = clock.now().getTime();
    for (const [index, cart] of DEMO_CARTS.entries()) {
      const userId = users.get(emails[index]!)!;
      const left = now - cart.leftAgoMs;
      const lines = cart.lines.map(({ offset, quantity }) => ({ piece: pieces[offset % pieces.length]!, quantity }));
      const stored = lines.map(({ piece, quantity }) => ({ productId: piece.id, variantId: null, quantity }));
      const valueCents = lines.reduce((sum, { piece, quantity }) => sum + piece.price_cents * quantity, 0);
      const step = cart.reminders.at(-1)?.step ?? 0;
      await run(
        `insert into carts (user_id, lines, updated_at, recovery_step, recovery_consent, recovery_consent_at) values (?, ?::jsonb, ?, ?, true, ?) on conflict (user_id) do nothing`,
        [userId, JSON.stringify(stored), new Date(cart.recovered ? left + (cart.openedAfterMs ?? 0) : left), cart.recovered ? 0 : step, new Date(left - 30 * 24 * HOUR)],
      );
      const order = cart.recovered
        ? (await all<{ id: string; total_cents: number }>(`select id, total_cents from orders where user_id = ? order by created_at desc limit 1`, [userId]))[0]
        : undefined;
      for (const [position, reminder] of cart.reminders.entries()) {
        const last = position === cart.reminders.length - 1;
        const opened = last && cart.openedAfterMs !== null ? new Date(left + cart.openedAfterMs) : null;
        const recovered = last && cart.recovered && order ? order : null;
        await run(
          `insert into cart_recovery_messages (id, user_id, step, cart_value_cents, sent_at, opened_at, closed_at, order_id, order_total_cents, recovered_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing`,
          [
            nameBasedUuid('demo-cart-reminder', `${emails[index]}:${reminder.step}`),
            userId,
            reminder.step,
            recovered ? recovered.total_cents : valueCents,
            new Date(left + reminder.afterMs),
            opened,
            recovered ? opened : null,
            recovered?.id ?? null,
            recovered?.total_cents ?? null,
            recovered ? opened : null,
          ],
        );
      }
    }
    return DEMO_CARTS.length;
  });
}
