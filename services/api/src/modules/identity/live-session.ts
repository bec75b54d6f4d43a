/**
 * Whether an access token's session is alive, and the roles of its user: the
 * lookup the auth plugin (plugins/auth.ts) is given by the app, and the websocket handshake and
 * the system status use. Identity owns it because it reads identity's tables.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RoleName } from '@prata/contracts';
import type { TokenClaims } from '../../plugins/auth.ts';
import { RefreshToken, UserRole } from './identity.entities.ts';

/**
 * The roles of the caller of verified access-token `claims` while its session is alive (its
 * refresh-token family holds an unrevoked, unexpired token of that user), else null: a revoked
 * session ends every access token it issued at once, not when the token expires. Used by the
 * route hook and the websocket handshake.
 */
export async function liveSessionRoles(em: EntityManager, claims: Pick<TokenClaims, 'sub' | 'sid'>, now: Date): Promise<RoleName[] | null> {
  const alive = await em.findOne(RefreshToken, { familyId: claims.sid, user: claims.sub, revokedAt: null, expiresAt: { $gt: now } }, { fields: ['id'] });
  if (!alive) return null;
  return (await em.find(UserRole, { user: claims.sub }, { fields: ['role'] })).map((r) => r.role);
}
