/**
 * Recognises "the database is unreachable" among the errors a request can end with, so the
 * service answers 503 with `Retry-After` instead of 500 while PostgreSQL is down, restarting or
 * refusing connections.
 *
 * Sources: PostgreSQL error codes (appendix A: class 08 connection exception, 57P01
 * admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections),
 * the socket errors Node reports when the server is gone, and the messages `pg`/`pg-pool` use
 * for a dropped or timed-out connection (MikroORM 7 passes those through unconverted, or as a
 * `ConnectionException`/`DriverException` that copies the `code`).
 */
import { ConnectionException } from '@mikro-orm/core';

/** Seconds a client should wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** pt-BR message of the 503 answer (wording of the spec's retry toasts, storefront.md 9). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'Serviço temporariamente indisponível. Tente novamente em alguns instantes.';

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/**
 * True when `error` (or anything in its `cause` chain, or an `AggregateError` member) means the
 * database cannot be reached right now; false for every other error (constraint violations,
 * bad SQL, domain errors), which keep their own status. A socket error of another backing
 * service (the SMTP relay) also counts: it is just as temporary, and 503 is just as true.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  if (error instanceof ConnectionException) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08'))) return true;
  if (DRIVER_MESSAGES.some((message) => error.message.startsWith(message))) return true;
  if (error instanceof AggregateError && error.errors.some((member) => isDatabaseUnavailable(member, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
