/**
 * "Seus dados": the export downloads the service's answer as a JSON
 * file; the deletion asks for the password (the contract's pt-BR message when empty), shows the
 * service's refusal, and after a deletion signs out and goes to the home page.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@prata/shared-ui/state';
import { json, stubApi } from '../../../testing/api.ts';
import { button, click, flush, render, typeInto, type Rendered } from '../../../testing/render.tsx';
import { AccountPrivacy, exportFileName } from './account-privacy.tsx';

let view: Rendered;
afterEach(() => {
  view.unmount();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const exported = {
  exportedAt: '2026-11-25T12:00:00.000Z',
  account: { id: 'b0000000-0000-4000-8000-000000000009', email: 'ana@exemplo.com.br', createdAt: '2026-11-20T12:00:00.000Z', emailConfirmedAt: null, lastLoginAt: null, twoFactorEnabled: false },
  profile: { fullName: 'Ana', phone: null },
  addresses: [],
  orders: [],
  favourites: [],
  stockAlerts: [],
  cart: null,
  cartReminders: [],
  consents: [],
  reviews: [],
};

async function openDeletion(): Promise<HTMLElement> {
  click(button(view.container, 'Excluir minha conta'));
  return vi.waitFor(() => {
    const found = document.querySelector<HTMLElement>('[role="dialog"]');
    // The dialog's password form is a chunk of its own: wait for it too.
    if (!found?.querySelector('input[name="currentPassword"]')) throw new Error('no dialog form yet');
    return found;
  });
}

describe('AccountPrivacy', () => {
  it('downloads the export as a dated JSON file', async () => {
    const calls = stubApi((call) => (call.url.endsWith('/api/me/export') ? json(200, exported) : json(500, {})));
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:dados');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect([this.href, this.download]).toEqual(['blob:dados', exportFileName(new Date())]);
    });
    const success = vi.spyOn(toast, 'success').mockReturnValue(undefined);
    view = render(<AccountPrivacy />);
    click(button(view.container, 'Baixar meus dados'));
    await flush();
    expect(calls.map((call) => `${call.method} ${new URL(call.url).pathname}`)).toEqual(['GET /api/me/export']);
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(JSON.parse(await (created.mock.calls[0]![0] as Blob).text())).toEqual(exported);
    expect(success).toHaveBeenCalledWith('Dados exportados', { description: 'O arquivo com os seus dados foi baixado.' });
    expect(exportFileName(new Date('2026-11-25T15:00:00Z'))).toBe('prata925-meus-dados-2026-11-25.json');
  });

  it('asks for the password, shows a refusal, and after the deletion signs out and goes home', async () => {
    let answer = json(400, { error: 'wrong_password', message: 'Senha atual incorreta' });
    const calls = stubApi((call) => {
      if (call.method === 'DELETE' && call.url.endsWith('/api/me')) return answer;
      if (call.url.endsWith('/api/auth/sign-out')) return json(200, { message: 'Você foi desconectado com sucesso.' });
      return json(500, {});
    });
    const success = vi.spyOn(toast, 'success').mockReturnValue(undefined);
    view = render(<AccountPrivacy />, { path: '/minha-conta/pedidos' });
    let dialog = await openDeletion();
    expect(dialog.textContent).toContain('Os pedidos ficam guardados sem identificação');

    click(button(dialog, 'Excluir conta'));
    await flush();
    expect(dialog.textContent).toContain('Informe sua senha atual para excluir a conta.');
    expect(calls).toHaveLength(0);

    typeInto(dialog.querySelector('input[name="currentPassword"]'), 'errada');
    click(button(dialog, 'Excluir conta'));
    await flush();
    expect(dialog.textContent).toContain('Senha atual incorreta');
    expect(view.location()?.path).toBe('/minha-conta/pedidos');

    answer = json(200, { message: 'Conta excluída. Seus dados pessoais foram apagados; os pedidos ficam guardados sem identificação.' });
    dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
    typeInto(dialog.querySelector('input[name="currentPassword"]'), 'segredo123');
    click(button(dialog, 'Excluir conta'));
    await flush(8);
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([{ currentPassword: 'errada' }, { currentPassword: 'segredo123' }]);
    expect(calls.some((call) => call.url.endsWith('/api/auth/sign-out'))).toBe(true);
    expect(success).toHaveBeenCalledWith('Conta excluída', { description: 'Conta excluída. Seus dados pessoais foram apagados; os pedidos ficam guardados sem identificação.' });
    expect(view.location()?.path).toBe('/');
  });
});
