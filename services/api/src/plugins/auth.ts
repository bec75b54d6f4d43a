/**
 * Authentication and route access enforcement (storefront.md 6, admin.md 6).
 *
 * - Access tokens: short-lived JWTs (@fastify/jwt, HS256) sent as `Authorization: Bearer`.
 * - Refresh tokens: httpOnly, SameSite=Strict cookie `prata_refresh` scoped to `/api/auth`
 *   (@fastify/cookie); see modules/identity/session.service.ts.
 * - Every route declares `config.access` (plugins/access.ts). This hook runs before validation:
 *   `public` lets anyone in; `customer` needs a valid access token; `admin` / `developer` need
 *   that role, read from the database on each request (a revoked role takes effect at once)
 *   through the `sessionRoles` lookup the app gives (modules/identity/live-session.ts).
 *   401 'Não autenticado' / 403 'Acesso negado'.
 * - An access token names its session (`sid`, the refresh-token family) and counts only while
 *   that session is alive: sign-out, a credential change elsewhere or the end of the
 *   session's absolute lifetime ends its access tokens at once, not 15 minutes later.
 */
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import jwt from '@fastify/jwt';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RoleName } from '@prata/contracts';
import { isDatabaseUnavailable } from '../database/availability.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import type { RouteAccess } from './access.ts';

/** Claims of our access tokens: the user and the session (refresh-token family) id. */
export interface TokenClaims {
  sub: string;
  typ: 'access';
  sid: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

/** The caller, when a valid access token came with the request. */
export interface AuthContext {
  userId: string;
  roles: RoleName[];
  /** The caller's session (refresh-token family): kept when they change a credential. */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Name of the refresh-token cookie. */
export const REFRESH_COOKIE = 'prata_refresh';

/**
 * The roles of the caller of verified access-token claims while its session is alive, else null.
 * Given by the app (modules/identity `liveSessionRoles`): this plugin is infrastructure and reads no domain table itself.
 */
export type SessionRolesLookup = (em: EntityManager, claims: Pick<TokenClaims, 'sub' | 'sid'>, now: Date) => Promise<RoleName[] | null>;

export default fp<{ sessionRoles: SessionRolesLookup }>(
  async (app, { sessionRoles }) => {
    await app.register(cookie);
    await app.register(jwt, { secret: app.config.jwtSecret, sign: { algorithm: 'HS256' }, verify: { algorithms: ['HS256'] } });
    app.decorateRequest('auth', null);

    app.addHook('onRequest', async (request) => {
      const access: RouteAccess = request.routeOptions.config?.access ?? 'public';
      const header = request.headers.authorization;
      let claims: TokenClaims | null = null;
      if (header?.startsWith('Bearer ')) {
        try {
          const verified = app.jwt.verify<TokenClaims>(header.slice('Bearer '.length));
          if (verified.typ === 'access' && typeof verified.sid === 'string' && typeof verified.sub === 'string') claims = verified;
        } catch {
          claims = null;
        }
      }
      if (!claims) {
        if (access === 'public') return;
        throw new UnauthorizedError();
      }
      const em = app.orm.em;
      const userId = claims.sub;
      let roles: RoleName[] | null;
      try {
        roles = await sessionRoles(em, claims, app.clock.now());
      } catch (error) {
        // While the database is unreachable a public route serves the caller as a guest (it may need no database).
        if (access === 'public' && isDatabaseUnavailable(error)) return;
        throw error;
      }
      if (!roles) {
        if (access === 'public') return;
        throw new UnauthorizedError();
      }
      request.auth = { userId, roles, sessionId: claims.sid };
      if (access === 'admin' && !roles.includes('admin')) throw new ForbiddenError();
      if (access === 'developer' && !roles.includes('developer')) throw new ForbiddenError();
    });
  },
  { name: 'auth', dependencies: ['config', 'orm', 'clock'] },
);

/** The signed-in caller of a non-public route. @throws UnauthorizedError when absent. */
export function requireAuth(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth;
}
