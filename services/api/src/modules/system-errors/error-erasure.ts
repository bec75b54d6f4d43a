/**
 * What an erased account leaves in the error reports (LGPD, Lei 13.709/2018 art. 18, VI; security
 * review 2026-11-29 #16): the events it reported keep their message, stack and frames (what the
 * developers fix the bug from, with nothing of the person) and lose the breadcrumbs (the pages,
 * clicks and requests of its session), the page URL and the user agent; its row in
 * `system_error_users` goes (the issue's `users_affected` count stays, it names nobody).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { userKeyOf } from './error-intake.ts';

/**
 * Erases the traces of `userId` from the stored error events, inside the caller's transaction
 * (`tx`). @returns how many events were cleared.
 */
export async function eraseErrorTraces(tx: EntityManager, userId: string): Promise<number> {
  const connection = tx.getConnection();
  const context = tx.getTransactionContext();
  const key = userKeyOf(userId);
  const cleared = await connection.execute<{ affectedRows?: number }>(
    `update system_error_events set breadcrumbs = '[]'::jsonb, page_url = null, user_agent = null, user_key = null where user_key = ?`,
    [key],
    'run',
    context,
  );
  await connection.execute('delete from system_error_users where user_key = ?', [key], 'run', context);
  return cleared.affectedRows ?? 0;
}
