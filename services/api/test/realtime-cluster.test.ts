/**
 * Fan-out across service processes: two `node src/server.ts` processes on different
 * ports share one database; a developer's socket on each receives every error event, whichever
 * process recorded it, with the same ids in the same order. The service is stateless, so it
 * scales out: a session begun on one process is refreshed on the other, a remote release
 * published through one is what the other's registry serves, and a product image uploaded through
 * one (to the S3 storage both are configured with, s3rver here) is served, used and deleted through
 * the other.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { remoteRegistrySchema } from '@prata/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { sriHash } from '../src/modules/platform/release-verifier.ts';
import { imageFile, uploadImage } from './admin-fixtures.ts';
import { freePort } from './free-port.ts';
import { createDatabase } from './helpers.ts';
import { TestSocket } from './realtime-client.ts';
import { startS3Double, type S3Double } from './s3-double.ts';
import { startServiceProcess, type ServiceProcess } from './service-process.ts';

let database: Awaited<ReturnType<typeof createDatabase>>;
/** The release origin the processes allow (RELEASE_ORIGINS); the test serves a build there. */
let releasePort: number;
let s3: S3Double;
const processes: ServiceProcess[] = [];

/** A confirmed developer account made through process `origin`'s API. */
async function developerToken(origin: string, roles: string[] = ['developer'], email = `dev.${randomUUID()}@exemplo.com.br`): Promise<string> {
  const post = (url: string, body: object) => fetch(`${origin}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect((await post('/api/auth/sign-up', { email, password: 'segredo123', fullName: 'Dev Cluster' })).status).toBe(201);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ link: string }>('select link from outbox_emails where "to" = $1', [email]);
    const token = new URL(rows[0]!.link).searchParams.get('confirmar');
    expect((await post('/api/auth/confirm-email', { token })).status).toBe(200);
    for (const role of roles) await client.query('insert into user_roles (id, user_id, role, created_at) select gen_random_uuid(), id, $2, now() from users where email = $1', [email, role]);
  } finally {
    await client.end();
  }
  const signIn = await post('/api/auth/sign-in', { email, password: 'segredo123' });
  return ((await signIn.json()) as { accessToken: string }).accessToken;
}

beforeAll(async () => {
  database = await createDatabase();
  s3 = await startS3Double(['store']);
  releasePort = await freePort();
  const env = { REALTIME_MAX_BUFFER_BYTES: '65536', RELEASE_ORIGINS: `http://127.0.0.1:${releasePort}`, ...s3.storageEnv('store') };
  processes.push(await startServiceProcess(database.url, env));
  processes.push(await startServiceProcess(database.url, env));
}, 120_000);
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await s3?.close();
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
      body: JSON.stringify({ errorType: 'uncaught_error', errorMessage: `Falha ${'abcdef'[i]!.repeat(3)} ${randomUUID()}`, remote: 'storefront' }),
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

it('drops a slow consumer once its buffer passes the cap instead of growing the heap', async () => {
  const [a] = processes as [ServiceProcess];
  const admin = await developerToken(a.origin, ['admin']);
  const connections = async () => {
    const response = await fetch(`${a.origin}/api/admin/system-status`, { headers: { authorization: `Bearer ${admin}` } });
    const body = (await response.json()) as { checks: { id: string; details: string | null }[] };
    return Number.parseInt(body.checks.find((check) => check.id === 'realtime')!.details ?? '', 10);
  };
  const before = await connections();
  const stalled = await TestSocket.open(a.origin);
  await stalled.subscribe(['products']);
  expect(await connections()).toBe(before + 1);
  stalled.pause();
  // 1,500 events of ~20 KiB (30 MiB): more than loopback TCP buffers (a few MiB each way) plus the 64 KiB cap.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(
      "insert into domain_events (id, type, aggregate_id, payload, created_at) select gen_random_uuid(), 'ProductUpdated', gen_random_uuid(), jsonb_build_object('pad', repeat('x', 20480)), now() from generate_series(1, 1500)",
    );
  } finally {
    await client.end();
  }
  const deadline = Date.now() + 20_000;
  let count = await connections();
  while (count !== before && Date.now() < deadline) count = await connections();
  expect(count).toBe(before);
});

