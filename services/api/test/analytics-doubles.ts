/**
 * Local doubles of the two conversions APIs the server sends paid orders' purchases to, checking
 * the documented request shapes and answering as the real services do:
 * - GA4 Measurement Protocol (https://developers.google.com/analytics/devguides/collection/protocol/ga4/sending-events):
 *   `POST /mp/collect?measurement_id=&api_secret=`, JSON `{ client_id, events: [{ name, params }] }`
 *   (at most 25 events), answered 204 with no body; a request without the query's two
 *   parameters is dropped by Google (here: 400, so a test sees it).
 * - Meta Conversions API (https://developers.facebook.com/docs/marketing-api/conversions-api/using-the-api):
 *   `POST /v21.0/<pixel>/events?access_token=`, JSON `{ data: [event] }` with each event's
 *   `event_name`, `event_time` (Unix seconds), `action_source` and `user_data`; answered
 *   `{ events_received, messages: [], fbtrace_id }`, or 400 `{ error: { message, type, code } }`.
 */
import type http from 'node:http';
import { HttpDouble } from './http-double.ts';

/** One request a double accepted: its query parameters and JSON body. */
export interface Received {
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown>;
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export class Ga4Double extends HttpDouble {
  readonly received: Received[] = [];

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://double');
    const body = await readJson(req);
    const query = Object.fromEntries(url.searchParams);
    const events = body?.events;
    if (this.failWith) return this.json(res, this.failWith, {});
    if (req.method !== 'POST' || url.pathname !== '/mp/collect' || !query.measurement_id || !query.api_secret || !body || typeof body.client_id !== 'string' || !Array.isArray(events) || events.length === 0 || events.length > 25) {
      return this.json(res, 400, { validationMessages: [{ description: 'requisição fora do formato do Measurement Protocol' }] });
    }
    this.received.push({ path: url.pathname, query, body });
    res.writeHead(204).end();
  }
}

export class MetaDouble extends HttpDouble {
  readonly received: Received[] = [];

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://double');
    const body = await readJson(req);
    const query = Object.fromEntries(url.searchParams);
    if (this.failWith) return this.json(res, this.failWith, { error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2 } });
    const data = body?.data;
    const valid =
      req.method === 'POST' &&
      /^\/v\d+\.\d+\/\d+\/events$/.test(url.pathname) &&
      Boolean(query.access_token) &&
      Array.isArray(data) &&
      data.length > 0 &&
      data.every((event: Record<string, unknown>) => typeof event.event_name === 'string' && Number.isInteger(event.event_time) && typeof event.action_source === 'string' && typeof event.user_data === 'object');
    if (!valid) return this.json(res, 400, { error: { message: 'Invalid parameter', type: 'OAuthException', code: 100 } });
    this.received.push({ path: url.pathname, query, body: body! });
    this.json(res, 200, { events_received: (data as unknown[]).length, messages: [], fbtrace_id: 'AbCdEf123' });
  }
}
