/**
 * The realtime backbone in one service process over real sockets: channel access
 * checked on the server, replay of missed events after a reconnect, commit-order positions with
 * two interleaved writers, the error-report flood, and the 1001 close on shutdown.
 */
import { randomUUID } from 'node:crypto';
import type { PostgreSqlConnection } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, type SignedIn } from './accounts.ts';
import { createTestService, type TestService } from './helpers.ts';
import { subscribeProbe } from './probe-events.ts';
import { TestSocket } from './realtime-client.ts';

let service: TestService;
let origin: string;
let developer: SignedIn;
let customer: SignedIn;
const sockets: TestSocket[] = [];

async function open(who?: SignedIn): Promise<TestSocket> {
  const socket = await TestSocket.open(origin, who?.accessToken);
  sockets.push(socket);
  await socket.waitFor(() => socket.messages.some((m) => m.type === 'welcome'));
  return socket;
}

function report(message: string, ip = '203.0.113.10') {
  return service.app.inject({
    method: 'POST',
    url: '/api/errors',
    remoteAddress: ip,
    payload: { errorType: 'uncaught_error', errorMessage: message, pageUrl: 'http://loja.test/produtos', remote: 'storefront', version: '1.2.3' },
  });
}

beforeAll(async () => {
  service = await createTestService({ ERROR_REPORTS_PER_MINUTE: '20' });
  origin = await service.app.listen({ port: 0, host: '127.0.0.1' });
  developer = await account(service, ['developer'], 'dev');
  customer = await account(service);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close().catch(() => undefined)));
  await service?.close();
});

describe('channel access', () => {
  it('refuses system-errors to a customer and to an anonymous client, and lets a developer in', async () => {
    const asCustomer = await open(customer);
    await asCustomer.subscribe(['system-errors', 'products']);
    expect(asCustomer.messages).toContainEqual({ type: 'refused', channel: 'system-errors', reason: 'forbidden' });
    expect(asCustomer.messages).toContainEqual({ type: 'subscribed', channels: ['products'] });

    const anonymous = await open();
    await anonymous.subscribe(['system-errors']);
    expect(anonymous.messages).toContainEqual({ type: 'refused', channel: 'system-errors', reason: 'unauthorized' });

    const asDeveloper = await open(developer);
    await asDeveloper.subscribe(['system-errors']);
    expect(asDeveloper.messages).toContainEqual({ type: 'subscribed', channels: ['system-errors'] });

    // The customer socket hears nothing of a new error; the developer's gets it.
    const response = await report(`Falha isolada ${randomUUID()}`, '203.0.113.1');
    expect(response.statusCode).toBe(202);
    await asDeveloper.waitFor(() => asDeveloper.events().some((e) => e.aggregateId === response.json().id));
    expect(asCustomer.events().filter((e) => e.channel === 'system-errors')).toEqual([]);
  });

  it('refuses the handshake for an invalid token, before any socket opens', async () => {
    await expect(TestSocket.open(origin, `${customer.accessToken}x`)).rejects.toThrow('handshake refused: 401');
  });

  it('drops a channel when a refreshed token no longer carries the role', async () => {
    const socket = await open(developer);
    await socket.subscribe(['system-errors']);
    await service.db.orm.em.fork().getConnection().execute('delete from user_roles where user_id = ?', [developer.userId]);
    socket.send({ type: 'auth', token: developer.accessToken });
    await socket.waitFor(() => socket.messages.some((m) => m.type === 'refused' && m.channel === 'system-errors'));
    await service.db.orm.em.fork().getConnection().execute("insert into user_roles (id, user_id, role, created_at) values (gen_random_uuid(), ?, 'developer', now())", [developer.userId]);
  });
});

