/**
 * `GET /api/realtime`: the websocket endpoint (contracts/realtime.ts).
 *
 * The caller authenticates before the socket opens: the access token travels as the subprotocol
 * `bearer.<token>` next to REALTIME_PROTOCOL (browsers cannot set headers on a websocket); an
 * invalid or expired token gets 401 and no socket. No token = anonymous (public channels only).
 * Roles come from the database. Each process fans the relayed events out to its own sockets
 * (RealtimeHub); when the service closes, every socket is closed with 1001.
 * Limits, per service process: REALTIME_MAX_SOCKETS_PER_IP sockets per
 * client address and REALTIME_MAX_SOCKETS_PER_ACCOUNT per account (429 before the upgrade),
 * REALTIME_MESSAGES_PER_MINUTE messages per socket (then closed with 4029), 8 KiB per message,
 * and a `subscribe` with `lastId` replays at most REALTIME_REPLAY_LIMIT events (else `resync`).
 * Sign-out, a revoked role and an erased account (`AccountAccessChanged`) re-check that account's
 * sockets in every process at once: closed when the session is gone, channels dropped with a role
 * (the hub and its feeds: realtime.plugin.ts).
 */
import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REALTIME_CLOSE, REALTIME_PATH, REALTIME_PROTOCOL } from '@prata/contracts';
import { TooManyRequestsError, UnauthorizedError } from '../../errors.ts';
import { authenticateSocket } from './socket-auth.ts';
import { addressKey } from '@prata/contracts/address-key';

const BEARER_PREFIX = 'bearer.';

/** Largest client message, bytes (subscribe/auth messages are small). */
const MAX_CLIENT_MESSAGE_BYTES = 8 * 1024;

const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = app.realtime;

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
        // Connection caps per address and per account, checked again below once the account is known.
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
          request.socketIdentity = await authenticateSocket(app, bearer.slice(BEARER_PREFIX.length));
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

export default fp(realtimeRoutes, { name: 'realtime-routes', encapsulate: true, dependencies: ['realtime'] });
