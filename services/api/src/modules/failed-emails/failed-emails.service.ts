/**
 * Failed e-mails, which the admin sees and can resend. An e-mail has
 * failed when its last allowed delivery attempt failed (`outbox_emails.failed_at`, set by the
 * mail retries: mail/mail-retries.ts); it keeps its body for that reason (only delivered copies
 * are cleared). A resend, in one transaction, writes a copy of the stored message as a new outbox
 * row, deletes the failed row and records `email_resent` in the activity log; after commit the
 * copy is dispatched, and on failure it is retried on the job queue like any new message (and
 * listed here again if every attempt fails). One-time links in the copy are the original ones:
 * a link that expired meanwhile stays expired (a shopper asks for a new confirmation or recovery).
 */
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { FailedEmailPage } from '@prata/contracts';
import { NotFoundError } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { OutboxEmail } from '../../mail/outbox-email.entity.ts';
import { audit, type RequestMeta } from '../audit/index.ts';

/** Rows listed at most (newest first). */
export const FAILED_EMAILS_MAX = 100;

export class FailedEmailsService {
  private readonly mailer: Mailer;

  constructor(mailer: Mailer) {
    this.mailer = mailer;
  }

  /** The newest {@link FAILED_EMAILS_MAX} failed e-mails and how many there are in all. */
  async list(em: EntityManager): Promise<FailedEmailPage> {
    const [rows, total] = await em.findAndCount(OutboxEmail, { failedAt: { $ne: null } }, { orderBy: { failedAt: 'desc', id: 'asc' }, limit: FAILED_EMAILS_MAX });
    return {
      rows: rows.map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        error: row.error ?? null,
        attempts: row.attempts,
        createdAt: row.createdAt.toISOString(),
        failedAt: row.failedAt!.toISOString(),
      })),
      total,
    };
  }

  /**
   * Sends the failed e-mail `id` again as a new message (see the module doc), by the admin `adminId`.
   * @throws NotFoundError when `id` is not a failed e-mail (unknown, delivered, or resent already).
   */
  async resend(em: EntityManager, id: string, adminId: string, meta: RequestMeta): Promise<void> {
    let copy: OutboxEmail | undefined;
    await em.transactional(async (tx) => {
      const failed = await tx.findOne(OutboxEmail, { id, failedAt: { $ne: null } }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!failed) throw new NotFoundError('E-mail com falha não encontrado (talvez já tenha sido reenviado).', 'email_not_found');
      copy = this.mailer.queueCopy(tx, failed);
      tx.remove(failed);
      audit(tx, { userId: adminId, action: 'email_resent', details: { subject: failed.subject, to: failed.to, failedEmailId: failed.id, attempts: failed.attempts }, meta });
    });
    await this.mailer.dispatch(em, copy ? [copy] : []);
  }
}
