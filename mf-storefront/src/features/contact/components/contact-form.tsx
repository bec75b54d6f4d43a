/**
 * Contact form (storefront.md 2, 3, 4, 5 "/contato"): name, phone, email, subject, message.
 * Script tags are stripped as the shopper types; on submit the values are trimmed and validated
 * with the shared schema. Invalid: one error toast with every message joined by commas. Valid:
 * a WhatsApp chat with the store's number (the stored contact details) carrying every
 * field opens in a new tab, the toast 'Abrindo WhatsApp...'
 * shows and the form is cleared. No backend call (storefront.md 7).
 */
import { Send } from 'lucide-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { stripScriptTags, validateContactForm, type ContactFormInput } from '@prata/contracts/content';
import { Button, Card, TextField, TextareaField, toast, useStoreContact } from '@prata/shared-ui';
import { contactWhatsAppUrl } from '../utils/whatsapp.ts';
import styles from './contact.module.css';

const EMPTY_FORM: ContactFormInput = { name: '', phone: '', email: '', subject: '', message: '' };

export function ContactForm() {
  const [form, setForm] = useState<ContactFormInput>(EMPTY_FORM);
  const contact = useStoreContact();

  const update = (field: keyof ContactFormInput) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = stripScriptTags(event.target.value);
    setForm((current) => ({ ...current, [field]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateContactForm(form);
    if (!result.success) {
      toast.error('Erro de validação', { description: result.message });
      return;
    }
    window.open(contactWhatsAppUrl(result.data, contact.whatsappNumber), '_blank', 'noopener,noreferrer');
    toast.success('Abrindo WhatsApp...');
    setForm(EMPTY_FORM);
  };

  return (
    <Card as="section" className={styles.card} aria-labelledby="mensagem-title">
      <h2 id="mensagem-title">Envie uma Mensagem</h2>
      <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="mensagem-title">
        <div className={styles.row}>
          <TextField id="contato-nome" label="Nome" name="name" autoComplete="name" value={form.name} onChange={update('name')} />
          <TextField id="contato-telefone" label="Telefone" name="phone" type="tel" autoComplete="tel" placeholder="(11) 99999-9999" value={form.phone} onChange={update('phone')} />
        </div>
        <TextField id="contato-email" label="Email" name="email" type="email" autoComplete="email" value={form.email} onChange={update('email')} />
        <TextField id="contato-assunto" label="Assunto" name="subject" value={form.subject} onChange={update('subject')} />
        <TextareaField id="contato-mensagem" label="Mensagem" name="message" value={form.message} onChange={update('message')} />
        <Button type="submit" variant="accent" size="lg">
          <Send size={16} aria-hidden="true" /> Enviar pelo WhatsApp
        </Button>
      </form>
    </Card>
  );
}
