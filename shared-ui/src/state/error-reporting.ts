/**
 * Error capture in the browser: the shell and every remote send what goes wrong to
 * `POST /api/errors` (contracts/system-errors.ts) — uncaught errors, unhandled rejections,
 * error-boundary errors and remote load failures — with the page URL, user agent, stack, and the
 * remote's name and version.
 *
 * - `configureErrorReporting({ remotes })` (the shell, with the registry) tells which remote a
 *   stack frame's origin belongs to and each remote's version.
 * - `installGlobalErrorReporting()` (the shell, once) listens to `error` and
 *   `unhandledrejection` on window.
 * - `reportError(report)` sends one report; never throws. A tab sends at most 10 reports a minute
 *   and the same error once per minute (the service also limits and groups them into issues).
 *   Each report carries the breadcrumbs recorded before it (breadcrumbs.ts) and the tab's error
 *   session id (a random id in sessionStorage: the service counts the users an issue affected).
 * - When session replay records (session-replay.ts: only with analytics consent), a report also
 *   takes the buffer as it is at that moment and, once the service answers with the stored event
 *   and its replay token, uploads it to `POST /api/errors/:eventId/replay`: at most one replay a
 *   minute per tab (the buffer covers the last 30 s).
 */
import type { RemoteRegistry } from '@prata/contracts/platform';
import { ERROR_REPORT_LIMITS, redactPageUrl, type ErrorReport } from '@prata/contracts/system-errors';
import { breadcrumbs } from './breadcrumbs.ts';
import { apiUrl } from './runtime-config.ts';
import { replaySnapshot, uploadReplay } from './session-replay.ts';

/** Reports one tab may send per minute. */
const TAB_LIMIT_PER_MINUTE = 10;
const WINDOW_MS = 60_000;

let remotes: RemoteRegistry = [];
const sentAt: number[] = [];
/** A tab uploads at most one replay per this many ms. */
const REPLAY_EVERY_MS = 60_000;
let replaySentAt = Number.NEGATIVE_INFINITY;
const recent = new Map<string, number>();

/** Gives the reporter the remote registry (names, manifest origins, versions). */
export function configureErrorReporting(options: { remotes: RemoteRegistry }): void {
  remotes = options.remotes;
}

/** The registry version of `remote` (or undefined). */
export function remoteVersion(remote: string): string | undefined {
  return remotes.find((entry) => entry.name === remote)?.version;
}

/** Whether the registry's entry of `remote` is the operator's bootstrap entry (no release active). */
export function remoteIsBootstrap(remote: string): boolean {
  return remotes.find((entry) => entry.name === remote)?.bootstrap === true;
}

/** The registry's manifest URL of `remote` (or undefined). */
export function remoteManifestUrl(remote: string): string | undefined {
  return remotes.find((entry) => entry.name === remote)?.manifestUrl;
}

/** The remote whose origin appears first in `stack`, else 'shell'. */
export function remoteOfStack(stack: string | undefined): string {
  if (stack) {
    let best: { name: string; index: number } | null = null;
    for (const entry of remotes) {
      const origin = new URL(entry.manifestUrl).origin;
      const index = stack.indexOf(origin);
      if (index >= 0 && (!best || index < best.index)) best = { name: entry.name, index };
    }
    if (best) return best.name;
  }
  return 'shell';
}

const SESSION_KEY = 'prata_error_session';

