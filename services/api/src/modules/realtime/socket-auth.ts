import type { FastifyInstance } from 'fastify';
import { UnauthorizedError } from '../../errors.ts';
import type { TokenClaims } from '../../plugins/auth.ts';
import { liveSessionRoles } from '../identity/index.ts';
import type { SocketIdentity } from './realtime-hub.ts';

/**
 * The identity of a websocket's access token: its account, session, live roles and expiry (ms).
 * As on every route, the token counts only while its session is alive (identity's liveSessionRoles).
 * @throws UnauthorizedError for a token that is not a live access token; what `jwt.verify` throws for a bad or expired one.
 */
export async function authenticateSocket(app: FastifyInstance, token: string): Promise<SocketIdentity> {
  const claims = app.jwt.verify<TokenClaims & { exp?: number }>(token);
  if (claims.typ !== 'access' || typeof claims.sid !== 'string') throw new UnauthorizedError();
  const roles = await liveSessionRoles(app.orm.em.fork(), claims, app.clock.now());
  if (!roles) throw new UnauthorizedError();
  return { userId: claims.sub, sessionId: claims.sid, roles, expiresAt: claims.exp ? claims.exp * 1000 : null };
}
