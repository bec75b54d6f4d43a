/**
 * Minimal typed HTTP client for the Prata 925 API, used by every app's `lib/api-client.ts`.
 * Responses are validated with the shared zod schemas; errors become {@link ApiRequestError}
 * carrying the service's pt-BR message.
 *
 * Traces (W3C Trace Context): every call is followed to its SQL.
 * - In a browser, a call that is preflighted anyway (it sends the access token or a JSON body)
 *   sends a `traceparent` with a new trace id. Simple anonymous GETs (the shop's catalogue) send
 *   none, since a custom header would add a CORS preflight to every one of them (Chrome caches a
 *   preflight per URL). The service starts their trace and names it in its `traceresponse` answer
 *   header (Trace Context Level 2), which the client reads.
 * - On the server (the shell's host rendering a page), every call sends a `traceparent` of the
 *   render's trace ({@link renderTraceId}), so the document and its data are one trace.
 * Either way the call's trace id is on the {@link ApiRequestError} it throws, and the error report
 * naming it keeps that trace for the developer area.
 */
import { apiErrorSchema, type ApiError } from '@prata/contracts/platform';
import { redactPageUrl } from '@prata/contracts/system-errors';
import type { z } from 'zod';
import { addBreadcrumb } from './breadcrumbs.ts';
import { useSessionStore } from './session-store.ts';
import { apiFetchUrl } from './runtime-config.ts';

let refresher: (() => Promise<string | null>) | undefined;

/** Called by lib/session.ts: how to get a fresh access token after a 401. */
export function setAccessTokenRefresher(fn: () => Promise<string | null>): void {
  refresher = fn;
}

/** A failed API call: HTTP `status` (0 for network errors) and a pt-BR `message`. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: ApiError | undefined;
  /** The W3C trace id the call was sent with, if any. */
  traceId: string | undefined;

  constructor(status: number, message: string, body?: ApiError) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
  }
}

function withTrace(error: ApiRequestError, traceId: string | undefined): ApiRequestError {
  error.traceId = traceId;
  return error;
}

/** `n` random bytes as lowercase hex (Web Crypto: browsers and Node). */
function randomHex(bytes: number): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The trace id of the server render running now: the host's AsyncLocalStorage on `globalThis`
 * under `Symbol.for('prata.render-trace')` (contracts' `RENDER_TRACE_KEY`, spelled out here: an
 * import of that module costs the shell's first load ~170 B gzip; api-client.test.ts sets it
 * with the constant, so the two cannot drift apart unnoticed). Undefined outside a render.
 */
function renderTraceId(): string | undefined {
  return (globalThis as Record<symbol, { getStore(): { traceId: string } | undefined } | undefined>)[Symbol.for('prata.render-trace')]?.getStore()?.traceId;
}

/**
 * A W3C trace context for one call: `{ traceId, header }` (`00-<trace id>-<span id>-01`), in the
 * trace `traceId` when given (a server render's), else in a new one; the span id is always new.
 */
export function newTraceparent(traceId: string = randomHex(16)): { traceId: string; header: string } {
  return { traceId, header: `00-${traceId}-${randomHex(8)}-01` };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | undefined>;
  /** JSON-encoded, except a `FormData` (multipart uploads), sent as it is. */
  body?: unknown;
  signal?: AbortSignal;
  /** Send the access token (default true). On a 401 the token is refreshed once and the call retried. */
  auth?: boolean;
  /** Extra request headers (e.g. `Idempotency-Key`), merged into the ones the client sets. */
  headers?: Record<string, string>;
}

/**
 * Calls `path` on the API and parses the JSON answer with `schema`.
 * @throws ApiRequestError on network failure, non-2xx status or an unexpected body.
 */
export async function apiRequest<S extends z.ZodType>(path: string, schema: S, options: RequestOptions = {}): Promise<z.output<S>> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) if (value) search.set(key, value);
  const url = apiFetchUrl(path) + (search.size > 0 ? `?${search.toString()}` : '');
  const useAuth = options.auth !== false;
  const multipart = typeof FormData !== 'undefined' && options.body instanceof FormData;
  let traceId: string | undefined;
  const send = async (token: string | null): Promise<Response> => {
    const headers: Record<string, string> = { ...options.headers };
    // On the server (the shell's host rendering a page), uncompressed: the API would compress
    // each answer (brotli) and the host decompress it, per render, for bytes that only cross
    // the host's own network.
    const onServer = typeof window === 'undefined';
    if (onServer) headers['accept-encoding'] = 'identity';
    if (options.body !== undefined && !multipart) headers['content-type'] = 'application/json';
    if (useAuth && token) headers.authorization = `Bearer ${token}`;
    if (onServer || headers.authorization || headers['content-type'] === 'application/json') {
      const trace = newTraceparent(onServer ? renderTraceId() : undefined);
      traceId = trace.traceId;
      headers.traceparent = trace.header;
    }
    try {
      return await fetch(url, {
        method: options.method ?? 'GET',
        credentials: 'include',
        headers,
        body: options.body === undefined ? null : multipart ? (options.body as FormData) : JSON.stringify(options.body),
        signal: options.signal ?? null,
      });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      addBreadcrumb('http', `${options.method ?? 'GET'} ${redactPageUrl(path)} falhou (sem conexão)`);
      throw new ApiRequestError(0, 'Não foi possível conectar ao servidor');
    }
  };
  const token = useAuth ? useSessionStore.getState().accessToken : null;
  let response = await send(token);
  if (response.status === 401 && useAuth && token && refresher) {
    const fresh = await refresher().catch(() => null);
    if (fresh) response = await send(fresh);
  }
  // A call sent without a traceparent learns the trace the service started for it.
  traceId ??= response.headers.get('traceresponse')?.split('-')[1];
  addBreadcrumb('http', `${options.method ?? 'GET'} ${redactPageUrl(path)} ${response.status}`);
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(payload);
    throw withTrace(new ApiRequestError(response.status, parsed.success ? parsed.data.message : `Erro ${response.status}`, parsed.data), traceId);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw withTrace(new ApiRequestError(response.status, 'Resposta inesperada do servidor'), traceId);
  return parsed.data;
}