describe('resume after reconnect', () => {
  it('replays the events a client missed while away, in order, then continues live', async () => {
    const first = await open(developer);
    await first.subscribe(['system-errors']);
    const seen = await report(`Antes da queda ${randomUUID()}`, '203.0.113.2');
    await first.waitFor(() => first.events().some((e) => e.aggregateId === seen.json().id));
    const lastId = first.events().at(-1)!.id;
    await first.close();

    const missed: string[] = [];
    for (let i = 0; i < 3; i += 1) missed.push((await report(`Durante a queda ${'xyz'[i]!.repeat(4)} ${randomUUID()}`, '203.0.113.2')).json().id as string);

    const second = await open(developer);
    await second.subscribe(['system-errors'], lastId);
    await second.waitFor(() => missed.every((id) => second.events().some((e) => e.aggregateId === id)));
    const ids = second.events().map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids.every((id) => id > lastId)).toBe(true);
    expect(new Set(missed).size).toBe(3);
    expect(second.events().map((e) => e.aggregateId)).toEqual(missed);

    const live = await report(`Depois da volta ${randomUUID()}`, '203.0.113.2');
    await second.waitFor(() => second.events().some((e) => e.aggregateId === live.json().id));
  });

  it('tells a client too far behind to resync', async () => {
    const socket = await open(developer);
    const welcome = socket.messages.find((m) => m.type === 'welcome');
    expect(welcome?.type === 'welcome' && welcome.lastId).toBeGreaterThan(0);
    const small = await createTestService({ REALTIME_REPLAY_LIMIT: '2' });
    try {
      const smallOrigin = await small.app.listen({ port: 0, host: '127.0.0.1' });
      const dev = await account(small, ['developer'], 'dev');
      for (let i = 0; i < 4; i += 1) await small.app.inject({ method: 'POST', url: '/api/errors', payload: { errorType: 't', errorMessage: `e${i} ${randomUUID()}` } });
      const late = await TestSocket.open(smallOrigin, dev.accessToken);
      sockets.push(late);
      await late.waitFor(() => late.messages.some((m) => m.type === 'welcome' && m.lastId >= 4));
      late.send({ type: 'subscribe', channels: ['system-errors'], lastId: 0 });
      await late.waitFor(() => late.messages.some((m) => m.type === 'resync'));
      expect(late.events()).toEqual([]);
    } finally {
      await small.close();
    }
  });
});

describe('commit order', () => {
  it('positions events by commit, so a reader of id > lastId misses no late commit (two interleaved writers)', async () => {
    const socket = await open(developer);
    await socket.subscribe(['system-errors']);
    const url = service.config.databaseUrl!;
    const early = new pg.Client({ connectionString: url });
    const late = new pg.Client({ connectionString: url });
    await early.connect();
    await late.connect();
    const insert = (client: pg.Client, id: string) =>
      client.query("insert into domain_events (id, type, aggregate_id, payload, created_at) values ($1, 'SystemErrorRecorded', $1, '{}', now())", [id]);
    const first = randomUUID();
    const second = randomUUID();
    try {
      // Writer A starts first (its row is older) but commits last.
      await early.query('begin');
      await insert(early, first);
      await late.query('begin');
      await insert(late, second);
      await late.query('commit');
      await socket.waitFor(() => socket.events().some((e) => e.aggregateId === second));
      const lastId = socket.events().find((e) => e.aggregateId === second)!.id;
      await socket.close();
      await early.query('commit');
      // A client that saw B's event and reconnects with its id still gets A's.
      const again = await open(developer);
      await again.subscribe(['system-errors'], lastId);
      await again.waitFor(() => again.events().some((e) => e.aggregateId === first));
      expect(again.events().find((e) => e.aggregateId === first)!.id).toBe(lastId + 1);
    } finally {
      await early.end();
      await late.end();
    }
  });
});

/** Records one event of `type` (a new aggregate id) in a transaction and publishes it; returns the id. */
async function publishOne(type: string): Promise<string> {
  const em = service.db.orm.em.fork();
  const id = randomUUID();
  const records = await em.transactional(async (tx) => [service.app.events.record(tx, { type, aggregateId: id, payload: {} })]);
  await service.app.events.publish(em, records);
  return id;
}

describe('subscribe handlers', () => {
  it("run outside the dispatcher's lock transaction: a handler's write is committed when the handler returns", async () => {
    const url = service.config.databaseUrl!;
    const reader = new pg.Client({ connectionString: url });
    await reader.connect();
    await reader.query('create table handler_probe (id uuid primary key)');
    const seenByOthers: number[] = [];
    const off = subscribeProbe(service.app.events, 'HandlerProbe', async (event) => {
      await service.db.orm.em.fork().getConnection().execute('insert into handler_probe (id) values (?)', [event.aggregateId]);
      const { rows } = await reader.query<{ n: string }>('select count(*) as n from handler_probe where id = $1', [event.aggregateId]);
      seenByOthers.push(Number(rows[0]!.n));
    });
    try {
      await publishOne('HandlerProbe');
      expect(seenByOthers).toEqual([1]);
    } finally {
      off();
      await reader.query('drop table handler_probe');
      await reader.end();
    }
  });
});

