/**
 * `GET /api/realtime`: the websocket endpoint (issue 11; contracts/realtime.ts).
 *
 * The caller authenticates before the socket opens: the access token travels as the subprotocol
 * `bearer.<token>` next to REALTIME_PROTOCOL (browsers cannot set headers on a websocket); an
 * invalid or expired token gets 401 and no socket. No token = anonymous (public channels only).
 * Roles come from the database. Each process fans the relayed events out to its own sockets
 * (RealtimeHub); when the service closes, every socket is closed with 1001.
 * Limits (issue 21 / review item 2), per service process: REALTIME_MAX_SOCKETS_PER_IP sockets per
 * client address and REALTIME_MAX_SOCKETS_PER_ACCOUNT per account (429 before the upgrade),
 * REALTIME_MESSAGES_PER_MINUTE messages per socket (then closed with 4029), 8 KiB per message,
 * and a `subscribe` with `lastId` replays at most REALTIME_REPLAY_LIMIT events (else `resync`).
 * Sign-out, a revoked role and an erased account (`AccountAccessChanged`) re-check that account's
 * sockets in every process at once: closed when the session is gone, channels dropped with a role.
 */
import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_ACCESS_CHANGED, REALTIME_CLOSE, REALTIME_PATH, REALTIME_PROTOCOL } from '@prata/contracts';
import { TooManyRequestsError, UnauthorizedError } from '../../errors.ts';
import type { TokenClaims } from '../../plugins/auth.ts';
import { liveSessionRoles } from '../identity/index.ts';
import { RealtimeHub, type SocketIdentity } from './realtime-hub.ts';
import { addressKey } from '../../lib/address-key.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
  interface FastifyRequest {
    socketIdentity?: SocketIdentity;
  }
}

const BEARER_PREFIX = 'bearer.';

/** Largest client message, bytes (subscribe/auth messages are small). */
const MAX_CLIENT_MESSAGE_BYTES = 8 * 1024;

const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const authenticate = async (token: string): Promise<SocketIdentity> => {
    const claims = app.jwt.verify<TokenClaims & { exp?: number }>(token);
    if (claims.typ !== 'access' || typeof claims.sid !== 'string') throw new UnauthorizedError();
    // As on every route: the token counts only while its session is alive (identity's liveSessionRoles).
    const roles = await liveSessionRoles(app.orm.em.fork(), claims, app.clock.now());
    if (!roles) throw new UnauthorizedError();
    return { userId: claims.sub, sessionId: claims.sid, roles, expiresAt: claims.exp ? claims.exp * 1000 : null };
  };

  const hub = new RealtimeHub({
    ...app.config.realtime,
    cursor: () => app.events.cursor,
    eventsAfter: (after, upTo, limit) => app.events.eventsAfter(after, upTo, limit),
    authenticate,
    recheck: (identity) =>
      identity.userId && identity.sessionId ? liveSessionRoles(app.orm.em.fork(), { sub: identity.userId, sid: identity.sessionId }, app.clock.now()) : Promise.resolve(identity.roles),
    now: () => Date.now(),
    log: app.log,
  });
  app.decorate('realtime', hub);
  app.events.subscribeEachInstance('*', (event) => hub.broadcast(event));
  // Sign-out, a revoked role, an erased account: re-check that account's sockets at once (issue 21).
  app.events.subscribeEachInstance(ACCOUNT_ACCESS_CHANGED, (event) => hub.recheckUser(event.aggregateId));

  await app.register(websocket, {
    options: {
      maxPayload: MAX_CLIENT_MESSAGE_BYTES,
      handleProtocols: (protocols) => (protocols.has(REALTIME_PROTOCOL) ? REALTIME_PROTOCOL : false),
    },
    preClose(done) {
      hub.closeAll(REALTIME_CLOSE.goingAway, 'Serviço reiniciando');
      this.websocketServer.close();
      done();
    },
  });

  app.route({
    method: 'GET',
    url: REALTIME_PATH,
    config: { access: 'public' },
    preValidation: async (request) => {
        // Connection caps per address and per account (issue 21 / review item 2), checked again below once the account is known.
        if (!hub.admits(addressKey(request.ip), null)) throw new TooManyRequestsError('Muitas conexões em tempo real a partir deste endereço.');
        const offered = String(request.headers['sec-websocket-protocol'] ?? '')
          .split(',')
          .map((value) => value.trim());
        const bearer = offered.find((value) => value.startsWith(BEARER_PREFIX));
        if (!bearer) {
          request.socketIdentity = { userId: null, roles: [], expiresAt: null };
          return;
        }
        try {
          request.socketIdentity = await authenticate(bearer.slice(BEARER_PREFIX.length));
        } catch {
          throw new UnauthorizedError('Sessão expirada');
        }
        if (!hub.admits(addressKey(request.ip), request.socketIdentity.userId)) throw new TooManyRequestsError('Muitas conexões em tempo real nesta conta.');
    },
    // A plain HTTP GET (no upgrade) learns it needs a websocket.
    handler: async (_request, reply) => reply.code(426).send({ error: 'upgrade_required', message: 'Esta rota aceita apenas conexões websocket' }),
    wsHandler: (socket, request) => {
      hub.attach(socket, request.socketIdentity ?? { userId: null, roles: [], expiresAt: null }, addressKey(request.ip));
    },
  });
};

/** Wrapped with fastify-plugin so `app.realtime` is visible to the whole app (status checks). */
export default fp(realtimeRoutes, { name: 'realtime', dependencies: ['events', 'auth'] });
