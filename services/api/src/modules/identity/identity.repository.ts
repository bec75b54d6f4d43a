/**
 * Identity queries and one-time tokens shared by the identity services.
 * All functions take the caller's EntityManager (request context or transaction).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RoleName, SessionUserDto } from '@prata/contracts';
import { ValidationError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { OneTimeToken, Profile, User, UserRole, type OneTimeTokenPurpose } from './identity.entities.ts';

export function findUserByEmail(em: EntityManager, email: string): Promise<User | null> {
  return em.findOne(User, { email: email.trim().toLowerCase() });
}

export async function rolesOf(em: EntityManager, userId: string): Promise<RoleName[]> {
  const rows = await em.find(UserRole, { user: userId }, { orderBy: { role: 'asc' } });
  return rows.map((row) => row.role);
}

export function profileOf(em: EntityManager, userId: string): Promise<Profile | null> {
  return em.findOne(Profile, { user: userId });
}

export function sessionUser(user: User, profile: Profile): SessionUserDto {
  return { id: user.id, email: user.email, fullName: profile.fullName };
}

/** Creates a single-use token for `purpose`, valid for `ttlMs`; returns the raw token (for the link). */
export function issueOneTimeToken(
  em: EntityManager,
  clock: Clock,
  user: User,
  purpose: OneTimeTokenPurpose,
  ttlMs: number,
  payload: Record<string, string> | null = null,
): string {
  const raw = randomToken();
  em.create(OneTimeToken, {
    user,
    purpose,
    tokenHash: sha256Hex(raw),
    payload,
    expiresAt: new Date(clock.now().getTime() + ttlMs),
  });
  return raw;
}

/**
 * Consumes a single-use token atomically (a concurrent second use fails).
 * @throws ValidationError 'Link inválido ou expirado' when unknown, used, expired or of another purpose.
 */
export async function consumeOneTimeToken(
  em: EntityManager,
  clock: Clock,
  raw: string,
  purpose: OneTimeTokenPurpose,
): Promise<OneTimeToken> {
  const now = clock.now();
  const updated = (await em
    .createQueryBuilder(OneTimeToken)
    .update({ usedAt: now })
    .where({ tokenHash: sha256Hex(raw), purpose, usedAt: null, expiresAt: { $gt: now } })
    .execute('run')).affectedRows;
  if (updated !== 1) throw new ValidationError('Link inválido ou expirado. Solicite um novo.', undefined, 'invalid_token');
  return em.findOneOrFail(OneTimeToken, { tokenHash: sha256Hex(raw) }, { populate: ['user'], refresh: true });
}
