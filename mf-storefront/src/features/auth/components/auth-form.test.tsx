/**
 * Sign-in page, asking for the confirmation e-mail again: 'Reenviar e-mail de
 * confirmação' asks for the e-mail first when the field is empty, else posts the typed address to
 * `/api/auth/resend-confirmation` and toasts the service's answer; a sign-in refused with
 * `email_not_confirmed` offers the same in its toast.
 */
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig, toast } from '@prata/shared-ui';
import { flush, inputByLabel, render, type, type Rendered } from '@prata/shared-ui/testing';
import { AuthForm } from './auth-form.tsx';

const NEUTRAL = 'Se houver uma conta não confirmada com este email, enviaremos um novo link de confirmação.';
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let view: Rendered;
beforeAll(() => setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' }));
afterEach(() => {
  view.unmount();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function show(...answers: Response[]) {
  const fetchMock = vi.fn();
  for (const answer of answers) fetchMock.mockResolvedValueOnce(answer);
  vi.stubGlobal('fetch', fetchMock);
  view = render(
    <MemoryRouter>
      <AuthForm onSignedIn={() => undefined} />
    </MemoryRouter>,
  );
  return fetchMock;
}
const button = (name: string) => [...view.container.querySelectorAll('button')].find((b) => b.textContent === name)!;
const click = async (element: HTMLElement) => {
  act(() => element.click());
  await flush();
};

describe('AuthForm: the confirmation e-mail again', () => {
  it('asks for the e-mail when the field is empty and sends nothing', async () => {
    const fetchMock = show();
    await click(button('Reenviar e-mail de confirmação'));
    expect(view.container.textContent).toContain('Informe seu email para reenviarmos a confirmação.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the typed address and toasts the answer', async () => {
    const success = vi.spyOn(toast, 'success').mockReturnValue(undefined);
    const fetchMock = show(json(200, { message: NEUTRAL }));
    type(inputByLabel(view.container, 'Email'), ' Ana@Exemplo.com.br ');
    await click(button('Reenviar e-mail de confirmação'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('http://127.0.0.1:3000/api/auth/resend-confirmation');
    expect(JSON.parse(init.body)).toEqual({ email: 'ana@exemplo.com.br' });
    expect(success).toHaveBeenCalledWith('Email enviado', { description: NEUTRAL });
  });

  it('offers it in the toast of a sign-in refused for an unconfirmed e-mail', async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    const success = vi.spyOn(toast, 'success').mockReturnValue(undefined);
    const fetchMock = show(json(403, { error: 'email_not_confirmed', message: 'Confirme seu email antes de entrar. Verifique sua caixa de entrada.' }), json(200, { message: NEUTRAL }));
    type(inputByLabel(view.container, 'Email'), 'ana@exemplo.com.br');
    type(inputByLabel(view.container, 'Senha'), 'segredo123');
    await click(view.container.querySelector<HTMLButtonElement>('button[type="submit"]')!);
    expect(error).toHaveBeenCalledTimes(1);
    const [title, options] = error.mock.calls[0]! as [string, { description: string; action: { label: string; onClick: () => void } }];
    expect([title, options.description, options.action.label]).toEqual(['Email não confirmado', 'Confirme seu email antes de entrar. Verifique sua caixa de entrada.', 'Reenviar e-mail']);
    await act(async () => options.action.onClick());
    await flush();
    expect(String(fetchMock.mock.calls[1]![0])).toBe('http://127.0.0.1:3000/api/auth/resend-confirmation');
    expect(JSON.parse(fetchMock.mock.calls[1]![1].body)).toEqual({ email: 'ana@exemplo.com.br' });
    expect(success).toHaveBeenCalledWith('Email enviado', { description: NEUTRAL });
  });
});
