/** Mail plugin: decorates `app.mailer`; SMTP when `SMTP_URL` is set, else outbox + log. */
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
    app.decorate('mailer', new Mailer(transport, app.config.storeName, app.config.mailRetryIntervalMs, app.clock));
  },
  { name: 'mail', dependencies: ['config', 'clock'] },
);
