/**
 * The issue page's replay, against a real HTTP server: an event sent with a replay offers 'Ver
 * gravação da sessão', which loads rrweb-player (its own chunk) with the recording from
 * `GET /api/developer/errors/events/:eventId/replay`, the breadcrumbs as markers on its
 * timeline; an event without one offers nothing. rrweb-player itself replays into an iframe, which
 * happy-dom does not load: it is replaced here by a stand-in that keeps what it was given (the
 * Playwright spec e2e/replay.spec.ts plays it in a browser).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ErrorIssueDetail, ErrorReplay } from '@prata/contracts';
import { setRuntimeConfig, useSessionStore } from '@prata/shared-ui/state';
import { flush, render } from '@prata/shared-ui/testing';
import { IssueDetail } from './issue-detail.tsx';

const played = vi.hoisted(() => [] as { target: HTMLElement; props: { events: { type: number; timestamp: number; data: unknown }[]; tags: Record<string, string> } }[]);
vi.mock('rrweb-player', () => ({
  default: class {
    constructor(options: (typeof played)[number]) {
      played.push(options);
      options.target.append(Object.assign(document.createElement('div'), { className: 'rr-player' }));
    }
    $destroy() {}
  },
}));

const ISSUE = '3f1c2b8e-7a9d-4e21-9b0c-1d2e3f4a5b6c';
const WITH = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const WITHOUT = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
const start = Date.parse('2026-12-04T11:59:40.000Z');
const event = (id: string, hasReplay: boolean) => ({
  id,
  occurredAt: '2026-12-04T12:00:00.000Z',
  version: '0.1.0',
  level: 'error' as const,
  message: 'TypeError: x is undefined',
  pageUrl: 'http://127.0.0.1:8080/produtos',
  userAgent: null,
  stack: null,
  frames: [],
  traceId: null,
  breadcrumbs: [{ at: new Date(start + 5_000).toISOString(), category: 'click' as const, message: 'button "Comprar"' }],
  hasReplay,
});
const detail: ErrorIssueDetail = {
  issue: {
    id: ISSUE, errorType: 'TypeError', errorMessage: 'x is undefined', pageUrl: null, errorStack: null, userAgent: null, remote: 'storefront', version: '0.1.0', source: 'client',
    fingerprint: 'f', count: 2, createdAt: '2026-12-04T12:00:00.000Z', lastSeenAt: '2026-12-04T12:00:00.000Z', resolved: false, resolvedBy: null, resolvedAt: null,
    status: 'unresolved', level: 'error', versions: ['0.1.0'], usersAffected: 1, regression: false,
  },
  events: [event(WITH, true), event(WITHOUT, false)],
};
const replay: ErrorReplay = {
  eventId: WITH,
  startedAt: new Date(start).toISOString(),
  endedAt: new Date(start + 10_000).toISOString(),
  events: [
    { type: 4, timestamp: start, data: { href: 'http://127.0.0.1:8080/produtos', width: 800, height: 600 } },
    { type: 2, timestamp: start + 1, data: { node: { type: 0, id: 1, childNodes: [{ type: 2, tagName: 'html', attributes: {}, childNodes: [], id: 2 }] }, initialOffset: { top: 0, left: 0 } } },
    { type: 3, timestamp: start + 10_000, data: { source: 1, positions: [{ x: 1, y: 1, id: 2, timeOffset: 0 }] } },
  ],
};

let server: http.Server;
const asked: string[] = [];
beforeAll(async () => {
  server = http.createServer((request, response) => {
    asked.push(request.url ?? '');
    const body = request.url?.endsWith('/replay') ? replay : detail;
    response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setRuntimeConfig({ apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  useSessionStore.getState().setSession({ user: { id: '6f56d857-6897-4856-b449-e5a7689ca2f0', email: 'dev@example.com', fullName: 'Dev' }, accessToken: 't', roles: ['developer'] });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const until = async (check: () => unknown) => {
  for (let i = 0; i < 200 && !check(); i += 1) await flush();
};

describe('the issue page replay', () => {
  it('plays the replay of an event sent with one, with the breadcrumbs on its timeline', async () => {
    const view = render(<MemoryRouter><IssueDetail id={ISSUE} /></MemoryRouter>);
    const events = () => [...view.container.querySelectorAll('[data-testid="issue-event"]')];
    await until(() => events().length === 2);
    const buttonOf = (element: Element) => [...element.querySelectorAll('button')].find((button) => button.textContent === 'Ver gravação da sessão');
    expect(buttonOf(events()[1]!)).toBeUndefined();
    expect(asked.some((url) => url.endsWith('/replay'))).toBe(false); // nothing loads before it is opened
    buttonOf(events()[0]!)!.click();
    const player = () => view.container.querySelector('[data-testid="replay-player"]');
    await until(() => player()?.querySelector('.rr-player'));
    expect(asked).toContain(`/api/developer/errors/events/${WITH}/replay`);
    expect(played).toHaveLength(1);
    expect(played[0]!.props.events.map((entry) => [entry.type, entry.timestamp - start])).toEqual([[4, 0], [2, 1], [5, 5_000], [3, 10_000]]);
    expect(played[0]!.props.events[2]!.data).toEqual({ tag: 'click', payload: { message: 'button "Comprar"' } });
    expect(Object.keys(played[0]!.props.tags)).toContain('click');
    expect(view.container.textContent).toContain('3 eventos gravados');
  });
});