it('keeps sessions and remote releases in the database: signed in on one process, refreshed and releasing through the other', async () => {
  const [a, b] = processes as [ServiceProcess, ServiceProcess];
  // Session: the refresh token issued by A is honoured by B (sessions live in PostgreSQL).
  const email = `dev.${randomUUID()}@exemplo.com.br`;
  await developerToken(a.origin, ['developer'], email);
  const signIn = await fetch(`${a.origin}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'segredo123' }) });
  expect(signIn.status).toBe(200);
  const refreshCookie = signIn.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!).join('; ');
  expect(refreshCookie).not.toBe('');
  const refreshed = await fetch(`${b.origin}/api/auth/refresh`, { method: 'POST', headers: { cookie: refreshCookie, 'content-type': 'application/json' }, body: '{}' });
  expect(refreshed.status).toBe(200);
  const token = ((await refreshed.json()) as { accessToken: string }).accessToken;

  // Release: published and activated through B, served by A's registry.
  const entrySource = `/* storefront cluster ${randomUUID()} */`;
  const version = '9.9.9-cluster';
  const staticOrigin = Fastify();
  staticOrigin.get('/mf-manifest.json', async () => ({ id: 'storefront', name: 'storefront', metaData: { name: 'storefront', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' }, buildInfo: { buildVersion: version, buildName: 'mf-storefront' } } }));
  staticOrigin.get('/remoteEntry.js', async (_request, reply) => reply.type('text/javascript').send(entrySource));
  const originUrl = await staticOrigin.listen({ host: '127.0.0.1', port: releasePort });
  try {
    const published = await fetch(`${b.origin}/api/developer/remotes/storefront/releases`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ version, manifestUrl: `${originUrl}/mf-manifest.json`, integrity: sriHash(Buffer.from(entrySource)), activate: true }),
    });
    expect(published.status).toBe(201);
    const registry = remoteRegistrySchema.parse(await (await fetch(`${a.origin}/api/remotes`)).json());
    expect(registry.find((entry) => entry.name === 'storefront')).toMatchObject({ version, manifestUrl: `${originUrl}/mf-manifest.json` });
  } finally {
    await staticOrigin.close();
  }
});

it('shares product images: uploaded through one process, served, used and deleted through the other', async () => {
  const [a, b] = processes as [ServiceProcess, ServiceProcess];
  const admin = { accessToken: await developerToken(a.origin, ['admin']) };
  const png = await imageFile('png', 640, 480);
  const uploaded = await uploadImage(a.origin, admin, png, 'pulseira.png');
  expect(uploaded.status).toBe(201);
  const { key } = (await uploaded.json()) as { key: string };

  const original = await fetch(`${b.origin}/storage/product-images/${key}`);
  expect(original.status).toBe(200);
  expect(Buffer.from(await original.arrayBuffer()).equals(png)).toBe(true);
  const rendition = await fetch(`${b.origin}/images/product-images/${key}?w=320`);
  expect(rendition.status).toBe(200);
  expect(await sharp(Buffer.from(await rendition.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });

  // B accepts the key A stored (it checks the image exists) and refuses to delete it while in use.
  const headers = { authorization: `Bearer ${admin.accessToken}` };
  const created = await fetch(`${b.origin}/api/admin/products`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Pulseira Elos', category: 'pulseiras', priceCents: 15_990, stock: 3, imageKey: key }) });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await fetch(`${a.origin}/api/admin/product-images/${key}`, { method: 'DELETE', headers })).status).toBe(409);
  expect((await fetch(`${a.origin}/api/admin/products/${id}`, { method: 'DELETE', headers })).status).toBe(200);
  expect((await fetch(`${b.origin}/api/admin/product-images/${key}`, { method: 'DELETE', headers })).status).toBe(200);
  expect((await fetch(`${a.origin}/storage/product-images/${key}`)).status).toBe(404);
});
