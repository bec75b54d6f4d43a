/**
 * Websocket limits, over real sockets: the review's black-box step (many
 * sockets from one address, a flood of `subscribe` + `lastId`) no longer works:
 * - REALTIME_MAX_SOCKETS_PER_IP sockets per client address and REALTIME_MAX_SOCKETS_PER_ACCOUNT per
 *   account: the next handshake is refused with 429 and no socket;
 * - REALTIME_MESSAGES_PER_MINUTE messages per socket: past it the socket is told and closed (4029);
 * - a `subscribe` with a `lastId` further back than REALTIME_REPLAY_LIMIT gets `resync`, not a replay;
 * - sign-out closes the account's sockets at once (4001), and a revoked admin role drops the
 *   `orders` channel at once (review item 12: they used to live until the token expired).
 */
import { REALTIME_CLOSE } from '@prata/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, bearer, signIn, type SignedIn } from './accounts.ts';
import { createTestService, type TestService } from './helpers.ts';
import { TestSocket } from './realtime-client.ts';

let service: TestService;
let origin: string;
let customer: SignedIn;
const sockets: TestSocket[] = [];

async function open(who?: SignedIn): Promise<TestSocket> {
  const socket = await TestSocket.open(origin, who?.accessToken);
  sockets.push(socket);
  await socket.waitFor(() => socket.messages.some((m) => m.type === 'welcome'));
  return socket;
}

beforeAll(async () => {
  service = await createTestService({ REALTIME_MAX_SOCKETS_PER_IP: '4', REALTIME_MAX_SOCKETS_PER_ACCOUNT: '2', REALTIME_MESSAGES_PER_MINUTE: '5', REALTIME_REPLAY_LIMIT: '3' });
  origin = await service.app.listen({ port: 0, host: '127.0.0.1' });
  customer = await account(service);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close().catch(() => undefined)));
  await service?.close();
});

describe('websocket limits', () => {
  it('caps sockets per account, then per address: the next handshake is refused with 429', async () => {
    await open(customer);
    await open(customer);
    await expect(TestSocket.open(origin, customer.accessToken)).rejects.toThrow('handshake refused: 429');
    await open();
    await open();
    await expect(TestSocket.open(origin)).rejects.toThrow('handshake refused: 429');
    // A socket closed frees its place.
    await sockets.pop()!.close();
    await expect.poll(() => service.app.realtime.size).toBe(3);
    await open();
  });

  it('closes a socket that floods messages (4029), and answers a replay further back than the limit with resync', async () => {
    for (const socket of sockets.splice(0)) await socket.close();
    await expect.poll(() => service.app.realtime.size).toBe(0);
    // Five events, so a lastId of 0 is 5 > REALTIME_REPLAY_LIMIT (3) behind.
    const em = service.db.orm.em.fork();
    for (let i = 0; i < 5; i += 1) {
      const records = await em.transactional(async (tx) => [service.app.events.record(tx, { type: 'ProductUpdated', aggregateId: crypto.randomUUID(), payload: {} })]);
      await service.app.events.publish(em, records);
    }
    const socket = await open();
    await expect.poll(() => service.app.events.cursor).toBeGreaterThanOrEqual(5);
    await socket.subscribe(['products'], 0);
    await socket.waitFor(() => socket.messages.some((m) => m.type === 'resync'));
    expect(socket.events()).toEqual([]);
    for (let i = 0; i < 5; i += 1) socket.send({ type: 'subscribe', channels: ['products'], lastId: 0 });
    expect(await socket.closed).toEqual({ code: REALTIME_CLOSE.tooManyMessages, reason: 'Muitas mensagens' });
  });

  it('closes the sockets of a session that signs out, and drops the channels of a revoked role, at once', async () => {
    for (const socket of sockets.splice(0)) await socket.close();
    const owner = await account(service, ['admin'], 'dona');
    const staff = await account(service, ['admin'], 'equipe');
    const socket = await open(staff);
    await socket.subscribe(['orders', 'products']);
    expect(socket.messages.find((m) => m.type === 'subscribed')).toMatchObject({ channels: ['orders', 'products'] });

    // The owner revokes the staff member's admin role: 'orders' is refused at once, 'products' stays.
    const revoke = await service.app.inject({ method: 'PATCH', url: `/api/admin/users/${staff.userId}`, headers: bearer(owner), payload: { isAdmin: false } });
    expect(revoke.statusCode).toBe(200);
    await socket.waitFor(() => socket.messages.some((m) => m.type === 'refused' && m.channel === 'orders'));

    // Signing out closes the socket of that session.
    const session = await signIn(service, owner.email, owner.password);
    const ownerSocket = await open(session);
    const out = await service.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: session.cookie } });
    expect(out.statusCode).toBe(200);
    expect(await ownerSocket.closed).toEqual({ code: REALTIME_CLOSE.unauthorized, reason: 'Sessão encerrada' });
  });
});
