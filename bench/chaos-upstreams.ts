/**
 * Chaos scenario "the carrier and the acquirer unreachable" (bench/chaos.ts): one service process
 * with `PAYMENT_PROVIDER=mercadopago` and `CARRIER=melhorenvio`, pointed at the local doubles of
 * Mercado Pago and Melhor Envio (services/api/test/mercadopago-double.ts, melhor-envio-double.ts)
 * through proxies that can cut the link (services/api/test/cut-proxy.ts). `workers` buyers place
 * orders in a loop, PIX and card in turn, each with an Idempotency-Key; the freight is priced at
 * order time (the cheapest option). After `beforeMs`, for `cutSeconds`:
 * - the carrier is a black hole: quotes time out (`CARRIER_TIMEOUT_MS` 1 s) and the freight table
 *   prices the order;
 * - the acquirer gets the store's requests and acts on them (a card is charged, a PIX code made)
 *   but its answers are lost (`PAYMENT_TIMEOUT_MS` 2 s): a PIX order is cancelled and refused
 *   (502 `payment_unavailable`); a card order is placed with an unknown outcome (201, pending);
 * - shoppers pay the PIX codes they got before the cut: approved at the acquirer, whose webhooks
 *   cannot reach the store.
 * Then the links come back, orders go on for `afterMs`, and the acquirer catches up as it would:
 * webhooks for half its payments; the expiry job's reconciliation for the card orders without an
 * answer (their deadline, 15 min after placing, is brought forward to now: the bench does not
 * wait the 15 minutes); webhooks for every payment, and the first ones delivered again.
 *
 * Checked (see {@link upstreamCutProblems}): every answer a 201 or a clean refusal, never a 500 or
 * a lost connection; no order charged twice at the acquirer, paid twice (history, `OrderPaid`),
 * or paid without an approved payment; every approved payment on a paid order or a staff alert;
 * once settled, no queue job due and not done, no event undispatched, no e-mail unsent, no dead
 * letter, no unpaid order past its deadline.
 */
import { percentile, pixOrder, placeOrder, productWithStock, signedInBuyers, sql, startReplicas, stopReplicas, finalAttempt, type Buyer, type PlacedOrder } from '../services/api/test/replicas.ts';
import { startCutProxy, type CutProxy } from '../services/api/test/cut-proxy.ts';
import { MelhorEnvioDouble } from '../services/api/test/melhor-envio-double.ts';
import { MercadoPagoDouble } from '../services/api/test/mercadopago-double.ts';
import type { ServiceProcess } from '../services/api/test/service-process.ts';
import { sleep, stopwatch, withScratchDatabase } from './chaos-support.ts';

export interface UpstreamCutOptions {
  cutSeconds: number;
  /** Buyers ordering at once (default 4). */
  workers?: number;
  /** Orders before the cut and after it, ms (default 5000 each). */
  beforeMs?: number;
  afterMs?: number;
}

type Phase = 'before' | 'during' | 'after';

/** What the store did with the orders, the payments and its pending work. */
export interface UpstreamCutFigures {
  setup: Required<UpstreamCutOptions> & { carrier: 'blackhole'; acquirer: 'answers-lost'; carrierTimeoutMs: number; paymentTimeoutMs: number };
  /** Per phase: final answers (`<status> <code>` -> count), latency (ms) and freight sources of the orders placed. */
  orders: Record<Phase, { attempted: number; answers: Record<string, number>; p50Ms: number; p99Ms: number; freight: Record<string, number> }>;
  /** From the links' return to the first 201 of an order sent after it, ms. */
  firstPlacedAfterRestoreMs: number | null;
  payments: {
    acquirerPayments: number;
    approvedAtAcquirer: number;
    paidDuringCut: number;
    ordersPaid: number;
    /** Webhook answers by outcome (`<status> <outcome>`). */
    webhooks: Record<string, number>;
    cardOrdersWithoutAnswer: number;
    reconciledMs: number | null;
    ordersChargedTwice: number;
    ordersPaidTwice: number;
    paidWithoutApprovedPayment: number;
    approvedNotApplied: number;
    staffAlerts: number;
  };
  /** From the links' return until the store had no work pending, ms; and what was left then. */
  settledMs: number | null;
  pending: { dueJobs: number; failedJobs: number; undispatchedEvents: number; unsentEmails: number; deadLetters: number; overdueOrders: number };
}

