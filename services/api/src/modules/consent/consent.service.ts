/**
 * The consent log (LGPD art. 8 §2, ANPD cookie guide): records each cookie choice with the
 * service's time, and gives a signed-in customer's choices to the LGPD export.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ConsentChoice, ConsentRecord as ConsentRecordDto } from '@prata/contracts';
import { ConsentRecord } from './consent-record.entity.ts';

/**
 * The hex SHA-256 the log keeps for a browser: of its `prata_client` id when it sent one (the id
 * the canaries use, itself set only with analytics consent), else of its address key (the /64 of
 * an IPv6 address) and user agent. Proves which browser chose without keeping either in clear.
 */
export function subjectHash(key: { clientId?: string | null | undefined; address: string; userAgent?: string | undefined }): string {
  const source = key.clientId ? `client:${key.clientId}` : `address:${key.address}\u0000${key.userAgent ?? ''}`;
  return createHash('sha256').update(`consent:${source}`).digest('hex');
}

/** Records `choice` made now by the browser `subject` (a {@link subjectHash}), signed in as `userId` or anonymous. */
export async function recordConsent(em: EntityManager, input: { choice: ConsentChoice; subject: string; userId: string | null; now: Date }): Promise<ConsentRecordDto> {
  const row = em.create(ConsentRecord, { id: randomUUID(), decidedAt: input.now, analytics: input.choice.analytics, marketing: input.choice.marketing, subjectHash: input.subject, userId: input.userId });
  await em.persist(row).flush();
  return toDto(row);
}

/** The choices `userId` made while signed in, oldest first (the LGPD export's `consents`). */
export async function consentsOf(em: EntityManager, userId: string): Promise<ConsentRecordDto[]> {
  const rows = await em.find(ConsentRecord, { userId }, { orderBy: { decidedAt: 'asc', id: 'asc' } });
  return rows.map(toDto);
}

const toDto = (row: ConsentRecord): ConsentRecordDto => ({ analytics: row.analytics, marketing: row.marketing, decidedAt: row.decidedAt.toISOString() });
