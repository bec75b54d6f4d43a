/**
 * Contact form (storefront.md 4, 5): invalid input gives one error toast with every message
 * joined by commas and opens nothing; valid input opens the WhatsApp chat in a new tab carrying
 * every field, shows 'Abrindo WhatsApp...' and clears the form; script tags are stripped as typed.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@prata/shared-ui';
import { ContactForm } from './contact-form.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

const field = (id: string) => container.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#contato-${id}`)!;

function type(id: string, value: string) {
  const element = field(id);
  const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function submit() {
  act(() => container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<ContactForm />));
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.restoreAllMocks();
});

describe('ContactForm', () => {
  it('shows every validation message in one error toast and opens nothing', () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    type('telefone', '123');
    type('email', 'maria');
    submit();
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Erro de validação', {
      description: 'Nome é obrigatório, Telefone inválido, Email inválido, Assunto é obrigatório, Mensagem é obrigatória',
    });
    expect(open).not.toHaveBeenCalled();
    expect(field('telefone').value).toBe('123');
  });

  it('opens WhatsApp in a new tab with every field, toasts and clears the form', () => {
    const success = vi.spyOn(toast, 'success').mockReturnValue(undefined);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    type('nome', '  Maria Silva ');
    type('telefone', '(11) 98765-4321');
    type('email', 'maria@example.com');
    type('assunto', 'Ajuste de anel');
    type('mensagem', 'Meu aro é 16.');
    submit();
    expect(open).toHaveBeenCalledTimes(1);
    const [url, target, features] = open.mock.calls[0]!;
    expect(target).toBe('_blank');
    expect(features).toContain('noopener');
    const text = new URL(String(url)).searchParams.get('text')!;
    for (const value of ['Maria Silva', '(11) 98765-4321', 'maria@example.com', 'Ajuste de anel', 'Meu aro é 16.']) expect(text).toContain(value);
    expect(text).not.toContain('  Maria');
    expect(success).toHaveBeenCalledWith('Abrindo WhatsApp...');
    for (const id of ['nome', 'telefone', 'email', 'assunto', 'mensagem']) expect(field(id).value).toBe('');
  });

  it('strips script tags while typing', () => {
    type('mensagem', 'Oi<script>alert(1)</script> tudo bem?');
    expect(field('mensagem').value).toBe('Oi tudo bem?');
  });
});
