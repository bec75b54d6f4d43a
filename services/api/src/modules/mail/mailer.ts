/**
 * E-mail (issue 3). Every message is first written to the `outbox_emails` table in the caller's
 * unit of work, then, after commit, handed to the configured transport:
 * - `LogTransport` (default, no `SMTP_URL`): writes the message and its link to the log, so the
 *   flows work on the embedded default and tests follow links from the outbox;
 * - `SmtpTransport` (`SMTP_URL` set): delivers through SMTP with nodemailer and logs nothing of
 *   the message. Once a message is delivered its stored body and link are cleared
 *   (`keepsDeliveredCopy: false`), so no raw one-time token stays at rest (OWASP ASVS 2.5 / 3.7:
 *   only hashes of tokens are kept; the `one_time_tokens` table holds SHA-256 digests).
 * A failed delivery is recorded on the row (`error`, body kept for a retry) and never fails the request.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import nodemailer, { type Transporter } from 'nodemailer';
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

  constructor(transport: MailTransport, storeName: string) {
    this.transport = transport;
    this.signature = `\n\n${storeName}`;
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
    for (const email of emails) {
      try {
        await this.transport.deliver({ to: email.to, subject: email.subject, text: email.text, ...(email.link ? { link: email.link } : {}) });
        email.sentAt = new Date();
        if (!this.transport.keepsDeliveredCopy) {
          email.text = CLEARED_BODY;
          email.link = null;
        }
      } catch (error) {
        email.error = String(error);
      }
    }
    await em.flush();
  }
}
