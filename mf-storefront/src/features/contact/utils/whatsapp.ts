/**
 * WhatsApp links (storefront.md 2 and 4 "/contato"): a chat with the store, and the contact form
 * turned into a pre-filled chat (`https://wa.me/<number>?text=<url-encoded text>`) that carries
 * every field.
 */
import type { ContactForm } from '@prata/contracts/content';

/** A wa.me chat link with the store's WhatsApp `number` (from the store settings); `text` (optional) is pre-filled, URL-encoded. */
export function whatsAppUrl(number: string, text?: string): string {
  const base = `https://wa.me/${number.replace(/\D/g, '')}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

/** The chat text for a validated contact form: every field on its own line. */
export function contactWhatsAppText(form: ContactForm): string {
  return [
    'Olá! Vim pelo site da Prata 925.',
    '',
    `*Nome:* ${form.name}`,
    `*Telefone:* ${form.phone}`,
    `*Email:* ${form.email}`,
    `*Assunto:* ${form.subject}`,
    `*Mensagem:* ${form.message}`,
  ].join('\n');
}

/** The wa.me link that opens a chat with the store's WhatsApp `number` carrying the contact form. */
export function contactWhatsAppUrl(form: ContactForm, number: string): string {
  return whatsAppUrl(number, contactWhatsAppText(form));
}
