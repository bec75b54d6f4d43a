/**
 * `AccountAccessChanged`: published when an account's access
 * shrinks (sign-out, a staff role revoked, the account erased), so every service process re-checks
 * that account's open websockets at once instead of when their token expires (up to 15 minutes):
 * a socket whose session is gone is closed (4001), one that lost a role leaves the channels the
 * role opened (realtime-hub.ts `recheckUser`). No client channel carries the event itself.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { ACCOUNT_ACCESS_CHANGED } from '@prata/contracts';
import type { EventBus } from './event-bus.ts';


/** Records and publishes the event for `userId` (its own small transaction, after the change committed). */
export async function announceAccessChange(events: EventBus, em: EntityManager, userId: string): Promise<void> {
  const fork = em.fork();
  const records = await fork.transactional(async (tx) => [events.record(tx, { type: ACCOUNT_ACCESS_CHANGED, aggregateId: userId, payload: {} })]);
  await events.publish(fork, records);
}
