/**
 * "Avise-me quando chegar": an anonymous shopper's e-mail is checked by the shared
 * schema before anything is sent, then posted with the product and variant; a signed-in shopper
 * subscribes with one click (the session's token goes along). The service's message is the toast.
 */
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig, toast, useSessionStore } from '@prata/shared-ui';
import { flush, inputByLabel, render, type, type Rendered } from '@prata/shared-ui/testing';
import { BackInStockAlert } from './back-in-stock-alert.tsx';

const productId = '6f56d857-6897-4856-b449-e5a7689ca2f0';
let view: Rendered | undefined;
let fetchMock: ReturnType<typeof vi.fn>;

function answer(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}
const click = async (selector: string) => {
  act(() => view!.container.querySelector<HTMLButtonElement>(selector)!.click());
  await flush();
};

beforeAll(() => setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' }));
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.getState().clear();
});
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSessionStore.getState().clear();
});

describe('BackInStockAlert', () => {
  it('checks an anonymous e-mail first, then asks for the confirmation e-mail', async () => {
    const success = vi.spyOn(toast, 'success').mockReturnValue(undefined);
    view = render(<BackInStockAlert productId={productId} variantId={null} />);
    type(inputByLabel(view.container, 'Avise-me quando chegar'), 'não-é-email');
    await click('button[type="submit"]');
    expect(view.container.textContent).toContain('E-mail inválido');
    expect(fetchMock).not.toHaveBeenCalled();

    answer(200, { status: 'pending', message: 'Enviamos um e-mail para confirmar.' });
    type(inputByLabel(view.container, 'Avise-me quando chegar'), ' Ana@Exemplo.com.br ');
    await click('button[type="submit"]');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:3000/api/back-in-stock');
    expect(JSON.parse(init.body as string)).toEqual({ productId, variantId: null, email: 'ana@exemplo.com.br' });
    expect(success).toHaveBeenCalledWith('Enviamos um e-mail para confirmar.');
    expect(view.container.querySelector('[role="status"]')?.textContent).toBe('Enviamos um e-mail para confirmar.');
  });

  it('subscribes a signed-in shopper with one click, and toasts a refusal', async () => {
    const success = vi.spyOn(toast, 'success').mockReturnValue(undefined);
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    useSessionStore.getState().setSession({ user: { id: productId, email: 'ana@exemplo.com.br', fullName: 'Ana' }, accessToken: 'token', roles: [] });
    view = render(<BackInStockAlert productId={productId} variantId="0f2b8f7e-3c1d-4a5b-9c8d-7e6f5a4b3c2d" />);
    expect(view.container.querySelector('input')).toBeNull();

    answer(409, { error: 'available', message: 'Este item está disponível' });
    await click('button');
    expect(error).toHaveBeenCalledWith('Não foi possível criar o aviso', { description: 'Este item está disponível' });

    answer(200, { status: 'active', message: 'Pronto! Avisaremos você por e-mail.' });
    await click('button');
    const [, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ productId, variantId: '0f2b8f7e-3c1d-4a5b-9c8d-7e6f5a4b3c2d' });
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer token');
    expect(success).toHaveBeenCalledWith('Pronto! Avisaremos você por e-mail.');
  });
});
