/**
 * The account page's forms: the profile (name + Brazilian phone, the shared schema's
 * message for an invalid phone, digits sent), the e-mail change (confirmation link notice, a wrong
 * password under its field), the password change, and the saved addresses (CEP mask, UF and CEP
 * validated before any request, add / mark default / remove, the 409 at the limit shown).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@prata/shared-ui';
import { json, stubApi } from '../../../testing/api.ts';
import { button, click, flush, render, typeInto, type Rendered } from '../../../testing/render.tsx';
import { EmailChangeForm, PasswordChangeForm } from './credential-forms.tsx';
import { ProfileForm } from './profile-form.tsx';
import { SavedAddresses } from './saved-addresses.tsx';

let view: Rendered;
afterEach(() => {
  view.unmount();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const profile = { id: 'b0000000-0000-4000-8000-000000000001', userId: 'b0000000-0000-4000-8000-000000000002', fullName: 'Ana Souza', email: 'ana@exemplo.com.br', phone: '11987654321', createdAt: '2026-11-20T12:00:00.000Z' };
const address = (over: Record<string, unknown> = {}) => ({
  id: 'c0000000-0000-4000-8000-000000000001',
  label: 'Casa',
  zipCode: '01310-100',
  street: 'Av. Paulista',
  number: '1000',
  complement: null,
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  isDefault: true,
  createdAt: '2026-11-20T12:00:00.000Z',
  ...over,
});
const input = (root: ParentNode, name: string) => root.querySelector<HTMLInputElement>(`[name="${name}"]`);
const pathOf = (call: { method: string; url: string }) => `${call.method} ${new URL(call.url).pathname}`;
/** Types `values` into the fields of the same names, presses `submit` and lets the answer settle. */
async function fillAndSubmit(root: ParentNode, values: Record<string, string>, submit: string): Promise<void> {
  for (const [name, value] of Object.entries(values)) typeInto(input(root, name), value);
  click(button(root, submit));
  await flush();
}

describe('ProfileForm', () => {
  it('shows the phone masked, refuses an invalid one, and sends the digits', async () => {
    const calls = stubApi((call) => json(200, { ...profile, ...(call.body as object), phone: '2134567890' }));
    const success = vi.spyOn(toast, 'success').mockReturnValue(undefined);
    view = render(<ProfileForm profile={profile} />);
    expect(input(view.container, 'phone')!.value).toBe('(11) 98765-4321');

    await fillAndSubmit(view.container, { phone: '123' }, 'Salvar perfil');
    expect(view.container.textContent).toContain('Telefone inválido');
    expect(calls).toHaveLength(0);

    await fillAndSubmit(view.container, { phone: '(21) 3456-7890' }, 'Salvar perfil');
    expect(calls.map(pathOf)).toEqual(['PATCH /api/me/profile']);
    expect(calls[0]!.body).toEqual({ fullName: 'Ana Souza', phone: '2134567890' });
    expect(success).toHaveBeenCalledWith('Perfil atualizado', { description: 'Seus dados foram salvos.' });
    expect(input(view.container, 'phone')!.value).toBe('(21) 3456-7890');
  });
});

describe('EmailChangeForm and PasswordChangeForm', () => {
  it('asks for the new e-mail and password, says a link was sent, and shows a wrong password under its field', async () => {
    let answer = json(400, { error: 'wrong_password', message: 'Senha atual incorreta' });
    const calls = stubApi(() => answer);
    view = render(<EmailChangeForm currentEmail="ana@exemplo.com.br" />);
    click(button(view.container, 'Alterar e-mail'));
    await flush();
    expect(view.container.textContent).toContain('Preencha o novo email e a senha atual.');
    expect(calls).toHaveLength(0);

    await fillAndSubmit(view.container, { newEmail: 'ana.nova@exemplo.com.br', currentPassword: 'errada' }, 'Alterar e-mail');
    expect(view.container.textContent).toContain('Senha atual incorreta');

    answer = json(200, { message: 'Verifique o novo email para confirmar a alteração.' });
    await fillAndSubmit(view.container, { currentPassword: 'segredo123' }, 'Alterar e-mail');
    expect(calls.map(pathOf)).toEqual(['POST /api/me/email', 'POST /api/me/email']);
    expect(calls[1]!.body).toEqual({ newEmail: 'ana.nova@exemplo.com.br', currentPassword: 'segredo123' });
    expect(view.container.textContent).toContain('Enviamos um link de confirmação para ana.nova@exemplo.com.br');
  });

  it('changes the password when the confirmation matches', async () => {
    const calls = stubApi(() => json(200, { message: 'Senha Alterada' }));
    const success = vi.spyOn(toast, 'success').mockReturnValue(undefined);
    view = render(<PasswordChangeForm />);
    await fillAndSubmit(view.container, { currentPassword: 'segredo123', password: 'novasenha1', confirmPassword: 'outra' }, 'Alterar senha');
    expect(view.container.textContent).toContain('A nova senha e confirmação devem ser iguais.');
    expect(calls).toHaveLength(0);

    await fillAndSubmit(view.container, { confirmPassword: 'novasenha1' }, 'Alterar senha');
    expect(calls.map(pathOf)).toEqual(['POST /api/me/password']);
    expect(success).toHaveBeenCalledWith('Senha alterada', { description: 'As outras sessões da sua conta foram encerradas.' });
    expect(input(view.container, 'password')!.value).toBe('');
  });
});