/** The store's work not yet done (see the module comment). */
async function pendingWork(url: string): Promise<UpstreamCutFigures['pending']> {
  const [row] = await sql<UpstreamCutFigures['pending']>(
    url,
    `select (select count(*) from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now())::int as "dueJobs",
            (select count(*) from pgboss.job where state = 'failed')::int as "failedJobs",
            (select count(*) from domain_events where dispatched_at is null)::int as "undispatchedEvents",
            (select count(*) from outbox_emails where sent_at is null and failed_at is null)::int as "unsentEmails",
            (select count(*) from dead_letters)::int as "deadLetters",
            (select count(*) from orders where status = 'pending' and expires_at < now())::int as "overdueOrders"`,
  );
  return row!;
}

const nothingPending = (p: UpstreamCutFigures['pending']) => p.dueJobs + p.undispatchedEvents + p.unsentEmails + p.overdueOrders === 0;

/** Polls `done` every 250 ms for up to `timeoutMs`; @returns whether it held. */
async function within(timeoutMs: number, done: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) return false;
    await sleep(250);
  }
  return true;
}

/**
 * Runs the scenario (see the module comment) on a scratch database.
 * @throws Error when the service does not start or the buyers cannot be made.
 */
export function upstreamCut(input: UpstreamCutOptions): Promise<UpstreamCutFigures> {
  const options = { workers: 4, beforeMs: 5000, afterMs: 5000, ...input };
  return withScratchDatabase(async (url) => {
    const acquirer = new MercadoPagoDouble();
    const carrier = new MelhorEnvioDouble();
    await Promise.all([acquirer.start(), carrier.start()]);
    const links: CutProxy[] = [await startCutProxy(acquirer.url), await startCutProxy(carrier.url)];
    const [acquirerLink, carrierLink] = links as [CutProxy, CutProxy];
    let replicas: ServiceProcess[] = [];
    try {
      replicas = await startReplicas(url, 1, {
        PAYMENT_PROVIDER: 'mercadopago',
        MERCADOPAGO_ACCESS_TOKEN: acquirer.accessToken,
        MERCADOPAGO_PUBLIC_KEY: acquirer.publicKey,
        MERCADOPAGO_WEBHOOK_SECRET: acquirer.webhookSecret,
        MERCADOPAGO_API_URL: acquirerLink.url,
        MERCADOPAGO_SDK_URL: `${acquirer.sdkOrigin}/js/v2`,
        PAYMENT_TIMEOUT_MS: '2000',
        CARRIER: 'melhorenvio',
        MELHOR_ENVIO_TOKEN: carrier.token,
        MELHOR_ENVIO_URL: carrierLink.url,
        CARRIER_TIMEOUT_MS: '1000',
        SHIPPING_ORIGIN_CEP: '01001-000',
        JOBS_POLL_INTERVAL_MS: '250',
        OUTBOX_CATCHUP_INTERVAL_MS: '1000',
        RESERVATION_CLEANUP_INTERVAL_MS: '1000',
      });
      const store = replicas[0]!;
      const productId = await productWithStock(url, 1_000_000);
      const pool = await signedInBuyers(url, [store.origin], options.workers * 60);
      const clock = stopwatch();
      const placed: { order: PlacedOrder; method: string }[] = [];
      let running = true;
      const worker = async (mine: Buyer[], w: number) => {
        let n = w;
        for (const buyer of mine) {
          for (let k = 0; k < 3 && running; k += 1, n += 1) {
            const method = n % 2 === 0 ? 'pix' : 'credit-card';
            const payment = method === 'pix' ? { method } : { method, cardToken: await acquirer.cardToken('4111111111111111'), cardBrand: 'visa', installments: 1 };
            const order = await placeOrder(buyer, { ...pixOrder(productId, buyer.email), payment }, { clock, maxAttempts: 5 });
            placed.push({ order, method });
            if (finalAttempt(order).error === 'too_many_pending') break;
          }
          if (!running) return;
        }
      };
      const workers = Array.from({ length: options.workers }, (_, w) => worker(pool.filter((_, i) => i % options.workers === w), w));

      await sleep(options.beforeMs);
      const cutAt = clock();
      acquirerLink.set('answers-lost');
      carrierLink.set('blackhole');
      // Shoppers pay the PIX codes they were shown; the acquirer's webhooks cannot reach the store.
      const paidDuringCut = [...acquirer.payments.values()].filter((p) => p.payment_method_id === 'pix' && p.status === 'pending');
      for (const payment of paidDuringCut) acquirer.setStatus(payment.id, 'approved');
      await sleep(options.cutSeconds * 1000);
      const restoredAt = clock();
      for (const link of links) link.set('open');
      await sleep(options.afterMs);
      running = false;
      await Promise.all(workers);
      const firstPlaced = Math.min(...placed.filter(({ order }) => order.orderId && order.attempts[0]!.startedMs > restoredAt).map(({ order }) => finalAttempt(order).endedMs));

      // The acquirer catches up: webhooks for half its payments...
      const webhook = `${store.origin}/api/payments/webhook`;
      const webhooks: Record<string, number> = {};
      const deliver = async (id: number, again?: { requestId: string; ts: string }) => {
        const answer = await acquirer.notify(webhook, id, again ?? {});
        const key = `${answer.status} ${(answer.body as { outcome?: string }).outcome ?? ''}`.trim();
        webhooks[key] = (webhooks[key] ?? 0) + 1;
        return { requestId: answer.requestId, ts: answer.ts };
      };
      const payments = [...acquirer.payments.values()];
      const first: { id: number; requestId: string; ts: string }[] = [];
      for (const payment of payments.filter((_, i) => i % 2 === 0)) first.push({ id: payment.id, ...(await deliver(payment.id)) });
      // ...the expiry job asks it about the card orders that never got an answer (deadline brought forward)...
      const unanswered = await sql<{ id: string }>(url, `update orders set expires_at = now() where status = 'pending' and payment_method = 'credit-card' and payment_reference is null returning id`);
      const reconcileStarted = clock();
      const reconciled = await within(60_000, async () => (await sql(url, `select 1 from orders where id = any($1::uuid[]) and status = 'pending'`, [unanswered.map((o) => o.id)])).length === 0);
      const reconciledMs = reconciled ? clock() - reconcileStarted : null;
      // ...a notification for every payment, and the first ones delivered again (same request id: duplicates).
      for (const payment of payments) await deliver(payment.id);
      for (const { id, requestId, ts } of first) await deliver(id, { requestId, ts });

      const settled = await within(60_000, async () => nothingPending(await pendingWork(url)));
      const settledMs = settled ? clock() - restoredAt : null;
      const pending = await pendingWork(url);
      const orders = await sql<{ id: string; status: string; payment_alert: string | null; paid_changes: number; paid_events: number }>(
        url,
        `select o.id, o.status, o.payment_alert,
                (select count(*) from order_status_changes c where c.order_id = o.id and c.to_status = 'paid')::int as paid_changes,
                (select count(*) from domain_events e where e.type = 'OrderPaid' and e.aggregate_id = o.id)::int as paid_events
           from orders o where o.user_id = any($1::uuid[])`,
        [pool.map((b) => b.userId)],
      );
      const sources = await sql<{ id: string; source: string }>(url, 'select id, shipping_quote_source as source from orders where user_id = any($1::uuid[])', [pool.map((b) => b.userId)]);
      const sourceOf = new Map(sources.map((o) => [o.id, o.source]));
      const byOrder = new Map<string, typeof payments>();
      for (const p of acquirer.payments.values()) byOrder.set(p.external_reference, [...(byOrder.get(p.external_reference) ?? []), p]);
      const approved = (id: string) => (byOrder.get(id) ?? []).some((p) => p.status === 'approved');

      const phaseOf = (order: PlacedOrder): Phase => (order.attempts[0]!.startedMs < cutAt ? 'before' : order.attempts[0]!.startedMs < restoredAt ? 'during' : 'after');
      const phase = (name: Phase) => {
        const mine = placed.filter(({ order }) => phaseOf(order) === name).map(({ order }) => order);
        const count = (keys: string[]) => keys.reduce<Record<string, number>>((all, key) => ({ ...all, [key]: (all[key] ?? 0) + 1 }), {});
        const waits = mine.map((o) => finalAttempt(o).endedMs - o.attempts[0]!.startedMs);
        return {
          attempted: mine.length,
          answers: count(mine.map((o) => `${finalAttempt(o).status} ${finalAttempt(o).error ?? ''}`.trim())),
          p50Ms: percentile(waits, 50),
          p99Ms: percentile(waits, 99),
          freight: count(mine.flatMap((o) => (o.orderId ? [sourceOf.get(o.orderId) ?? 'none'] : []))),
        };
      };
      return {
        setup: { ...options, carrier: 'blackhole', acquirer: 'answers-lost', carrierTimeoutMs: 1000, paymentTimeoutMs: 2000 },
        orders: { before: phase('before'), during: phase('during'), after: phase('after') },
        firstPlacedAfterRestoreMs: Number.isFinite(firstPlaced) ? firstPlaced - restoredAt : null,
        payments: {
          acquirerPayments: payments.length,
          approvedAtAcquirer: payments.filter((p) => p.status === 'approved').length,
          paidDuringCut: paidDuringCut.length,
          ordersPaid: orders.filter((o) => o.status === 'paid').length,
          webhooks,
          cardOrdersWithoutAnswer: unanswered.length,
          reconciledMs,
          ordersChargedTwice: [...byOrder.values()].filter((list) => list.length > 1).length,
          ordersPaidTwice: orders.filter((o) => o.paid_changes > 1 || o.paid_events > 1).length,
          paidWithoutApprovedPayment: orders.filter((o) => o.status === 'paid' && !approved(o.id)).length,
          approvedNotApplied: orders.filter((o) => approved(o.id) && o.status !== 'paid' && !o.payment_alert).length,
          staffAlerts: orders.filter((o) => o.payment_alert).length,
        },
        settledMs,
        pending,
      };
    } finally {
      await stopReplicas(replicas);
      for (const link of links) await link.close();
      await Promise.all([acquirer.stop(), carrier.stop()]);
    }
  });
}

