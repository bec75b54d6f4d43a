/**
 * Chaos scenario "a job queue worker SIGKILLed mid-job" (bench/chaos.ts), on the service's real
 * mail retry job (`mail-delivery-retry`, services/api/src/mail/mail-retries.ts) and a real SMTP
 * relay double (services/api/test/smtp-double.ts):
 * 1. process A (a service process with `SMTP_URL`, mail retries after 1 s) takes a sign-up; the
 *    relay refuses its confirmation e-mail (451), so the message becomes a queue job;
 * 2. A's job runner takes the job and offers the message again: the relay holds it, unanswered,
 *    so the job is active in A;
 * 3. process B starts on the same database (it cannot take the job: it is active), then A is
 *    SIGKILLed mid-job;
 * 4. once the job has been active `expireSeconds` (`JOBS_EXPIRE_SECONDS`), a supervision pass
 *    (every `superviseIntervalSeconds`, `JOBS_SUPERVISE_INTERVAL_SECONDS`) in B fails it, pg-boss
 *    retries it after the mail backoff, and B delivers the message.
 *
 * Figures (ms): from the kill to the job leaving `active` (expired) and to the message sent and
 * the job completed; the job's retry count; messages the relay was offered and delivered to the
 * shopper (one: the held attempt was never accepted). With the defaults (900 s, 60 s) the same
 * recovery takes 15 to 16 minutes.
 */
import { randomUUID } from 'node:crypto';
import { postJson, sql, startReplicas, stopReplicas } from '../services/api/test/replicas.ts';
import type { ServiceProcess } from '../services/api/test/service-process.ts';
import { startSmtpDouble } from '../services/api/test/smtp-double.ts';
import { sleep, stopwatch, withScratchDatabase } from './chaos-support.ts';

export interface KilledJobOptions {
  /** `JOBS_EXPIRE_SECONDS` of both processes. */
  expireSeconds: number;
  /** `JOBS_SUPERVISE_INTERVAL_SECONDS` of both processes. */
  superviseIntervalSeconds: number;
}

export interface KilledJobFigures {
  setup: KilledJobOptions & { job: string; mailRetryIntervalMs: number; jobsPollIntervalMs: number };
  /** From the sign-up to the held attempt (the job active in A), ms. */
  heldAfterMs: number;
  /** The job's state when A was killed. */
  stateAtKill: string;
  killToExpiredMs: number;
  killToCompletedMs: number;
  /** From the held attempt (the job taken by A) to its expiry and to its completion by B, ms. */
  heldToExpiredMs: number;
  heldToCompletedMs: number;
  retryCount: number;
  /** Whether the message's row is marked sent. */
  sent: boolean;
  relayOffers: number;
  /** Copies of the message the shopper got. */
  delivered: number;
}

const JOB = 'mail-delivery-retry';

/** Polls `read` every 100 ms until it returns a value. @throws Error naming `what` after `timeoutMs`. */
async function poll<T>(read: () => Promise<T | undefined>, what: string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * Runs the scenario (see the module comment) on a scratch database.
 * @throws Error when a process does not start, or a step does not happen in time.
 */
export function killedJob(options: KilledJobOptions): Promise<KilledJobFigures> {
  return withScratchDatabase(async (url) => {
    // Offer 1 (the dispatch): refused; offer 2 (A's job): held; later offers: accepted.
    const relay = await startSmtpDouble((offer) => (offer === 1 ? { code: 451, message: 'Tente mais tarde' } : offer === 2 ? 'hold' : null));
    const env = {
      SMTP_URL: relay.url,
      MAIL_RETRY_INTERVAL_MS: '1000',
      JOBS_POLL_INTERVAL_MS: '250',
      JOBS_EXPIRE_SECONDS: String(options.expireSeconds),
      JOBS_SUPERVISE_INTERVAL_SECONDS: String(options.superviseIntervalSeconds),
    };
    const processes: ServiceProcess[] = [];
    try {
      const [a] = await startReplicas(url, 1, env);
      processes.push(a!);
      const email = `fila.${randomUUID().slice(0, 8)}@exemplo.com.br`;
      const clock = stopwatch();
      const signUp = await postJson(a!.origin, '/api/auth/sign-up', { email, password: 'segredo123', fullName: 'Cliente Fila' });
      if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}`);
      await poll(async () => (relay.tries() >= 2 ? true : undefined), 'the job to offer the message again', 60_000);
      const heldAfterMs = clock();
      const [mail] = await sql<{ id: string }>(url, 'select id from outbox_emails where "to" = $1', [email]);
      const job = async () => (await sql<{ state: string; retry_count: number }>(url, `select state, retry_count from pgboss.job where name = $1 and data->>'emailId' = $2`, [JOB, mail!.id]))[0];

      const [b] = await startReplicas(url, 1, env);
      processes.push(b!);
      const stateAtKill = (await job())?.state ?? 'missing';
      const killedAt = clock();
      await a!.kill('SIGKILL');
      const limit = (options.expireSeconds + 3 * options.superviseIntervalSeconds + 60) * 1000;
      const expired = await poll(async () => ((await job())?.state !== 'active' ? clock() : undefined), 'the job to expire', limit);
      const completed = await poll(async () => ((await job())?.state === 'completed' ? clock() : undefined), 'the job to complete', limit);
      const [row] = await sql<{ sent: boolean }>(url, 'select sent_at is not null as sent from outbox_emails where id = $1', [mail!.id]);
      return {
        setup: { ...options, job: JOB, mailRetryIntervalMs: 1000, jobsPollIntervalMs: 250 },
        heldAfterMs,
        stateAtKill,
        killToExpiredMs: expired - killedAt,
        killToCompletedMs: completed - killedAt,
        heldToExpiredMs: expired - heldAfterMs,
        heldToCompletedMs: completed - heldAfterMs,
        retryCount: (await job())?.retry_count ?? -1,
        sent: row?.sent ?? false,
        relayOffers: relay.tries(),
        delivered: relay.received.filter((message) => message.includes(email)).length,
      };
    } finally {
      await stopReplicas(processes);
      await relay.close();
    }
  });
}
