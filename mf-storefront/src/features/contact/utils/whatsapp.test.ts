/** WhatsApp links of the contact page (storefront.md 4: the chat carries the fields as text). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_STORE_CONTACT, type ContactForm } from '@prata/contracts/content';
import { contactWhatsAppText, contactWhatsAppUrl, whatsAppUrl } from './whatsapp.ts';

const form: ContactForm = {
  name: 'Maria José',
  phone: '(11) 98765-4321',
  email: 'maria+joias@example.com',
  subject: 'Anel & brinco?',
  message: 'Linha 1\nLinha 2 #100% prata',
};

describe('contactWhatsAppUrl', () => {
  it("opens a chat with the store's number", () => {
    const url = new URL(contactWhatsAppUrl(form, DEFAULT_STORE_CONTACT.whatsappNumber));
    expect(url.origin).toBe('https://wa.me');
    expect(url.pathname).toBe(`/${DEFAULT_STORE_CONTACT.whatsappNumber}`);
  });

  it('carries every field in the text parameter', () => {
    const text = new URL(contactWhatsAppUrl(form, DEFAULT_STORE_CONTACT.whatsappNumber)).searchParams.get('text')!;
    expect(text).toBe(contactWhatsAppText(form));
    for (const value of Object.values(form)) expect(text).toContain(value);
    expect(text).toContain('*Nome:* Maria José');
    expect(text).toContain('*Telefone:* (11) 98765-4321');
    expect(text).toContain('*Email:* maria+joias@example.com');
    expect(text).toContain('*Assunto:* Anel & brinco?');
    expect(text).toContain('*Mensagem:* Linha 1\nLinha 2 #100% prata');
  });

  it('URL-encodes the text: no raw space, newline, &, #, + or ? after the ?text=', () => {
    const url = contactWhatsAppUrl(form, DEFAULT_STORE_CONTACT.whatsappNumber);
    const query = url.slice(url.indexOf('?text=') + '?text='.length);
    expect(query).not.toMatch(/[ \n&#+?]/);
    expect(query).toContain(encodeURIComponent('Anel & brinco?'));
    expect(query).toContain('%0A');
    expect(decodeURIComponent(query)).toBe(contactWhatsAppText(form));
  });
});

describe('whatsAppUrl', () => {
  it('links to the chat without text, keeping digits only in the number', () => {
    expect(whatsAppUrl(DEFAULT_STORE_CONTACT.whatsappNumber)).toBe(`https://wa.me/${DEFAULT_STORE_CONTACT.whatsappNumber}`);
    expect(whatsAppUrl('+55 (11) 91234-5678')).toBe('https://wa.me/5511912345678');
    expect(whatsAppUrl('5521988887777', 'Olá!')).toBe('https://wa.me/5521988887777?text=Ol%C3%A1!');
  });
});
