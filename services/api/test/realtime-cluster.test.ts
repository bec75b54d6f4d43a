/**
 * Fan-out across service processes (issue 11): two `node src/server.ts` processes on different
 * ports share one database; a developer's socket on each receives every error event, whichever
 * process recorded it, with the same ids in the same order.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase } from './helpers.ts';
import { TestSocket } from './realtime-client.ts';
import { startServiceProcess, type ServiceProcess } from './service-process.ts';

let database: Awaited<ReturnType<typeof createDatabase>>;
const processes: ServiceProcess[] = [];

/** A confirmed developer account made through process `origin`'s API. */
async function developerToken(origin: string): Promise<string> {
  const email = `dev.${randomUUID()}@exemplo.com.br`;
  const post = (url: string, body: object) => fetch(`${origin}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect((await post('/api/auth/sign-up', { email, password: 'segredo123', fullName: 'Dev Cluster' })).status).toBe(201);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ link: string }>('select link from outbox_emails where "to" = $1', [email]);
    const token = new URL(rows[0]!.link).searchParams.get('confirmar');
    expect((await post('/api/auth/confirm-email', { token })).status).toBe(200);
    await client.query("insert into user_roles (id, user_id, role, created_at) select gen_random_uuid(), id, 'developer', now() from users where email = $1", [email]);
  } finally {
    await client.end();
  }
  const signIn = await post('/api/auth/sign-in', { email, password: 'segredo123' });
  return ((await signIn.json()) as { accessToken: string }).accessToken;
}

beforeAll(async () => {
  database = await createDatabase();
  processes.push(await startServiceProcess(database.url));
  processes.push(await startServiceProcess(database.url));
}, 120_000);
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await database?.drop();
});

it('delivers every event to clients of both processes, in the same order', async () => {
  const [a, b] = processes as [ServiceProcess, ServiceProcess];
  expect(a.origin).not.toBe(b.origin);
  const token = await developerToken(a.origin);
  const onA = await TestSocket.open(a.origin, token);
  const onB = await TestSocket.open(b.origin, token);
  await onA.subscribe(['system-errors']);
  await onB.subscribe(['system-errors']);

  const reported: string[] = [];
  for (let i = 0; i < 6; i += 1) {
    const target = i % 2 === 0 ? a : b;
    const response = await fetch(`${target.origin}/api/errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ errorType: 'uncaught_error', errorMessage: `Falha ${i} ${randomUUID()}`, remote: 'storefront' }),
    });
    expect(response.status).toBe(202);
    reported.push(((await response.json()) as { id: string }).id);
  }
  for (const socket of [onA, onB]) await socket.waitFor(() => reported.every((id) => socket.events().some((e) => e.aggregateId === id)));
  const seen = (socket: TestSocket) => socket.events().map((e) => [e.id, e.aggregateId]);
  expect(seen(onA)).toEqual(seen(onB));
  expect(onA.events().map((e) => e.aggregateId)).toEqual(reported);
  await Promise.all([onA.close(), onB.close()]);
});
