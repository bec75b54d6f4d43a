/**
 * Mail plugin: decorates `app.mailer`; SMTP when `SMTP_URL` is set, else outbox + log (the local
 * mail mode, announced with a warning at start because the log then carries one-time links).
 */
import fp from 'fastify-plugin';
import { LogTransport, Mailer, SmtpTransport } from '../modules/mail/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp(
  async (app) => {
    const transport = app.config.smtpUrl ? new SmtpTransport(app.config.smtpUrl, app.config.mailFrom) : new LogTransport(app.log);
    if (!app.config.smtpUrl) {
      app.log.warn(
        'SMTP_URL is not set: local mail mode. E-mails, with their one-time links (sign-up confirmation, password reset, ' +
          'e-mail change), are printed to this log and kept in outbox_emails. Set SMTP_URL in production.',
      );
    }
    app.decorate('mailer', new Mailer(transport, app.config.storeName, app.config.mailRetryIntervalMs, app.clock));
  },
  { name: 'mail', dependencies: ['config', 'clock'] },
);
