/**
 * What an erased account leaves in the error reports (LGPD, Lei 13.709/2018 art. 18, VI; security
 * review 2026-11-29 #16): the events it reported keep their message, stack and frames (what the
 * developers fix the bug from, with nothing of the person) and lose the breadcrumbs (the pages,
 * clicks and requests of its session), the page URL and the user agent; its row in
 * `system_error_users` goes (the issue's `users_affected` count stays, it names nobody); the
 * replays of those events go (a recording of the person's screen), and so does the feedback the
 * account sent signed in (its text, e-mail and screenshot).
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
  await connection.execute('delete from system_error_replays where event_id in (select id from system_error_events where user_key = ?)', [key], 'run', context);
  await connection.execute('delete from shopper_feedback where user_key = ?', [key], 'run', context);
  const cleared = await connection.execute<{ affectedRows?: number }>(
    `update system_error_events set breadcrumbs = '[]'::jsonb, page_url = null, user_agent = null, user_key = null, session_key = null where user_key = ?`,
    [key],
    'run',
    context,
  );
  await connection.execute('delete from system_error_users where user_key = ?', [key], 'run', context);
  return cleared.affectedRows ?? 0;
}
