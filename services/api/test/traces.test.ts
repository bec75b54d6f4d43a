/**
 * Traces: a browser's API call carries a W3C `traceparent`; the request's span, its
 * hooks and handler, and the SQL it ran share that trace id; the service keeps the trace of a
 * slow request (TRACE_SLOW_MS 0 here: every request) for the developer area, and an error report
 * naming the trace links its event to it.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorIssueDetailSchema, traceSchema } from '@prata/contracts';
import { account, bearer, STAFF_PASSWORD, type SignedIn } from './accounts.ts';
import { createTestService, type TestService } from './helpers.ts';

let service: TestService;
let developer: SignedIn;

beforeAll(async () => {
  service = await createTestService({ TRACE_SLOW_MS: '0' });
  developer = await account(service, ['developer'], 'dev', STAFF_PASSWORD);
});
afterAll(async () => service?.close());

const newTraceId = () => randomBytes(16).toString('hex');
const traceparent = (traceId: string) => `00-${traceId}-${randomBytes(8).toString('hex')}-01`;
const getTrace = (traceId: string) => service.app.inject({ method: 'GET', url: `/api/developer/traces/${traceId}`, headers: bearer(developer) });

describe('traces', () => {
  it("continue the browser's traceparent through the request to its SQL", async () => {
    const traceId = newTraceId();
    const answer = await service.app.inject({ method: 'GET', url: '/api/developer/issues?sort=count', headers: { ...bearer(developer), traceparent: traceparent(traceId) } });
    expect(answer.statusCode).toBe(200);
    const response = await getTrace(traceId);
    expect(response.statusCode, response.body).toBe(200);
    const { spans } = traceSchema.parse(response.json());
    const request = spans.find((span) => span.kind === 'SERVER');
    expect(request).toBeDefined();
    expect(request!.attributes['http.route'] ?? request!.name).toContain('/api/developer/issues');
    const sql = spans.filter((span) => span.name === 'pg.query');
    expect(sql.map((span) => span.attributes['db.query.text'])).toEqual(expect.arrayContaining([expect.stringMatching(/from system_errors/i)]));
    // Every SQL span descends from the request span.
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    for (const span of sql) {
      let parent = span.parentSpanId ? byId.get(span.parentSpanId) : undefined;
      while (parent && parent !== request) parent = parent.parentSpanId ? byId.get(parent.parentSpanId) : undefined;
      expect(parent).toBe(request);
    }
  });

  it("name the trace of a call sent without a traceparent (a browser's simple GET) in a traceresponse the store's origin may read", async () => {
    const origin = service.config.corsOrigins[0]!;
    const answer = await service.app.inject({ method: 'GET', url: '/api/products?search=anel', headers: { origin } });
    expect(answer.statusCode).toBe(200);
    const header = String(answer.headers.traceresponse);
    expect(header).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(String(answer.headers['access-control-expose-headers'])).toMatch(/traceresponse/i);
    const traceId = header.split('-')[1]!;
    const { spans } = traceSchema.parse((await getTrace(traceId)).json());
    const request = spans.find((span) => span.kind === 'SERVER');
    expect(request?.spanId).toBe(header.split('-')[2]);
    expect(spans.some((span) => span.name === 'pg.query')).toBe(true);
  });

  it('answer a call that sent a traceparent with the same trace in its traceresponse', async () => {
    const traceId = newTraceId();
    const answer = await service.app.inject({ method: 'GET', url: '/api/health', headers: { traceparent: traceparent(traceId) } });
    expect(String(answer.headers.traceresponse).split('-')[1]).toBe(traceId);
  });

  it('link an error report to the trace of the API call it came from', async () => {
    const traceId = newTraceId();
    await service.app.inject({ method: 'GET', url: '/api/products', headers: { traceparent: traceparent(traceId) } });
    const reported = await service.app.inject({ method: 'POST', url: '/api/errors', payload: { errorType: 'unhandled_rejection', errorMessage: 'ApiRequestError: Erro 500', remote: 'storefront', traceId } });
    expect(reported.statusCode).toBe(202);
    const detail = errorIssueDetailSchema.parse((await service.app.inject({ method: 'GET', url: `/api/developer/issues/${reported.json().id}`, headers: bearer(developer) })).json());
    expect(detail.events[0]!.traceId).toBe(traceId);
    expect((await getTrace(traceId)).statusCode).toBe(200);
  });

  it('keep the trace an error names while later traffic pushes the others out', async () => {
    const [reportedTrace, unreportedTrace] = [newTraceId(), newTraceId()];
    for (const traceId of [reportedTrace, unreportedTrace]) {
      expect((await service.app.inject({ method: 'GET', url: '/api/products', headers: { traceparent: traceparent(traceId) } })).statusCode).toBe(200);
    }
    const reported = await service.app.inject({ method: 'POST', url: '/api/errors', payload: { errorType: 'unhandled_rejection', errorMessage: 'ApiRequestError: Erro 500', remote: 'storefront', traceId: reportedTrace } });
    expect(reported.statusCode).toBe(202);
    // More traces than the service keeps of ordinary traffic (200, least recently used out).
    for (let i = 0; i < 220; i += 1) await service.app.inject({ method: 'GET', url: '/api/health' });
    expect((await getTrace(unreportedTrace)).statusCode).toBe(404);
    const { spans } = traceSchema.parse((await getTrace(reportedTrace)).json());
    expect(spans.find((span) => span.kind === 'SERVER')?.attributes['url.path']).toBe('/api/products');
  });

  it('answer 404 for a trace not kept and 400 for a malformed id', async () => {
    const missing = await getTrace(newTraceId());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toContain('Trace não guardado');
    expect((await getTrace('xyz')).statusCode).toBe(400);
    expect((await service.app.inject({ method: 'POST', url: '/api/errors', payload: { errorType: 'x', errorMessage: 'y', traceId: '0'.repeat(32) } })).statusCode).toBe(400);
  });
});
