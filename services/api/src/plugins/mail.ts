/**
 * Mail plugin: decorates `app.mailer`; SMTP when `SMTP_URL` is set; nothing at all with
 * `MAIL_DISABLED=true` (no message sent, kept or logged); else outbox + log (the local mail mode,
 * announced with a warning at start because the log then carries one-time links; refused in
 * production by the configuration).
 */
import fp from 'fastify-plugin';
import { DisabledTransport, LogTransport, Mailer, SmtpTransport, type MailTransport } from '../mail/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp(
  async (app) => {
    const transport: MailTransport = app.config.smtpUrl
      ? new SmtpTransport(app.config.smtpUrl, app.config.mailFrom)
      : app.config.mailDisabled
        ? new DisabledTransport()
        : new LogTransport(app.log);
    if (!app.config.smtpUrl && app.config.mailDisabled) {
      app.log.warn('MAIL_DISABLED=true: no e-mail is sent (sign-up confirmation, password reset and e-mail change do not work).');
    } else if (!app.config.smtpUrl) {
      app.log.warn(
        'SMTP_URL is not set: local mail mode. E-mails, with their one-time links (sign-up confirmation, password reset, ' +
          'e-mail change), are printed to this log and kept in outbox_emails. Set SMTP_URL in production.',
      );
    }
    app.decorate('mailer', new Mailer(transport, app.config.storeName, app.clock));
  },
  { name: 'mail', dependencies: ['config', 'clock'] },
);
