/**
 * Sessions: a short-lived JWT access token plus a rotating refresh token
 * kept in an httpOnly cookie and stored hashed. Each refresh replaces the token; presenting a
 * replaced or revoked token again is treated as theft and revokes its whole family. Sign-out
 * revokes.
 *
 * Reuse interval (after Auth0's "reuse interval" and Okta's grace period): a token replaced less
 * than {@link REFRESH_REUSE_GRACE_MS} ago, in a family still alive, is answered with one more
 * token of its family instead of a revocation. A refresh whose answer never reached the browser
 * (the page reloaded or the phone lost its connection mid-request) and two tabs refreshing at
 * once would otherwise sign the shopper out as if the token had been stolen.
 *
 * A session is one refresh-token family; its id travels in the access token (`sid`), and the
 * auth hook accepts an access token only while its family is alive, so revoking a session ends
 * its access tokens at once. The lifetime is absolute: every token of a family expires when the
 * first did (`refreshTokenTtlMs` from sign-in), however often it is refreshed (OWASP ASVS 3.3.2).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { Session } from '@prata/contracts';
import { ForbiddenError, UnauthorizedError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { audit, type RequestMeta } from '../audit/index.ts';
import { RefreshToken, type User } from './identity.entities.ts';
import { profileOf, rolesOf, sessionUser } from './identity.repository.ts';

export interface SessionDeps {
  clock: Clock;
  /** Signs an access token for `userId` in session `sessionId`, valid for `accessTokenTtlMs`. */
  signAccessToken(userId: string, sessionId: string): string;
  accessTokenTtlMs: number;
  refreshTokenTtlMs: number;
}

/** A new session: the API body, the raw refresh token for the cookie and when it expires. */
export interface IssuedSession {
  session: Session;
  refreshToken: string;
  /** End of the session's absolute lifetime (the cookie's expiry). */
  refreshExpiresAt: Date;
}

/** How long a replaced refresh token may still be presented without counting as reuse, ms. */
export const REFRESH_REUSE_GRACE_MS = 20_000;

export const PROFILE_MISSING_MESSAGE = 'Para continuar, crie uma nova conta ou faça login com uma conta registrada.';

export class SessionService {
  private readonly deps: SessionDeps;

  constructor(deps: SessionDeps) {
    this.deps = deps;
  }

  /**
   * Opens a session for `user`: a new refresh-token family expiring `refreshTokenTtlMs` from now,
   * or, on rotation, the next token of `family` with the family's own expiry.
   * @throws ForbiddenError 'profile_missing' when the user has no profile (storefront.md 4).
   */
  async issue(
    em: EntityManager,
    user: User,
    meta: RequestMeta,
    family?: { id: string; expiresAt: Date },
  ): Promise<IssuedSession & { token: RefreshToken }> {
    const profile = await profileOf(em, user.id);
    if (!profile) throw new ForbiddenError(PROFILE_MISSING_MESSAGE, 'profile_missing');
    const raw = randomToken();
    const now = this.deps.clock.now();
    const familyId = family?.id ?? randomUUID();
    const token = em.create(RefreshToken, {
      user,
      familyId,
      tokenHash: sha256Hex(raw),
      expiresAt: family?.expiresAt ?? new Date(now.getTime() + this.deps.refreshTokenTtlMs),
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      ipAddress: meta.ip?.slice(0, 64) ?? null,
    });
    return {
      token,
      refreshToken: raw,
      refreshExpiresAt: token.expiresAt,
      session: {
        accessToken: this.deps.signAccessToken(user.id, familyId),
        expiresInMs: this.deps.accessTokenTtlMs,
        user: sessionUser(user, profile),
        roles: await rolesOf(em, user.id),
      },
    };
  }

