/**
 * E-mail. Every message is first written to the `outbox_emails` table in the caller's
 * unit of work, then, after commit, handed to the configured transport:
 * - `LogTransport` (default, no `SMTP_URL`): writes the message and its link to the log, so the
 *   flows work on the embedded default and tests follow links from the outbox;
 * - `SmtpTransport` (`SMTP_URL` set): delivers through SMTP with nodemailer and logs nothing of
 *   the message. Once a message is delivered its stored body and link are cleared
 *   (`keepsDeliveredCopy: false`), so no raw one-time token stays at rest (OWASP ASVS 2.5 / 3.7:
 *   only hashes of tokens are kept; the `one_time_tokens` table holds SHA-256 digests).
 * A failed delivery is recorded on the row (`error`, `attempts`, body kept for the retry) and
 * never fails the request; it is handed to the {@link MailRetries} (one retry mechanism,
 * the pg-boss job queue: mail/mail-retries.ts), whose job calls `deliverStored` until the
 * message is delivered or the last attempt failed.
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
  /**
   * A one-click unsubscribe URL (RFC 8058) for messages sent because the recipient asked for them
   * (back-in-stock): SMTP delivery adds `List-Unsubscribe: <url>` (RFC 2369) and
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, so the mail client offers the way out and
   * POSTs the URL.
   */
  unsubscribeUrl?: string;
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
 * `MAIL_DISABLED=true`: nothing is sent, and nothing of the message is kept or logged
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
    await this.transporter.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.unsubscribeUrl ? { list: { unsubscribe: message.unsubscribeUrl }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
    });
  }
}

/** Where messages whose delivery failed are retried (the job queue; set by mail/mail-retries.ts, which bootstrap/background-work.ts calls). */
export interface MailRetries {
  /** Schedules the retries of the stored message `emailId` (already committed, attempt 1 failed). */
  enqueue(emailId: string): Promise<void>;
}

/** What {@link Mailer.deliverStored} did with a stored message. */
export type StoredDelivery = 'sent' | 'already_done' | 'missing';

export class Mailer {
  private readonly transport: MailTransport;
  private readonly signature: string;
  private readonly clock: Clock;
  private retries: MailRetries | null = null;

  constructor(transport: MailTransport, storeName: string, clock: Clock = systemClock) {
    this.transport = transport;
    this.signature = `\n\n${storeName}`;
    this.clock = clock;
  }

  /** Sets where failed deliveries are retried; without it a failed message is only recorded. */
  setRetries(retries: MailRetries): void {
    this.retries = retries;
  }

  /** Records the message in `em` (flushed with the caller's changes). Call `dispatch` after commit. */
  queue(em: EntityManager, message: MailMessage): OutboxEmail {
    return em.create(OutboxEmail, {
      to: message.to,
      subject: message.subject,
      text: message.text + this.signature,
      link: message.link ?? null,
      unsubscribeUrl: message.unsubscribeUrl ?? null,
    });
  }

  /**
   * A new outbox row with the stored message of `email` as it is (signature included), for an
   * admin's resend of a failed e-mail; flushed with the caller's changes, then `dispatch`.
   */
  queueCopy(em: EntityManager, email: OutboxEmail): OutboxEmail {
    return em.create(OutboxEmail, { to: email.to, subject: email.subject, text: email.text, link: email.link, unsubscribeUrl: email.unsubscribeUrl });
  }

  /**
   * Delivers queued (already committed) messages; records success (clearing the stored copy
   * unless the transport keeps it) or the error, and hands each failed one to the retries.
   * Never throws for a failed delivery.
   */
  async dispatch(em: EntityManager, emails: OutboxEmail[]): Promise<void> {
    const now = this.clock.now();
    for (const email of emails) await this.attempt(email, now);
    await em.flush();
    // The rows may belong to another EntityManager than `em` (a workflow's transaction queued them
    // and merged them into its caller's), which `em.flush()` does not write: write each outcome by id.
    for (const { id, attempts, sentAt, error, text, link, unsubscribeUrl } of emails) {
      await em.nativeUpdate(OutboxEmail, { id }, { attempts, sentAt, error, text, link, unsubscribeUrl });
    }
    for (const email of emails.filter((e) => !e.sentAt)) await this.retries?.enqueue(email.id);
  }

  /**
   * One more attempt at the stored message `emailId` (the retry job): 'sent' when delivered now,
   * 'already_done' when it was sent or given up before, 'missing' when the row is gone (erased).
   * @throws Error with the transport's error when this attempt failed (the job queue retries it).
   */
  async deliverStored(em: EntityManager, emailId: string): Promise<StoredDelivery> {
    const email = await em.findOne(OutboxEmail, { id: emailId });
    if (!email) return 'missing';
    if (email.sentAt || email.failedAt) return 'already_done';
    await this.attempt(email, this.clock.now());
    await em.flush();
    if (!email.sentAt) throw new Error(`e-mail ${emailId} not delivered (attempt ${email.attempts}): ${email.error ?? 'unknown error'}`);
    return 'sent';
  }

  /**
   * Records that the last attempt at `emailId` failed (`failed_at`); returns the row for the
   * system error report, or null when it was delivered or is gone.
   */
  async giveUp(em: EntityManager, emailId: string): Promise<OutboxEmail | null> {
    const email = await em.findOne(OutboxEmail, { id: emailId, sentAt: null });
    if (!email) return null;
    email.failedAt ??= this.clock.now();
    await em.flush();
    return email;
  }

  private async attempt(email: OutboxEmail, now: Date): Promise<void> {
    email.attempts += 1;
    try {
      await this.transport.deliver({
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.link ? { link: email.link } : {}),
        ...(email.unsubscribeUrl ? { unsubscribeUrl: email.unsubscribeUrl } : {}),
      });
      email.sentAt = now;
      email.error = null;
      if (!this.transport.keepsDeliveredCopy) {
        email.text = CLEARED_BODY;
        email.link = null;
        email.unsubscribeUrl = null;
      }
    } catch (error) {
      email.error = String(error).slice(0, 2000);
    }
  }
}
