/**
 * Browser error reporting: the report sent to POST /api/errors carries the page,
 * user agent, remote (from the stack's origin) and the registry version; the same error is sent
 * once a minute and a tab sends at most 10 a minute.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureErrorReporting, remoteOfStack, reportBoundaryError, reportError } from './error-reporting.ts';
import { setRuntimeConfig } from './runtime-config.ts';

const registry = [
  { name: 'storefront' as const, manifestUrl: 'http://127.0.0.1:3001/mf-manifest.json', version: '1.4.0', routes: ['/'] },
  { name: 'admin' as const, manifestUrl: 'http://127.0.0.1:3003/mf-manifest.json', version: '2.0.1', routes: ['/admin/*'] },
];

let sent: { url: string; body: Record<string, unknown> }[];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  sent = [];
  setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' });
  configureErrorReporting({ remotes: registry });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    sent.push({ url: String(input), body: JSON.parse(String(init?.body)) as Record<string, unknown> });
    return new Response(null, { status: 202 });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('error reporting', () => {
  it('names the remote whose origin comes first in the stack, else the shell', () => {
    expect(remoteOfStack('Error: x\n    at f (http://127.0.0.1:3003/static/js/12.js:1:2)\n    at g (http://127.0.0.1:3001/x.js:1:1)')).toBe('admin');
    expect(remoteOfStack('Error: x\n    at f (http://127.0.0.1:8080/main.js:1:2)')).toBe('shell');
    expect(remoteOfStack(undefined)).toBe('shell');
  });

  it("sends a boundary error with the page, the remote's registry version and the component stack", () => {
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    reportBoundaryError(new RangeError('fora do intervalo'), 'storefront', '\n    at ProductCard');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('http://127.0.0.1:3000/api/errors');
    expect(sent[0]!.body).toMatchObject({
      errorType: 'error_boundary',
      errorMessage: 'RangeError: fora do intervalo',
      remote: 'storefront',
      version: '1.4.0',
      pageUrl: window.location.href,
      userAgent: navigator.userAgent,
    });
    expect(String(sent[0]!.body.errorStack)).toContain('at ProductCard');
  });

  it('sends the same error once a minute and at most 10 reports a minute per tab', () => {
    vi.setSystemTime(new Date('2026-11-23T11:00:00Z'));
    for (let i = 0; i < 3; i += 1) reportError({ errorType: 'uncaught_error', errorMessage: 'igual' });
    expect(sent).toHaveLength(1);
    for (let i = 0; i < 20; i += 1) reportError({ errorType: 'uncaught_error', errorMessage: `diferente ${'abcdefghijklmnopqrstu'[i]}` });
    expect(sent).toHaveLength(10);
    vi.setSystemTime(new Date('2026-11-23T11:01:01Z'));
    reportError({ errorType: 'uncaught_error', errorMessage: 'igual' });
    expect(sent).toHaveLength(11);
  });
});