  /**
   * Rotates a refresh token. @throws UnauthorizedError when unknown or expired; when it was
   * revoked, or rotated more than REFRESH_REUSE_GRACE_MS ago, the whole family is revoked first
   * (reuse detection). A token rotated within the grace period gets one more token of its family.
   */
  async rotate(em: EntityManager, raw: string | undefined, meta: RequestMeta): Promise<IssuedSession> {
    if (!raw) throw new UnauthorizedError('Sessão expirada. Entre novamente.', 'session_expired');
    const now = this.deps.clock.now();
    const current = await em.findOne(RefreshToken, { tokenHash: sha256Hex(raw) }, { populate: ['user'] });
    if (!current) throw new UnauthorizedError('Sessão expirada. Entre novamente.', 'session_expired');
    if (current.replacedById && (await this.withinGrace(em, current, now))) return this.sibling(em, current, meta);
    if (current.revokedAt || current.replacedById) {
      await this.revokeFamily(em, current.familyId);
      audit(em, { userId: current.user.id, action: 'refresh_token_reuse', details: { familyId: current.familyId }, meta });
      await em.flush();
      throw new UnauthorizedError('Sessão expirada. Entre novamente.', 'session_revoked');
    }
    if (current.expiresAt <= now) throw new UnauthorizedError('Sessão expirada. Entre novamente.', 'session_expired');
    // One transaction: the old token's revocation and its successor commit together, so the
    // session never looks dead to a concurrent request. Of two concurrent rotations, one wins.
    const next = await em.transactional(async (tx) => {
      const claimed = (await tx
        .createQueryBuilder(RefreshToken)
        .update({ revokedAt: now })
        .where({ id: current.id, revokedAt: null, replacedById: null })
        .execute('run')).affectedRows;
      if (claimed !== 1) return null;
      const issued = await this.issue(tx, current.user, meta, { id: current.familyId, expiresAt: current.expiresAt });
      await tx.flush();
      await tx.createQueryBuilder(RefreshToken).update({ replacedById: issued.token.id }).where({ id: current.id }).execute();
      return issued;
    });
    if (!next) {
      // A concurrent refresh of the same token won just now (two tabs, a retried request).
      const fresh = await em.fork().findOne(RefreshToken, { id: current.id });
      if (fresh?.replacedById && (await this.withinGrace(em, fresh, now))) return this.sibling(em, fresh, meta);
      await this.revokeFamily(em, current.familyId);
      throw new UnauthorizedError('Sessão expirada. Entre novamente.', 'session_revoked');
    }
    return { session: next.session, refreshToken: next.refreshToken, refreshExpiresAt: next.refreshExpiresAt };
  }

  /** Whether `token` was replaced less than REFRESH_REUSE_GRACE_MS ago and its family still has a live token. */
  private async withinGrace(em: EntityManager, token: RefreshToken, now: Date): Promise<boolean> {
    if (!token.revokedAt || now.getTime() - token.revokedAt.getTime() > REFRESH_REUSE_GRACE_MS || token.expiresAt <= now) return false;
    return (await em.fork().count(RefreshToken, { familyId: token.familyId, revokedAt: null, expiresAt: { $gt: now } })) > 0;
  }

  /** One more token of `token`'s family (the reuse interval); the family's other tokens stay valid. */
  private async sibling(em: EntityManager, token: RefreshToken, meta: RequestMeta): Promise<IssuedSession> {
    const issued = await em.transactional(async (tx) => {
      const owner = await tx.findOneOrFail(RefreshToken, { id: token.id }, { populate: ['user'] });
      const next = await this.issue(tx, owner.user, meta, { id: token.familyId, expiresAt: token.expiresAt });
      await tx.flush();
      return next;
    });
    return { session: issued.session, refreshToken: issued.refreshToken, refreshExpiresAt: issued.refreshExpiresAt };
  }

  /** The family `raw` belongs to (the caller's session), or null when unknown. */
  async familyOf(em: EntityManager, raw: string | undefined): Promise<string | null> {
    if (!raw) return null;
    const token = await em.findOne(RefreshToken, { tokenHash: sha256Hex(raw) }, { fields: ['familyId'] });
    return token?.familyId ?? null;
  }

  /** Revokes the family of a refresh token (sign-out). Unknown tokens are ignored. */
  async revoke(em: EntityManager, raw: string | undefined): Promise<string | null> {
    if (!raw) return null;
    const token = await em.findOne(RefreshToken, { tokenHash: sha256Hex(raw) }, { populate: ['user'] });
    if (!token) return null;
    await this.revokeFamily(em, token.familyId);
    return token.user.id;
  }

  /** Revokes every session of a user (password reset). */
  async revokeAllForUser(em: EntityManager, userId: string): Promise<void> {
    await this.revokeOtherSessions(em, userId, null);
  }

  /**
   * Revokes every session of `userId` except `keepSessionId` (the caller's own, null for none),
   * after a credential change. Returns how many tokens were revoked.
   */
  async revokeOtherSessions(em: EntityManager, userId: string, keepSessionId: string | null): Promise<number> {
    const where = keepSessionId ? { user: userId, revokedAt: null, familyId: { $ne: keepSessionId } } : { user: userId, revokedAt: null };
    return (await em.createQueryBuilder(RefreshToken).update({ revokedAt: this.deps.clock.now() }).where(where).execute('run')).affectedRows;
  }

  private async revokeFamily(em: EntityManager, familyId: string): Promise<void> {
    await em.createQueryBuilder(RefreshToken).update({ revokedAt: this.deps.clock.now() }).where({ familyId, revokedAt: null }).execute();
  }
}