/** Clean answers: placed, or refused with a reason the shopper is shown. */
const CLEAN = /^(201|402 payment_declined|409 \w+|502 payment_unavailable)$/;

/** Every promise the run broke, in words (none: an empty list). */
export function upstreamCutProblems(f: UpstreamCutFigures): string[] {
  const problems: string[] = [];
  for (const [phase, figures] of Object.entries(f.orders)) {
    for (const [answer, count] of Object.entries(figures.answers)) if (!CLEAN.test(answer)) problems.push(`${count} orders ${phase} the cut answered ${answer}`);
  }
  const p = f.payments;
  if (p.ordersChargedTwice > 0) problems.push(`${p.ordersChargedTwice} orders charged twice at the acquirer`);
  if (p.ordersPaidTwice > 0) problems.push(`${p.ordersPaidTwice} orders paid twice`);
  if (p.paidWithoutApprovedPayment > 0) problems.push(`${p.paidWithoutApprovedPayment} orders paid without an approved payment`);
  if (p.approvedNotApplied > 0) problems.push(`${p.approvedNotApplied} approved payments neither on a paid order nor an alert`);
  if (p.reconciledMs === null) problems.push('the card orders without an answer were not reconciled in 60 s');
  if (f.settledMs === null) problems.push(`work still pending 60 s after the cut: ${JSON.stringify(f.pending)}`);
  if (f.pending.deadLetters > 0) problems.push(`${f.pending.deadLetters} dead letters`);
  if (f.firstPlacedAfterRestoreMs === null) problems.push('no order placed after the cut');
  return problems;
}
