/**
 * Pieces shared by the runs that put several service processes (replicas) on one database: the
 * two-replica load (replica-load.ts), the replica killed mid-checkout (replica-kill.ts) and the
 * chaos bench (bench/chaos.ts). Replicas are service processes (service-process.ts) with
 * {@link REPLICA_ENV}; buyers are accounts made through the API (sign-up, e-mail confirmed in the
 * database, sign-in). Traffic goes to 127.0.0.1 only.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { sha256Hex } from '../src/lib/crypto.ts';
import { shippingCustomer } from './checkout-data.ts';
import { startServiceProcess, type ServiceProcess } from './service-process.ts';

/** The replicas' environment: quiet logs, the demo catalogue on an empty database, no rate limit in the way of the load, an acquirer that answers at once. */
export const REPLICA_ENV: Readonly<Record<string, string>> = {
  LOG_LEVEL: 'error',
  SEED: 'if-empty',
  DEMO_ACCOUNTS: 'false',
  DEMO_ORDER_HISTORY: 'false',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  ORDER_RATE_LIMIT_PER_MINUTE: '100000',
  PAYMENT_SANDBOX_DELAY_MS: '0',
};

/** Runs one statement on `url` with a connection of its own. @returns its rows. */
export async function sql<T extends Record<string, unknown>>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Starts `count` replicas on `databaseUrl` at once ({@link REPLICA_ENV}, then `env`); an empty
 * database is migrated and seeded by them.
 * @throws Error when one does not become healthy in 90 s (the others are stopped first).
 */
export async function startReplicas(databaseUrl: string, count: number, env: Record<string, string> = {}): Promise<ServiceProcess[]> {
  const started = await Promise.allSettled(Array.from({ length: count }, () => startServiceProcess(databaseUrl, { ...REPLICA_ENV, ...env }, 90_000)));
  const replicas = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await stopReplicas(replicas);
    throw failure.reason;
  }
  return replicas;
}

/** Stops every replica still running (SIGTERM) and removes their data directories. */
export async function stopReplicas(replicas: ServiceProcess[]): Promise<void> {
  await Promise.all(replicas.map((replica) => replica.stop()));
}

/** Inserts an active product (no variants, R$ 199,90) with `stock` units. @returns its id. */
export async function productWithStock(databaseUrl: string, stock: number): Promise<string> {
  const [product] = await sql<{ id: string }>(
    databaseUrl,
    `insert into products (id, slug, name, category, price_cents, description, image_key, is_new, is_bestseller, is_featured, stock, created_at, updated_at)
     values (gen_random_uuid(), 'teste-' || replace(gen_random_uuid()::text, '-', ''), 'Anel Última Unidade', 'aneis', 19990, 'bench', null, false, false, false, $1, now(), now()) returning id`,
    [stock],
  );
  return product!.id;
}

/** A signed-in shopper of one replica. */
export interface Buyer {
  /** The replica the buyer talks to. */
  origin: string;
  userId: string;
  email: string;
  accessToken: string;
}

/** POSTs `body` as JSON to `origin` + `url`. Rejects (TypeError) when the connection fails. */
export function postJson(origin: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${origin}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

/** Signs up `email` on `origin` through the API, confirms it in the database and signs in. @throws Error on an unexpected answer. */
async function signUpAndIn(databaseUrl: string, origin: string, email: string): Promise<Buyer> {
  const signUp = await postJson(origin, '/api/auth/sign-up', { email, password: 'segredo123', fullName: 'Cliente Carga' });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const [user] = await sql<{ id: string }>(databaseUrl, 'update users set email_confirmed_at = now() where email = $1 returning id', [email]);
  const signIn = await postJson(origin, '/api/auth/sign-in', { email, password: 'segredo123' });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  return { origin, userId: user!.id, email, accessToken: ((await signIn.json()) as { accessToken: string }).accessToken };
}

/**
 * Copies the model buyer `modelId` as user `userId` with `email` (its `users` and `profiles` rows,
 * column by column) and gives the copy a refresh token of its own. @returns the raw refresh token.
 */
async function copyBuyer(client: pg.Client, modelId: string, userId: string, email: string): Promise<string> {
  const copy = (table: string, changes: string) =>
    client.query(`insert into ${table} select (jsonb_populate_record(null::${table}, to_jsonb(t) || jsonb_build_object(${changes}))).* from ${table} t where t.${table === 'users' ? 'id' : 'user_id'} = $1`, [modelId, userId, email]);
  await copy('users', `'id', $2::uuid, 'email', $3::text`);
  await copy('profiles', `'id', gen_random_uuid(), 'user_id', $2::uuid, 'email', $3::text`);
  const refreshToken = randomBytes(32).toString('base64url');
  await client.query(`insert into refresh_tokens (id, user_id, family_id, token_hash, created_at, expires_at) values (gen_random_uuid(), $1, gen_random_uuid(), $2, now(), now() + interval '1 day')`, [userId, sha256Hex(refreshToken)]);
  return refreshToken;
}

/**
 * Makes `count` confirmed, signed-in shoppers, buyer i on `origins[i % n]`. Only the first signs up
 * and in through the API: a password hash (argon2id, 64 MiB) costs about a second on a busy
 * 2-core machine, so the others are copies of its rows (`users`, `profiles`) with a refresh token
 * each, and their replica opens their session at `POST /api/auth/refresh`, the same session a
 * sign-in gives.
 * @throws Error when a sign-up, sign-in or refresh does not answer 201 / 200.
 */
export async function signedInBuyers(databaseUrl: string, origins: string[], count: number): Promise<Buyer[]> {
  const model = await signUpAndIn(databaseUrl, origins[0]!, `carga.0.${randomUUID().slice(0, 8)}@exemplo.com.br`);
  const copies: { origin: string; userId: string; email: string; refreshToken: string }[] = [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let i = 1; i < count; i += 1) {
      const userId = randomUUID();
      const email = `carga.${i}.${randomUUID().slice(0, 8)}@exemplo.com.br`;
      copies.push({ origin: origins[i % origins.length]!, userId, email, refreshToken: await copyBuyer(client, model.userId, userId, email) });
    }
  } finally {
    await client.end();
  }
  const sessions = copies.map(async ({ origin, userId, email, refreshToken }): Promise<Buyer> => {
    const refresh = await fetch(`${origin}/api/auth/refresh`, { method: 'POST', headers: { cookie: `prata_refresh=${refreshToken}` } });
    if (refresh.status !== 200) throw new Error(`refresh answered ${refresh.status}: ${await refresh.text()}`);
    return { origin, userId, email, accessToken: ((await refresh.json()) as { accessToken: string }).accessToken };
  });
  return [model, ...(await Promise.all(sessions))];
}