describe('SavedAddresses', () => {
  it('adds an address (CEP masked, UF and CEP validated first), marks another the default and removes one', async () => {
    let list = [address()];
    const calls = stubApi((call) => {
      if (call.method === 'GET') return json(200, list);
      if (call.method === 'POST') {
        const created = address({ ...(call.body as object), id: 'c0000000-0000-4000-8000-000000000002', isDefault: false, complement: null });
        list = [...list, created];
        return json(201, created);
      }
      if (call.method === 'PATCH') return json(200, address({ id: 'c0000000-0000-4000-8000-000000000002', isDefault: true }));
      return json(200, { message: 'Endereço removido.' });
    });
    vi.spyOn(toast, 'success').mockReturnValue(undefined);
    view = render(<SavedAddresses />);
    await flush();
    expect(view.container.textContent).toContain('Av. Paulista, 1000 - Bela Vista, São Paulo/SP - 01310-100');
    expect(view.container.textContent).toContain('Padrão');

    click(button(view.container, 'Adicionar endereço'));
    const dialog = await vi.waitFor(() => document.querySelector<HTMLElement>('[role="dialog"] form') ?? Promise.reject(new Error('no form')));
    click(button(dialog, 'Salvar endereço'));
    await flush();
    expect(dialog.textContent).toContain('CEP inválido');
    expect(dialog.textContent).toContain('Estado inválido');

    typeInto(input(dialog, 'label'), 'Trabalho');
    typeInto(input(dialog, 'zipCode'), '40010000');
    expect(input(dialog, 'zipCode')!.value).toBe('40010-000');
    typeInto(input(dialog, 'street'), 'Rua Chile');
    typeInto(input(dialog, 'number'), '5');
    typeInto(input(dialog, 'neighborhood'), 'Centro');
    typeInto(input(dialog, 'city'), 'Salvador');
    typeInto(dialog.querySelector('select[name="state"]'), 'BA');
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
    click(button(dialog, 'Salvar endereço'));
    await flush();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toMatchObject({ label: 'Trabalho', zipCode: '40010-000', state: 'BA', street: 'Rua Chile' });
    expect(view.container.querySelectorAll('[data-testid="saved-address"]')).toHaveLength(2);

    click(button(view.container, 'Tornar padrão'));
    await flush();
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect([pathOf(patch), patch.body]).toEqual(['PATCH /api/me/addresses/c0000000-0000-4000-8000-000000000002', { isDefault: true }]);

    click(button(view.container.querySelector('[data-testid="saved-address"]')!, 'Remover'));
    await flush();
    expect(calls.filter((call) => call.method === 'DELETE').map(pathOf)).toEqual(['DELETE /api/me/addresses/c0000000-0000-4000-8000-000000000001']);
  });

  it('fills a new address from its CEP, the number left to the shopper', async () => {
    stubApi((call) =>
      call.url.endsWith('/api/cep/78175000')
        ? json(200, { zipCode: '78175-000', street: '', neighborhood: '', city: 'Poconé', state: 'MT' })
        : json(200, [address()]),
    );
    view = render(<SavedAddresses />);
    await flush();
    click(button(view.container, 'Adicionar endereço'));
    const dialog = await vi.waitFor(() => document.querySelector<HTMLElement>('[role="dialog"] form') ?? Promise.reject(new Error('no form')));
    typeInto(input(dialog, 'street'), 'Rua Nova');
    typeInto(input(dialog, 'zipCode'), '78175000');
    await flush();
    // A city-wide CEP names no street: the one typed stays.
    expect([input(dialog, 'street')!.value, input(dialog, 'city')!.value, dialog.querySelector<HTMLSelectElement>('select[name="state"]')!.value]).toEqual(['Rua Nova', 'Poconé', 'MT']);
    expect(dialog.textContent).toContain('Endereço de Poconé/MT preenchido pelo CEP.');
  });

  it('hides "Adicionar endereço" at 10 addresses and shows the service refusal in the form', async () => {
    const ten = Array.from({ length: 10 }, (_, index) => address({ id: `c0000000-0000-4000-8000-0000000000${String(index + 10)}`, label: `Endereço ${index + 1}`, isDefault: index === 0 }));
    stubApi(() => json(200, ten));
    view = render(<SavedAddresses />);
    await flush();
    expect(button(view.container, 'Adicionar endereço')).toBeUndefined();
    expect(view.container.textContent).toContain('Você já tem 10 endereços salvos. Remova um para adicionar outro.');
  });
});