/** This tab's error session id (random, kept in sessionStorage), or undefined where storage is unavailable. */
export function errorSessionId(): string | undefined {
  try {
    let id = window.sessionStorage.getItem(SESSION_KEY);
    if (!id) {
      id = crypto.randomUUID();
      window.sessionStorage.setItem(SESSION_KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}

function allowed(key: string, now: number): boolean {
  while (sentAt.length > 0 && now - sentAt[0]! > WINDOW_MS) sentAt.shift();
  const last = recent.get(key);
  if (last !== undefined && now - last < WINDOW_MS) return false;
  if (sentAt.length >= TAB_LIMIT_PER_MINUTE) return false;
  sentAt.push(now);
  recent.set(key, now);
  return true;
}

/** Sends one report to the service (fire and forget). */
export function reportError(report: ErrorReport): void {
  const remote = report.remote ?? 'shell';
  const key = `${report.errorType}|${remote}|${report.errorMessage}`;
  if (!allowed(key, Date.now())) return;
  const body: ErrorReport = {
    // No one-time token leaves the browser in a report.
    pageUrl: redactPageUrl(window.location.href),
    userAgent: navigator.userAgent,
    breadcrumbs: breadcrumbs(),
    ...report,
    remote,
    errorMessage: report.errorMessage.slice(0, ERROR_REPORT_LIMITS.message) || 'Erro sem mensagem',
    ...(report.errorStack ? { errorStack: report.errorStack.slice(0, ERROR_REPORT_LIMITS.stack) } : {}),
  };
  const sessionId = errorSessionId();
  if (sessionId && !body.sessionId) body.sessionId = sessionId;
  const version = report.version ?? remoteVersion(remote);
  if (version) body.version = version;
  // The registry's canary report token for this remote and version: only reports carrying it count for a canary.
  const entry = remotes.find((candidate) => candidate.name === remote);
  if (!body.reportToken && entry?.reportToken && entry.version === version) body.reportToken = entry.reportToken;
  let url: string;
  try {
    url = apiUrl('/api/errors');
  } catch {
    return; // no runtime configuration yet: nowhere to send
  }
  const now = Date.now();
  const replay = now - replaySentAt >= REPLAY_EVERY_MS ? replaySnapshot() : null;
  if (replay) replaySentAt = now;
  const sending = fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), keepalive: true });
  if (!replay) {
    void sending.catch(() => undefined);
    return;
  }
  void sending
    .then(async (response) => (response.status === 202 ? ((await response.json()) as { eventId?: string; replayToken?: string }) : null))
    .then((result) => (result?.eventId && result.replayToken ? uploadReplay(apiUrl(`/api/errors/${encodeURIComponent(result.eventId)}/replay`), result.replayToken, replay) : false))
    .catch(() => undefined);
}

/** Reports an error caught by a React error boundary of `remote`. */
export function reportBoundaryError(error: unknown, remote: string, componentStack?: string | null): void {
  const err = error instanceof Error ? error : new Error(String(error));
  const traceId = (err as { traceId?: unknown }).traceId;
  reportError({
    errorType: 'error_boundary',
    errorMessage: `${err.name}: ${err.message}`,
    errorStack: [err.stack, componentStack ? `Componentes:${componentStack}` : null].filter(Boolean).join('\n'),
    ...(typeof traceId === 'string' ? { traceId } : {}),
    remote,
  });
}

let installed = false;

/** Listens for uncaught errors and unhandled rejections on window (idempotent). */
export function installGlobalErrorReporting(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('error', (event) => {
    const error = event.error instanceof Error ? event.error : null;
    const stack = error?.stack ?? (event.filename ? `at ${event.filename}:${event.lineno}:${event.colno}` : undefined);
    reportError({
      errorType: 'uncaught_error',
      errorMessage: error ? `${error.name}: ${error.message}` : event.message || 'Erro desconhecido',
      ...(stack ? { errorStack: stack } : {}),
      remote: remoteOfStack(stack),
    });
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    const error = reason instanceof Error ? reason : null;
    // A failed API call names its trace (api-client.ts): the report links to the request and its SQL.
    const traceId = (error as { traceId?: unknown } | null)?.traceId;
    reportError({
      errorType: 'unhandled_rejection',
      errorMessage: error ? `${error.name}: ${error.message}` : String(reason),
      ...(error?.stack ? { errorStack: error.stack } : {}),
      ...(typeof traceId === 'string' ? { traceId } : {}),
      remote: remoteOfStack(error?.stack),
    });
  });
}
