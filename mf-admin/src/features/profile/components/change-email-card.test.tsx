/**
 * E-mail change card (admin.md 5, 8) through the form library: empty fields are one
 * toast, not field messages; an invalid e-mail shows under its field; when the service asks for a
 * second-factor code the code field appears with the service's message, and the next submit sends
 * the code; success clears the form.
 */
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@prata/shared-ui';
import { type } from '@prata/shared-ui/testing';
import { setupFormHarness } from '../../../testing/form-harness.tsx';
import { ChangeEmailCard } from './change-email-card.tsx';

const form = setupFormHarness(() => <ChangeEmailCard />);
const { field, submit, answer, describedBy: descriptions } = form;

describe('ChangeEmailCard', () => {
  it("says 'Campos obrigatórios' once, as a toast, and sends nothing", async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    await submit();
    expect(error).toHaveBeenCalledWith('Campos obrigatórios', { description: 'Preencha o novo email e a senha atual.' });
    expect(form.view.container.textContent).not.toContain('Preencha o novo email e a senha atual.');
    expect(field('Novo email').hasAttribute('aria-invalid')).toBe(false);
    expect(form.fetchMock).not.toHaveBeenCalled();
  });

  it('shows an invalid e-mail under its field', async () => {
    type(field('Novo email'), 'ana@');
    type(field('Senha atual'), 'segredo');
    await submit();
    expect(descriptions('Novo email')).toEqual(['Email inválido']);
    expect(form.fetchMock).not.toHaveBeenCalled();
  });

  it("asks for the code the service requires, sends it next, and clears the form on success", async () => {
    const success = vi.spyOn(toast, 'success').mockReturnValue(undefined);
    answer(400, { error: 'code_required', message: 'Informe o código de verificação.' });
    type(field('Novo email'), 'Nova@Example.com');
    type(field('Senha atual'), 'segredo');
    await submit();
    expect(descriptions('Código de verificação')).toEqual(['Do aplicativo autenticador, ou um código de recuperação', 'Informe o código de verificação.']);
    expect(JSON.parse(form.fetchMock.mock.calls[0]![1].body)).toEqual({ newEmail: 'nova@example.com', currentPassword: 'segredo' });

    answer(200, { message: 'Confirme o novo email pelo link enviado.' });
    type(field('Código de verificação'), 'abcd1234');
    await submit();
    expect(JSON.parse(form.fetchMock.mock.calls[1]![1].body)).toEqual({ newEmail: 'nova@example.com', currentPassword: 'segredo', code: 'ABCD1234' });
    expect(success).toHaveBeenCalledWith('Email Alterado', { description: 'Confirme o novo email pelo link enviado.' });
    expect(field('Novo email').value).toBe('');
    expect(form.view.container.textContent).not.toContain('Código de verificação');
  });
});