/** The body of a PIX order for `quantity` units of `productId`, to the checkout's test address, contact `email`. */
export function pixOrder(productId: string, email: string, quantity = 1) {
  return { items: [{ productId, quantity }], customer: { ...shippingCustomer, email }, payment: { method: 'pix' } };
}

/** One request of an order. `status` 0: no answer (the connection failed). Times in ms on the caller's clock. */
export interface OrderAttempt {
  /** The origin the request went to. */
  origin: string;
  status: number;
  /** The answer's `error` code, or the connection error's message. */
  error: string | null;
  startedMs: number;
  endedMs: number;
}

/** An order as its buyer saw it: its key, every request, and the order's id once a 201 came. */
export interface PlacedOrder {
  userId: string;
  idempotencyKey: string;
  attempts: OrderAttempt[];
  orderId: string | null;
}

export interface PlaceOrderOptions {
  /** The scenario's clock, ms. */
  clock: () => number;
  /** Where attempt n (1-based) goes (default: the buyer's replica). */
  originOf?: (attempt: number) => string;
  /** Which answers are sent again with the same key (default: no answer, or a 503). */
  retryWhen?: (status: number) => boolean;
  /** Between two attempts, ms (default 200). */
  retryEveryMs?: number;
  /** Attempts at most, the first included (default 300). */
  maxAttempts?: number;
  /** Called after each attempt, with its number (1-based). */
  onAttempt?: (attempt: OrderAttempt, n: number) => void;
}

/**
 * Places one order of `buyer` (`body`, a new Idempotency-Key); while the answer is one to retry,
 * sends the same body with the same key again, as a shopper's browser does. Never throws: a
 * failed connection is an attempt with status 0.
 */
export async function placeOrder(buyer: Buyer, body: unknown, options: PlaceOrderOptions): Promise<PlacedOrder> {
  const { clock, originOf = () => buyer.origin, retryWhen = (status) => status === 0 || status === 503, retryEveryMs = 200, maxAttempts = 300 } = options;
  const order: PlacedOrder = { userId: buyer.userId, idempotencyKey: randomUUID(), attempts: [], orderId: null };
  const headers = { authorization: `Bearer ${buyer.accessToken}`, 'idempotency-key': order.idempotencyKey };
  for (let attempt = 1; ; attempt += 1) {
    const origin = originOf(attempt);
    const startedMs = clock();
    type Answer = { status: number; json: { id?: string; error?: string } };
    const answer = await postJson(origin, '/api/orders', body, headers).then(
      async (response): Promise<Answer> => ({ status: response.status, json: (await response.json().catch(() => ({}))) as Answer['json'] }),
      (error: unknown): Answer => ({ status: 0, json: { error: String((error as { cause?: unknown }).cause ?? error) } }),
    );
    order.attempts.push({ origin, status: answer.status, error: answer.json.error ?? null, startedMs, endedMs: clock() });
    options.onAttempt?.(order.attempts.at(-1)!, attempt);
    if (answer.status === 201) order.orderId = answer.json.id ?? null;
    if (!retryWhen(answer.status) || attempt >= maxAttempts) return order;
    await new Promise((resolve) => setTimeout(resolve, retryEveryMs));
  }
}

/** The order's last attempt: what its buyer was left with. */
export const finalAttempt = (order: PlacedOrder): OrderAttempt => order.attempts.at(-1)!;

/** p-th percentile (0..100) of `values` (ms in, ms out); 0 for none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
