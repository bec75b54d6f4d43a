/**
 * The shoppers' reports against a real HTTP server answering `GET /api/developer/feedback`: each
 * report with its text, e-mail, the issues of its visit as links, 'Ver gravação' pointing at the
 * replayed event on its issue's page, and the screenshot fetched when asked for; with `issueId`
 * the list asks for that issue's reports.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedbackList as FeedbackListDto } from '@prata/contracts';
import { setRuntimeConfig, useSessionStore } from '@prata/shared-ui/state';
import { flush, render } from '@prata/shared-ui/testing';
import { FeedbackList } from './feedback-list.tsx';

const ISSUE = '3f1c2b8e-7a9d-4e21-9b0c-1d2e3f4a5b6c';
const EVENT = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const list: FeedbackListDto = {
  items: [
    {
      id: '0b1c2d3e-4f50-4162-8a3b-4c5d6e7f8091',
      createdAt: '2026-12-04T12:00:00.000Z',
      description: 'Não consigo pagar com PIX',
      email: 'cliente@example.com',
      pageUrl: 'http://127.0.0.1:8080/checkout',
      userAgent: 'Mozilla/5.0',
      remote: 'checkout',
      hasScreenshot: true,
      issues: [{ id: ISSUE, errorType: 'TypeError', errorMessage: 'x is undefined' }],
      replay: { eventId: EVENT, issueId: ISSUE },
    },
  ],
};
const PIXEL = 'data:image/webp;base64,UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==';

let server: http.Server;
const asked: string[] = [];
beforeAll(async () => {
  server = http.createServer((request, response) => {
    asked.push(request.url ?? '');
    const body = request.url?.endsWith('/screenshot') ? { dataUrl: PIXEL } : request.url?.includes('issueId=') ? { items: [] } : list;
    response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setRuntimeConfig({ apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  useSessionStore.getState().setSession({ user: { id: '6f56d857-6897-4856-b449-e5a7689ca2f0', email: 'dev@example.com', fullName: 'Dev' }, accessToken: 't', roles: ['developer'] });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const until = async (check: () => unknown) => {
  for (let i = 0; i < 100 && !check(); i += 1) await flush();
};

describe('FeedbackList', () => {
  it("shows each report with its visit's issues, its replay and, when asked, its screenshot", async () => {
    const view = render(<MemoryRouter><FeedbackList /></MemoryRouter>);
    const entry = () => view.container.querySelector('[data-testid="feedback-entry"]');
    await until(entry);
    expect(entry()!.textContent).toContain('Não consigo pagar com PIX');
    expect(entry()!.querySelector('a[href="mailto:cliente@example.com"]')).not.toBeNull();
    const links = [...entry()!.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toContainEqual(['TypeError: x is undefined', `/developer/erros/${ISSUE}`]);
    expect(links).toContainEqual(['Ver gravação', `/developer/erros/${ISSUE}#evento-${EVENT}`]);
    expect(entry()!.querySelector('img')).toBeNull();
    const button = [...entry()!.querySelectorAll('button')].find((candidate) => candidate.textContent === 'Ver captura de tela')!;
    button.click();
    await until(() => entry()!.querySelector('img'));
    expect(entry()!.querySelector('img')!.getAttribute('src')).toBe(PIXEL);
  });

  it("asks for an issue's reports and says when there are none", async () => {
    const view = render(<MemoryRouter><FeedbackList issueId={ISSUE} /></MemoryRouter>);
    await until(() => view.container.textContent?.includes('Nenhum relato'));
    expect(view.container.textContent).toContain('Ninguém que teve este erro relatou um problema.');
    expect(asked).toContain(`/api/developer/feedback?issueId=${ISSUE}`);
  });
});
