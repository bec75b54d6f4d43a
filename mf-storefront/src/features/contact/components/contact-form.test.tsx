/**
 * Contact form (storefront.md 4, 5): invalid input gives one error toast with every message
 * joined by commas and opens nothing; valid input opens the WhatsApp chat in a new tab carrying
 * every field with the store's stored WhatsApp number, shows 'Abrindo WhatsApp...' and
 * clears the form; script tags are stripped as typed. The contact details show the
 * stored values.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_STORE_CONTACT, type StoreContact } from '@prata/contracts/content';
import { toast } from '@prata/shared-ui';
import { ContactDetails } from './contact-details.tsx';
import { ContactForm } from './contact-form.tsx';

/** Details as the owner edited them in the panel (served by `GET /api/store-contact`). */
const EDITED: StoreContact = {
  phone: '(21) 3333-4444',
  whatsappNumber: '5521988887777',
  email: 'atendimento@loja.com.br',
  address: 'Rua do Ouvidor, 50 · Rio de Janeiro, RJ',
  openingHours: [{ days: 'Terça a Sábado', hours: '10h às 19h' }],
};

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
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(['store-contact'], EDITED);
  act(() =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <ContactForm />
        <ContactDetails />
      </QueryClientProvider>,
    ),
  );
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
    expect(new URL(String(url)).pathname).toBe('/5521988887777');
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

describe('ContactDetails', () => {
  it('shows the stored phone, e-mail, address, opening hours and WhatsApp link, not the defaults', () => {
    const text = container.textContent!;
    for (const value of [EDITED.phone, EDITED.email, EDITED.address, 'Terça a Sábado', '10h às 19h']) expect(text).toContain(value);
    expect(text).not.toContain(DEFAULT_STORE_CONTACT.phone);
    expect(text).not.toContain('Segunda a Sexta');
    expect(container.querySelector('a[href^="https://wa.me/"]')!.getAttribute('href')).toBe('https://wa.me/5521988887777');
    expect(container.querySelector('a[href^="mailto:"]')!.getAttribute('href')).toBe(`mailto:${EDITED.email}`);
    expect(container.querySelector('a[href^="tel:"]')!.getAttribute('href')).toBe('tel:+552133334444');
  });
});
