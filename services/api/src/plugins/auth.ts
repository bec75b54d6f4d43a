/**
 * Authentication and route access enforcement (issue 3; storefront.md 6, admin.md 6).
 *
 * - Access tokens: short-lived JWTs (@fastify/jwt, HS256) sent as `Authorization: Bearer`.
 * - Refresh tokens: httpOnly, SameSite=Strict cookie `prata_refresh` scoped to `/api/auth`
 *   (@fastify/cookie); see modules/identity/session.service.ts.
 * - Every route declares `config.access` (plugins/access.ts). This hook runs before validation:
 *   `public` lets anyone in; `customer` needs a valid access token; `admin` / `developer` need
 *   that role, read from the database on each request (a revoked role takes effect at once).
 *   401 'Não autenticado' / 403 'Acesso negado'.
 */
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import jwt from '@fastify/jwt';
import type { RoleName } from '@prata/contracts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import { User, UserRole } from '../modules/identity/identity.entities.ts';
import type { RouteAccess } from './access.ts';

/** Claims of our JWTs: `access` tokens and short-lived `mfa` challenge tokens. */
export interface TokenClaims {
  sub: string;
  typ: 'access' | 'mfa';
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
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Name of the refresh-token cookie. */
export const REFRESH_COOKIE = 'prata_refresh';

export default fp(
  async (app) => {
    await app.register(cookie);
    await app.register(jwt, { secret: app.config.jwtSecret, sign: { algorithm: 'HS256' }, verify: { algorithms: ['HS256'] } });
    app.decorateRequest('auth', null);

    app.addHook('onRequest', async (request) => {
      const access: RouteAccess = request.routeOptions.config?.access ?? 'public';
      const header = request.headers.authorization;
      let userId: string | null = null;
      if (header?.startsWith('Bearer ')) {
        try {
          const claims = app.jwt.verify<TokenClaims>(header.slice('Bearer '.length));
          if (claims.typ === 'access') userId = claims.sub;
        } catch {
          userId = null;
        }
      }
      if (!userId) {
        if (access === 'public') return;
        throw new UnauthorizedError();
      }
      const em = app.orm.em;
      // An erased account (LGPD deletion, modules/users) keeps its row for its orders, never its access.
      const user = await em.findOne(User, { id: userId, erasedAt: null }, { fields: ['id'] });
      if (!user) {
        if (access === 'public') return;
        throw new UnauthorizedError();
      }
      const roles = (await em.find(UserRole, { user: userId }, { fields: ['role'] })).map((r) => r.role);
      request.auth = { userId, roles };
      if (access === 'admin' && !roles.includes('admin')) throw new ForbiddenError();
      if (access === 'developer' && !roles.includes('developer')) throw new ForbiddenError();
    });
  },
  { name: 'auth', dependencies: ['config', 'orm'] },
);

/** The signed-in caller of a non-public route. @throws UnauthorizedError when absent. */
export function requireAuth(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth;
}
