/**
 * Admin registration form (admin.md 2, 5, 8): the shared schema's messages, the pending state
 * after a successful submit, and the toasts for the service's 409 answers.
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@prata/shared-ui';
import { flush, type } from '@prata/shared-ui/testing';
import { setupFormHarness } from '../../../testing/form-harness.tsx';
import { AdminRegistrationForm } from './admin-registration-form.tsx';

const form = setupFormHarness(() => <AdminRegistrationForm />);
const { field, submit, answer } = form;
const errorOf = form.describedBy;

function fill(values: { fullName?: string; email?: string; password?: string; confirmPassword?: string }) {
  if (values.fullName !== undefined) type(field('Nome completo'), values.fullName);
  if (values.email !== undefined) type(field('Email'), values.email);
  if (values.password !== undefined) type(field('Senha'), values.password);
  if (values.confirmPassword !== undefined) type(field('Confirmar senha'), values.confirmPassword);
}


describe('AdminRegistrationForm', () => {
  it("hints 'Mínimo 8 caracteres' under the password and says the owner should create it", () => {
    expect(errorOf('Senha')).toEqual(['Mínimo 8 caracteres']);
    expect(form.view.container.textContent).toContain('apenas o proprietário da loja deve criar');
  });

  it('shows the schema messages tied to the fields and sends nothing', async () => {
    fill({ fullName: 'Ana', email: 'ana@example.com', password: '1234567', confirmPassword: '7654321' });
    await submit();
    expect(errorOf('Senha')).toEqual(['Mínimo 8 caracteres', 'A senha deve ter pelo menos 8 caracteres']);
    expect(errorOf('Confirmar senha')).toEqual(['As senhas não coincidem']);
    expect(field('Senha').getAttribute('aria-invalid')).toBe('true');
    expect(form.fetchMock).not.toHaveBeenCalled();
  });

  it('requires every field', async () => {
    await submit();
    expect(errorOf('Nome completo')).toEqual(['Nome completo é obrigatório']);
    expect(errorOf('Email')).toEqual(['Email inválido']);
    expect(form.fetchMock).not.toHaveBeenCalled();
  });

  it("posts the registration, then shows the pending state and 'Criar outro registro' goes back", async () => {
    answer(201, { success: true, message: 'Enviamos um email de confirmação para ana@example.com.' });
    fill({ fullName: ' Ana Souza ', email: 'Ana@Example.com', password: 'segredo123', confirmPassword: 'segredo123' });
    await submit();
    await flush();
    const [url, init] = form.fetchMock.mock.calls[0]!;
    expect(url).toBe('http://127.0.0.1:3000/api/admin-registrations');
    expect(JSON.parse(init.body)).toEqual({ fullName: 'Ana Souza', email: 'ana@example.com', password: 'segredo123', confirmPassword: 'segredo123' });
    const pending = form.view.container.querySelector('[data-testid="admin-registration-pending"]')!;
    expect(pending.textContent).toContain('Enviamos um email de confirmação para ana@example.com');
    act(() => [...pending.querySelectorAll('button')].find((b) => b.textContent === 'Criar outro registro')!.click());
    expect(field('Email').value).toBe('');
  });

  it.each([
    ['email_in_use', 'Erro no cadastro', { description: 'Este email já possui uma conta. Tente fazer login ou use outro email.' }],
    ['admin_limit', 'Limite máximo de 3 administradores atingido', undefined],
    ['internal', 'Erro ao criar registro de administrador', undefined],
  ])('maps the %s answer to its toast', async (code, title, options) => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    answer(code === 'internal' ? 500 : 409, { error: code, message: 'x' });
    fill({ fullName: 'Ana', email: 'ana@example.com', password: 'segredo123', confirmPassword: 'segredo123' });
    await submit();
    await flush();
    expect(error).toHaveBeenCalledWith(title, ...(options ? [options] : []));
    expect(form.view.container.querySelector('[data-testid="admin-registration-pending"]')).toBeNull();
  });
});

describe('AdminRegistrationForm with the owner setup token', () => {
  it('says an approval is needed without it, and sends the token for the owner with it', async () => {
    expect(form.view.container.textContent).toContain('após a confirmação por email e a aprovação de um administrador');
    form.rerender(<AdminRegistrationForm setupToken="token-de-primeiro-acesso-0123456789" />);
    expect(form.view.container.textContent).toContain('Primeiro acesso: esta será a conta do proprietário da loja');
    answer(201, { success: true, message: 'Enviamos um email de confirmação para dona@example.com.' });
    fill({ fullName: 'Dona', email: 'dona@example.com', password: 'segredo123', confirmPassword: 'segredo123' });
    await submit();
    await flush();
    expect(JSON.parse(form.fetchMock.mock.calls[0]![1].body).setupToken).toBe('token-de-primeiro-acesso-0123456789');
  });

  it('shows the service message for a used or expired token', async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    form.rerender(<AdminRegistrationForm setupToken="token-de-primeiro-acesso-0123456789" />);
    answer(400, { error: 'invalid_setup_token', message: 'Link de primeiro acesso inválido ou expirado.' });
    fill({ fullName: 'Dona', email: 'dona@example.com', password: 'segredo123', confirmPassword: 'segredo123' });
    await submit();
    await flush();
    expect(error).toHaveBeenCalledWith('Link de primeiro acesso inválido', { description: 'Link de primeiro acesso inválido ou expirado.' });
  });
});
