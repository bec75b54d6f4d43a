/**
 * Sessions (issue 3): a short-lived JWT access token plus a rotating refresh token kept in an
 * httpOnly cookie and stored hashed. Each refresh replaces the token; presenting a replaced or
 * revoked token again is treated as theft and revokes its whole family. Sign-out revokes.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { Session } from '@prata/contracts';
import { ForbiddenError, UnauthorizedError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { audit, type RequestMeta } from '../audit/audit.service.ts';
import { RefreshToken, type User } from './identity.entities.ts';
import { profileOf, rolesOf, sessionUser } from './identity.repository.ts';

export interface SessionDeps {
  clock: Clock;
  /** Signs an access token for `userId` valid for `accessTokenTtlMs`. */
  signAccessToken(userId: string): string;
  accessTokenTtlMs: number;
  refreshTokenTtlMs: number;
}

/** A new session: the API body and the raw refresh token for the cookie. */
export interface IssuedSession {
  session: Session;
  refreshToken: string;
}

export const PROFILE_MISSING_MESSAGE = 'Para continuar, crie uma nova conta ou faça login com uma conta registrada.';

export class SessionService {
  private readonly deps: SessionDeps;

  constructor(deps: SessionDeps) {
    this.deps = deps;
  }

  /**
   * Opens a session for `user` (a new refresh-token family unless `familyId` is given).
   * @throws ForbiddenError 'profile_missing' when the user has no profile (storefront.md 4).
   */
  async issue(em: EntityManager, user: User, meta: RequestMeta, familyId: string = randomUUID()): Promise<IssuedSession & { token: RefreshToken }> {
    const profile = await profileOf(em, user.id);
    if (!profile) throw new ForbiddenError(PROFILE_MISSING_MESSAGE, 'profile_missing');
    const raw = randomToken();
    const now = this.deps.clock.now();
    const token = em.create(RefreshToken, {
      user,
      familyId,
      tokenHash: sha256Hex(raw),
      expiresAt: new Date(now.getTime() + this.deps.refreshTokenTtlMs),
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      ipAddress: meta.ip?.slice(0, 64) ?? null,
    });
    return {
      token,
      refreshToken: raw,
      session: {
        accessToken: this.deps.signAccessToken(user.id),
        expiresInMs: this.deps.accessTokenTtlMs,
        user: sessionUser(user, profile),
        roles: await rolesOf(em, user.id),
      },
    };
  }

  /**
   * Rotates a refresh token. @throws UnauthorizedError when unknown or expired; when it was
   * already rotated or revoked, the whole family is revoked first (reuse detection).
   */
  async rotate(em: EntityManager, raw: string | undefined, meta: RequestMeta): Promise<IssuedSession> {
    if (!raw) throw new UnauthorizedError('Sessão expirada. Entre novamente.', 'session_expired');
    const now = this.deps.clock.now();
    const current = await em.findOne(RefreshToken, { tokenHash: sha256Hex(raw) }, { populate: ['user'] });
    if (!current) throw new UnauthorizedError('Sessão expirada. Entre novamente.', 'session_expired');
    if (current.revokedAt || current.replacedById) {
      await this.revokeFamily(em, current.familyId);
      audit(em, { userId: current.user.id, action: 'refresh_token_reuse', details: { familyId: current.familyId }, meta });
      await em.flush();
      throw new UnauthorizedError('Sessão expirada. Entre novamente.', 'session_revoked');
    }
    if (current.expiresAt <= now) throw new UnauthorizedError('Sessão expirada. Entre novamente.', 'session_expired');
    // Conditional update: of two concurrent rotations of the same token, one wins.
    const claimed = (await em
      .createQueryBuilder(RefreshToken)
      .update({ revokedAt: now })
      .where({ id: current.id, revokedAt: null, replacedById: null })
      .execute('run')).affectedRows;
    if (claimed !== 1) {
      await this.revokeFamily(em, current.familyId);
      throw new UnauthorizedError('Sessão expirada. Entre novamente.', 'session_revoked');
    }
    const next = await this.issue(em, current.user, meta, current.familyId);
    await em.flush();
    await em.createQueryBuilder(RefreshToken).update({ replacedById: next.token.id }).where({ id: current.id }).execute();
    return { session: next.session, refreshToken: next.refreshToken };
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
    await em.createQueryBuilder(RefreshToken).update({ revokedAt: this.deps.clock.now() }).where({ user: userId, revokedAt: null }).execute();
  }

  private async revokeFamily(em: EntityManager, familyId: string): Promise<void> {
    await em.createQueryBuilder(RefreshToken).update({ revokedAt: this.deps.clock.now() }).where({ familyId, revokedAt: null }).execute();
  }
}
