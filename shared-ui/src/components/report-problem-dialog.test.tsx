/**
 * 'Relatar um problema' against a real HTTP server: the description is required (the shared
 * schema's message), and a report goes as multipart with the description, the e-mail, the tab's
 * error session id, the page and a real PNG screenshot; the dialog closes once it is accepted.
 * The error screen's button and the remote fallback open it through `openReportProblem`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { act } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorSessionId, openReportProblem, REPORT_PROBLEM_EVENT, setRuntimeConfig } from '@prata/shared-ui/state';
import { render, type } from '@prata/shared-ui/testing';
import { ReportProblemDialog } from './report-problem-dialog.tsx';

/** A 1x1 PNG (a real file: the service sniffs its first bytes). */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

let server: http.Server;
const received: { contentType: string; body: string; raw: Buffer }[] = [];
beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'OPTIONS') {
        response.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'POST' }).end();
        return;
      }
      received.push({ contentType: request.headers['content-type'] ?? '', body: Buffer.concat(chunks).toString('utf8'), raw: Buffer.concat(chunks) });
      response.writeHead(201, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end(JSON.stringify({ id: '0b1c2d3e-4f50-4162-8a3b-4c5d6e7f8091' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setRuntimeConfig({ apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function settle(ready: () => unknown) {
  for (let waited = 0; waited < 3000 && !ready(); waited += 20) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
}

const form = () => document.querySelector<HTMLFormElement>('[data-testid="report-problem-form"]');
const field = <T extends HTMLElement>(label: string) => {
  const target = [...document.querySelectorAll('label')].find((candidate) => candidate.textContent?.startsWith(label))!;
  return document.getElementById(target.htmlFor) as T;
};
const submit = () => act(() => form()!.requestSubmit());

describe('ReportProblemDialog', () => {
  it('asks for a description, then sends it with the e-mail, the session and the screenshot', async () => {
    let closed = 0;
    render(<ReportProblemDialog open onClose={() => (closed += 1)} remote="checkout" />);
    await settle(form);
    await submit();
    await settle(() => document.body.textContent?.includes('Descreva o problema'));
    expect(document.body.textContent).toContain('Descreva o problema');
    expect(received).toHaveLength(0);

    const description = field<HTMLTextAreaElement>('O que aconteceu?');
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(description, 'O botão de pagar não responde');
      description.dispatchEvent(new Event('input', { bubbles: true }));
    });
    type(field<HTMLInputElement>('E-mail'), 'cliente@example.com');
    const file = field<HTMLInputElement>('Captura de tela');
    Object.defineProperty(file, 'files', { value: [new File([PNG], 'tela.png', { type: 'image/png' })] });
    act(() => void file.dispatchEvent(new Event('change', { bubbles: true })));
    await submit();
    await settle(() => closed > 0);
    expect(closed).toBe(1);
    const [sent] = received;
    expect(sent!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const part = (name: string) => new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(sent!.body)?.[1];
    expect([part('description'), part('email'), part('sessionId'), part('remote')]).toEqual(['O botão de pagar não responde', 'cliente@example.com', errorSessionId(), 'checkout']);
    expect(part('pageUrl')).toBe(window.location.href);
    expect(sent!.body).toContain('name="screenshot"; filename="tela.png"');
    expect(sent!.raw.includes(Buffer.from(PNG))).toBe(true);
  });

  it('is asked for with a window event naming the remote', () => {
    const heard: unknown[] = [];
    const listener = (event: Event) => heard.push((event as CustomEvent).detail);
    window.addEventListener(REPORT_PROBLEM_EVENT, listener);
    openReportProblem('storefront');
    openReportProblem();
    window.removeEventListener(REPORT_PROBLEM_EVENT, listener);
    expect(heard).toEqual([{ remote: 'storefront' }, {}]);
  });
});
