/**
 * 'E-mails com falha': lists the failed e-mails the service answers (recipient,
 * subject, error, attempts), sends 'Reenviar' to the e-mail's resend route, toasts the outcome
 * and reloads the list; an empty list says so.
 */
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig, toast } from '@prata/shared-ui';
import { flush, render, type Rendered } from '@prata/shared-ui/testing';
import { FailedEmailsCard } from './failed-emails-card.tsx';

const FAILED = {
  id: '7d3c1d4e-5b7a-4c1e-9a51-0f2b8c6d4e11',
  to: 'ana@exemplo.com.br',
  subject: 'Confirme seu cadastro na Prata 925',
  error: 'Error: 550 Caixa indisponível',
  attempts: 5,
  createdAt: '2026-11-25T12:00:00.000Z',
  failedAt: '2026-11-25T12:30:00.000Z',
};
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let view: Rendered | undefined;
beforeAll(() => setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' }));
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function show(...answers: Response[]) {
  const fetchMock = vi.fn();
  for (const answer of answers) fetchMock.mockResolvedValueOnce(answer);
  vi.stubGlobal('fetch', fetchMock);
  view = render(<FailedEmailsCard />);
  await flush();
  return fetchMock;
}

describe('FailedEmailsCard', () => {
  it('lists a failed e-mail and resends it with Reenviar, then reloads the list', async () => {
    const success = vi.spyOn(toast, 'success').mockReturnValue(undefined);
    const fetchMock = await show(json(200, { rows: [FAILED], total: 1 }), json(200, { message: 'E-mail reenviado.' }), json(200, { rows: [], total: 0 }));
    const row = view!.container.querySelector('tbody tr')!;
    expect([...row.querySelectorAll('td')].slice(0, 4).map((cell) => cell.textContent)).toEqual([FAILED.to, FAILED.subject, FAILED.error, '5']);

    act(() => view!.container.querySelector<HTMLButtonElement>(`button[aria-label="Reenviar e-mail para ${FAILED.to}"]`)!.click());
    await flush();
    await flush();
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(String(url)).toBe(`http://127.0.0.1:3000/api/admin/failed-emails/${FAILED.id}/resend`);
    expect(init.method).toBe('POST');
    expect(success).toHaveBeenCalledWith('E-mail reenviado', expect.objectContaining({ description: expect.any(String) }));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(view!.container.textContent).toContain('Nenhum e-mail com falha');
  });

  it('says when no e-mail failed', async () => {
    await show(json(200, { rows: [], total: 0 }));
    expect(view!.container.textContent).toContain('Nenhum e-mail com falha');
    expect(view!.container.querySelector('table')).toBeNull();
  });
});