describe('subscribe handlers, dispatcher connection lost', () => {
  it('releases the dispatcher\'s connection when it dies mid-batch, and dispatches the event again', async () => {
    const url = service.config.databaseUrl!;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const calls: string[] = [];
    let killed = false;
    const off = subscribeProbe(service.app.events, 'DispatcherLost', async (event) => {
      calls.push(event.aggregateId);
      if (killed) return;
      killed = true;
      // The dispatcher's own connection: idle in the transaction that holds the event's row lock.
      const { rowCount } = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = 'idle in transaction' and query like '%for update skip locked%'",
      );
      expect(rowCount).toBe(1);
    });
    try {
      const id = await publishOne('DispatcherLost');
      // The stamp died with the connection: the catch-up dispatches the event again.
      await service.app.events.relay();
      await expect.poll(() => calls.filter((call) => call === id).length).toBe(2);
      const pool = await (service.db.orm.em.getConnection() as PostgreSqlConnection).getNativeClient();
      await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 5000 }).toBe(0);
      const { rows } = await admin.query<{ dispatched: boolean }>('select dispatched_at is not null as dispatched from domain_events where aggregate_id = $1', [id]);
      expect(rows).toEqual([{ dispatched: true }]);
    } finally {
      off();
      await admin.end();
    }
  });
});

describe('error reports', () => {
  it('de-duplicates a flood by fingerprint and rate-limits each client', async () => {
    const message = `TypeError: x is undefined ${randomUUID()}`;
    const answers = [];
    for (let i = 0; i < 25; i += 1) answers.push(await report(message, '198.51.100.7'));
    const accepted = answers.filter((r) => r.statusCode === 202);
    expect(accepted).toHaveLength(20);
    expect(answers.slice(20).map((r) => r.statusCode)).toEqual([429, 429, 429, 429, 429]);
    expect(new Set(accepted.map((r) => r.json().id)).size).toBe(1);
    expect(accepted.at(-1)!.json().count).toBe(20);
    const rows = await service.db.orm.em.fork().getConnection().execute('select count, error_message from system_errors where error_message = ?', [message]);
    expect(rows).toEqual([{ count: 20, error_message: message }]);
    // Another client is not limited by the first one's flood.
    expect((await report(message, '198.51.100.8')).json().count).toBe(21);
  });

  it('refuses a body over 16 KiB and cuts long texts to the limits', async () => {
    const big = await service.app.inject({ method: 'POST', url: '/api/errors', remoteAddress: '198.51.100.9', payload: { errorType: 'x', errorMessage: 'a'.repeat(17 * 1024) } });
    expect(big.statusCode).toBe(413);
    const long = await service.app.inject({ method: 'POST', url: '/api/errors', remoteAddress: '198.51.100.9', payload: { errorType: 'x', errorMessage: `${randomUUID()}${'b'.repeat(5000)}` } });
    expect(long.statusCode).toBe(202);
    const [row] = await service.db.orm.em.fork().getConnection().execute('select length(error_message) as n from system_errors where id = ?', [long.json().id]);
    expect(row!.n).toBe(2000);
  });
});

describe('heartbeats', () => {
  /** A socket on the products channel whose TCP stream stops being read (a stalled browser). */
  async function stalledSocket(target: TestService, origin: string): Promise<{ before: number }> {
    const socket = await TestSocket.open(origin);
    sockets.push(socket);
    await socket.subscribe(['products']);
    const before = target.app.realtime.size;
    socket.pause();
    return { before };
  }

  async function until(predicate: () => boolean, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error('condition not met');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('terminates a socket that stops answering pings', async () => {
    const quick = await createTestService({ REALTIME_HEARTBEAT_MS: '1000' });
    try {
      const quickOrigin = await quick.app.listen({ port: 0, host: '127.0.0.1' });
      const { before } = await stalledSocket(quick, quickOrigin);
      await until(() => quick.app.realtime.size === before - 1);
    } finally {
      await quick.close();
    }
  });
});

describe('shutdown', () => {
  it('closes every socket with 1001 when the service closes', async () => {
    const other = await createTestService();
    const otherOrigin = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await TestSocket.open(otherOrigin);
    await other.close();
    expect((await socket.closed).code).toBe(1001);
  });
});

describe('schema', () => {
  it('the realtime migration matches the entities (outbox, system errors, notifications, QA issues, mail retry)', async () => {
    const diff = await service.db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff).not.toMatch(/domain_events|system_errors|notifications|notification_states|qa_issues|outbox_emails/);
  });
});
