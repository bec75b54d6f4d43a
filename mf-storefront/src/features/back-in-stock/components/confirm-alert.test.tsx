/**
 * The back-in-stock confirmation page (security review 2026-11-29 #5): opening it sends nothing
 * (a mail scanner that follows the link, or even runs the page, confirms nothing); the shopper's
 * click on 'Confirmar aviso' posts the link's token, without the session, and the page shows the
 * outcome's pt-BR text with a link back to the product; no or a malformed token is 'Link inválido'.
 */
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig, toast, useSessionStore } from '@prata/shared-ui/state';
import { flush, render, type Rendered } from '@prata/shared-ui/testing';
import { ConfirmAlert } from './confirm-alert.tsx';

const TOKEN = 'tok_'.padEnd(43, 'x');
let view: Rendered | undefined;
let fetchMock: ReturnType<typeof vi.fn>;

function answer(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}
function show(token: string | null) {
  view = render(
    <MemoryRouter>
      <ConfirmAlert token={token} />
    </MemoryRouter>,
  );
}
const button = () => [...view!.container.querySelectorAll('button')].find((element) => element.textContent?.includes('Confirmar aviso'));
const click = async () => {
  act(() => button()!.click());
  await flush();
};
const heading = () => view!.container.querySelector('h1')?.textContent;
/** The outcome's text, inside the page's live status region. */
const status = () => view!.container.querySelector('[role="status"] p')?.textContent;

beforeAll(() => setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' }));
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSessionStore.getState().clear();
});

describe('ConfirmAlert', () => {
  it('sends nothing when opened; the button posts the token, without the session, and shows the confirmation', async () => {
    useSessionStore.getState().setSession({ user: { id: 'u', email: 'ana@exemplo.com.br', fullName: 'Ana' }, accessToken: 'sessao', roles: [] });
    show(TOKEN);
    await flush();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(heading()).toBe('Confirmar aviso');

    answer(200, { outcome: 'confirmed', productName: 'Anel Lua', productSlug: 'anel-lua' });
    await click();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:3000/api/back-in-stock/confirm');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ token: TOKEN });
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
    expect(heading()).toBe('Aviso confirmado');
    expect(status()).toBe('Pronto! Avisaremos você por e-mail quando “Anel Lua” estiver disponível de novo.');
    expect(view!.container.querySelector('a')?.getAttribute('href')).toBe('/produtos/anel-lua');
    expect(button()).toBeUndefined();
  });

  it('shows an expired or invalid link as the service says, and a link missing or malformed as invalid', async () => {
    show(TOKEN);
    answer(200, { outcome: 'expired', productName: 'Anel Lua', productSlug: 'anel-lua' });
    await click();
    expect([heading(), status()]).toEqual(['Link expirado', 'Este link expirou. Peça o aviso de novo na página do produto.']);
    view!.unmount();

    show(TOKEN);
    answer(400, { error: 'validation_error', message: 'Link inválido' });
    await click();
    expect([heading(), status()]).toEqual(['Link inválido', 'Este link não é válido ou já foi usado.']);
    expect(view!.container.querySelector('a')?.getAttribute('href')).toBe('/produtos');
    view!.unmount();

    show(null);
    expect([heading(), status()]).toEqual(['Link inválido', 'Este link não é válido ou já foi usado.']);
    expect(button()).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps the button after a failure to reach the service, with a toast', async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    show(TOKEN);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await click();
    expect(error).toHaveBeenCalledWith('Não foi possível confirmar o aviso', { description: 'Tente novamente em instantes.' });
    expect(button()).toBeDefined();
    answer(200, { outcome: 'confirmed' });
    await click();
    expect(status()).toBe('Pronto! Avisaremos você por e-mail quando o produto estiver disponível de novo.');
  });
});
