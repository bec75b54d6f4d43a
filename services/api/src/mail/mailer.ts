/**
 * E-mail (issue 3). Every message is first written to the `outbox_emails` table in the caller's
 * unit of work, then, after commit, handed to the configured transport:
 * - `LogTransport` (default, no `SMTP_URL`): writes the message and its link to the log, so the
 *   flows work on the embedded default and tests follow links from the outbox;
 * - `SmtpTransport` (`SMTP_URL` set): delivers through SMTP with nodemailer and logs nothing of
 *   the message. Once a message is delivered its stored body and link are cleared
 *   (`keepsDeliveredCopy: false`), so no raw one-time token stays at rest (OWASP ASVS 2.5 / 3.7:
 *   only hashes of tokens are kept; the `one_time_tokens` table holds SHA-256 digests).
 * A failed delivery is recorded on the row (`error`, `attempts`, `next_attempt_at`, body kept for
 * the retry) and never fails the request; the mail-retry job (bootstrap/scheduled-jobs.ts) calls
 * `retryDue`, which tries again with exponential backoff (base x 2^(attempt - 1)) and gives up
 * after the last attempt.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import nodemailer, { type Transporter } from 'nodemailer';
import { systemClock, type Clock } from '../lib/clock.ts';
import { OutboxEmail } from './outbox-email.entity.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The link the message carries (confirmation, recovery), also stored for tests/support. */
  link?: string;
}

/** Delivery strategy. */
export interface MailTransport {
  deliver(message: MailMessage): Promise<void>;
  /**
   * Whether the outbox row keeps the body and link after delivery. True only for the local
   * mode, where the outbox is the mailbox; false for real delivery (the copy is cleared).
   */
  readonly keepsDeliveredCopy: boolean;
}

/** What the outbox keeps of a delivered message whose copy is cleared. */
export const CLEARED_BODY = '[removed after delivery]';

export class LogTransport implements MailTransport {
  readonly keepsDeliveredCopy = true;
  private readonly log: { info(obj: object, msg: string): void };

  constructor(log: { info(obj: object, msg: string): void }) {
    this.log = log;
  }

  async deliver(message: MailMessage): Promise<void> {
    this.log.info({ to: message.to, subject: message.subject, link: message.link }, 'e-mail (no SMTP_URL: outbox and log only)');
  }
}

/**
 * `MAIL_DISABLED=true` (issue 21): nothing is sent, and nothing of the message is kept or logged
 * (the outbox row is cleared like a delivered SMTP message), so no one-time link leaks.
 */
export class DisabledTransport implements MailTransport {
  readonly keepsDeliveredCopy = false;

  async deliver(): Promise<void> {}
}

export class SmtpTransport implements MailTransport {
  readonly keepsDeliveredCopy = false;
  private readonly transporter: Transporter;
  private readonly from: string;

  constructor(smtpUrl: string, from: string) {
    this.transporter = nodemailer.createTransport(smtpUrl);
    this.from = from;
  }

  async deliver(message: MailMessage): Promise<void> {
    await this.transporter.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
  }
}

export class Mailer {
  private readonly transport: MailTransport;
  private readonly signature: string;
  private readonly retryBaseMs: number;
  private readonly clock: Clock;

  /** @param retryBaseMs wait before the first retry, ms (doubles at each further attempt). */
  constructor(transport: MailTransport, storeName: string, retryBaseMs = 60_000, clock: Clock = systemClock) {
    this.transport = transport;
    this.signature = `\n\n${storeName}`;
    this.retryBaseMs = retryBaseMs;
    this.clock = clock;
  }

  /** Records the message in `em` (flushed with the caller's changes). Call `dispatch` after commit. */
  queue(em: EntityManager, message: MailMessage): OutboxEmail {
    return em.create(OutboxEmail, {
      to: message.to,
      subject: message.subject,
      text: message.text + this.signature,
      link: message.link ?? null,
    });
  }

  /**
   * Delivers queued (already committed) messages; records success (clearing the stored copy
   * unless the transport keeps it) or the error.
   */
  async dispatch(em: EntityManager, emails: OutboxEmail[]): Promise<void> {
    const now = this.clock.now();
    for (const email of emails) await this.attempt(email, now);
    await em.flush();
  }

  /**
   * Retries the unsent e-mails whose next attempt is due at `now`. An e-mail failing its
   * `maxAttempts`-th attempt is given up (`failed_at`) and passed to `onGiveUp`. Returns how many
   * were attempted.
   */
  async retryDue(em: EntityManager, now: Date, maxAttempts: number, onGiveUp: (email: OutboxEmail) => Promise<void>): Promise<number> {
    const due = await em.find(OutboxEmail, { sentAt: null, failedAt: null, nextAttemptAt: { $lte: now } }, { orderBy: { nextAttemptAt: 'asc' }, limit: 50 });
    for (const email of due) {
      await this.attempt(email, now);
      if (!email.sentAt && email.attempts >= maxAttempts) {
        email.nextAttemptAt = null;
        email.failedAt = now;
      }
    }
    await em.flush();
    for (const email of due.filter((e) => e.failedAt)) await onGiveUp(email);
    return due.length;
  }

  private async attempt(email: OutboxEmail, now: Date): Promise<void> {
    email.attempts += 1;
    try {
      await this.transport.deliver({ to: email.to, subject: email.subject, text: email.text, ...(email.link ? { link: email.link } : {}) });
      email.sentAt = now;
      email.nextAttemptAt = null;
      email.error = null;
      if (!this.transport.keepsDeliveredCopy) {
        email.text = CLEARED_BODY;
        email.link = null;
      }
    } catch (error) {
      email.error = String(error);
      email.nextAttemptAt = new Date(now.getTime() + this.retryBaseMs * 2 ** (email.attempts - 1));
    }
  }
}
