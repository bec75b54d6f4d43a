/**
 * Realtime plugin: decorates `app.realtime`, this process's RealtimeHub, and feeds it. Each process
 * fans every relayed event out to its own sockets (`subscribeEachInstance`, in position order), and
 * `AccountAccessChanged` (sign-out, a revoked role, an erased account) re-checks that account's
 * sockets at once. The websocket route is routes.ts. Visible to the whole app (the system status
 * counts the connections).
 */
import fp from 'fastify-plugin';
import { ACCOUNT_ACCESS_CHANGED } from '@prata/contracts';
import { liveSessionRoles } from '../identity/index.ts';
import { RealtimeHub, type SocketIdentity } from './realtime-hub.ts';
import { authenticateSocket } from './socket-auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
  interface FastifyRequest {
    socketIdentity?: SocketIdentity;
  }
}

export default fp(
  async (app) => {
    const hub = new RealtimeHub({
      ...app.config.realtime,
      cursor: () => app.events.cursor,
      eventsAfter: (after, upTo, limit) => app.events.eventsAfter(after, upTo, limit),
      authenticate: (token) => authenticateSocket(app, token),
      recheck: (identity) =>
        identity.userId && identity.sessionId ? liveSessionRoles(app.orm.em.fork(), { sub: identity.userId, sid: identity.sessionId }, app.clock.now()) : Promise.resolve(identity.roles),
      now: () => Date.now(),
      log: app.log,
    });
    app.decorate('realtime', hub);
    app.events.subscribeEachInstance('*', (event) => hub.broadcast(event));
    app.events.subscribeEachInstance(ACCOUNT_ACCESS_CHANGED, (event) => hub.recheckUser(event.aggregateId));
  },
  { name: 'realtime', dependencies: ['config', 'clock', 'orm', 'events', 'auth'] },
);
