/**
 * A real SMTP server on 127.0.0.1 (smtp-server, no TLS, no auth) for the tests of SMTP delivery:
 * the service's nodemailer transport talks to it as to any relay. It keeps the raw data (headers
 * and body, RFC 5322) of each message it accepts; `refuse` may answer an attempt with an SMTP error
 * instead (e.g. 451, try again later; 550, mailbox unavailable), or `'hold'` it: never answer, as a
 * relay that hangs (the sender waits until its own timeout, or until it dies).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpDouble {
  /** `smtp://127.0.0.1:<port>`, for `SMTP_URL`. */
  url: string;
  /** The raw messages accepted, in order. */
  received: string[];
  /** Messages offered so far, accepted or refused. */
  tries(): number;
  close(): Promise<void>;
}

/**
 * Starts the double. `refuse(attempt)` (1-based count of messages offered) returns the error to
 * answer that message with, `'hold'` to leave it unanswered (not accepted), or null to accept it.
 */
export async function startSmtpDouble(refuse: (attempt: number) => { code: number; message: string } | 'hold' | null = () => null): Promise<SmtpDouble> {
  let tries = 0;
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        tries += 1;
        const refusal = refuse(tries);
        if (refusal === 'hold') return;
        if (refusal) return done(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
        received.push(data);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, tries: () => tries, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}
