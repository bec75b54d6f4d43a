/** Content contracts: the contact form rules of storefront.md 5 and the social-link helper. */
import { describe, expect, it } from 'vitest';
import { contactFormSchema, firstSocialLink, stripScriptTags, validateContactForm, type ContactFormInput } from './content.ts';

const valid: ContactFormInput = {
  name: 'Maria Silva',
  phone: '(11) 98765-4321',
  email: 'maria@example.com',
  subject: 'Tamanho de anel',
  message: 'Vocês fazem ajuste de aro?',
};

function messagesFor(input: Partial<ContactFormInput>): string[] {
  const result = contactFormSchema.safeParse({ ...valid, ...input });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('contact form schema (storefront.md 5)', () => {
  it('accepts a valid form and trims every value', () => {
    const result = validateContactForm({
      name: '  Maria Silva ',
      phone: ' (11) 98765-4321 ',
      email: '  maria@example.com  ',
      subject: ' Tamanho de anel ',
      message: '\n Vocês fazem ajuste de aro? \t',
    });
    expect(result).toEqual({ success: true, data: valid });
  });

  it.each([
    ['name', '', 'Nome é obrigatório'],
    ['name', '    ', 'Nome é obrigatório'],
    ['name', 'a'.repeat(101), 'Nome muito longo'],
    ['phone', '123456789', 'Telefone inválido'],
    ['phone', '', 'Telefone inválido'],
    ['phone', '1'.repeat(21), 'Telefone muito longo'],
    ['email', 'maria', 'Email inválido'],
    ['email', '', 'Email inválido'],
    ['email', `${'a'.repeat(250)}@example.com`, 'Email muito longo'],
    ['subject', ' ', 'Assunto é obrigatório'],
    ['subject', 'a'.repeat(201), 'Assunto muito longo'],
    ['message', '', 'Mensagem é obrigatória'],
    ['message', 'a'.repeat(1001), 'Mensagem muito longa'],
  ] as const)('%s = %j gives %s', (field, value, message) => {
    expect(messagesFor({ [field]: value })).toContain(message);
  });

  it('accepts the boundaries: name 100, phone 10 and 20, subject 200, message 1000, email 255', () => {
    expect(
      messagesFor({
        name: 'a'.repeat(100),
        phone: '1'.repeat(10),
        subject: 'a'.repeat(200),
        message: 'a'.repeat(1000),
        email: `${'a'.repeat(243)}@example.com`,
      }),
    ).toEqual([]);
    expect(messagesFor({ phone: '1'.repeat(20) })).toEqual([]);
  });

  it('measures lengths after trimming', () => {
    expect(messagesFor({ name: ` ${'a'.repeat(100)} ` })).toEqual([]);
    expect(messagesFor({ phone: '   123456789   ' })).toEqual(['Telefone inválido']);
  });

  it('strips script tags from every field', () => {
    const result = validateContactForm({
      ...valid,
      name: 'Maria<script>alert(1)</script> Silva',
      message: '<script src="x.js"></script>Olá <SCRIPT>steal()</SCRIPT>mundo',
    });
    expect(result).toEqual({ success: true, data: { ...valid, name: 'Maria Silva', message: 'Olá mundo' } });
  });

  it('a field that is only a script counts as empty', () => {
    expect(messagesFor({ subject: '<script>alert(1)</script>' })).toEqual(['Assunto é obrigatório']);
  });

  it('joins every message with commas, in field order, for one toast', () => {
    const result = validateContactForm({ name: '', phone: '123', email: 'x', subject: '', message: '' });
    expect(result).toEqual({
      success: false,
      message: 'Nome é obrigatório, Telefone inválido, Email inválido, Assunto é obrigatório, Mensagem é obrigatória',
    });
  });
});

describe('stripScriptTags', () => {
  it('removes script elements, stray tags and reassembled fragments, and keeps other markup as text', () => {
    expect(stripScriptTags('a<script>x</script>b')).toBe('ab');
    expect(stripScriptTags('a<script type="module">x\ny</script >b')).toBe('ab');
    expect(stripScriptTags('a<script>b')).toBe('ab');
    expect(stripScriptTags('a</script>b')).toBe('ab');
    expect(stripScriptTags('<scr<script>x</script>ipt>alert(1)</script>')).toBe('alert(1)');
    expect(stripScriptTags('2 < 3 e <b>negrito</b>')).toBe('2 < 3 e <b>negrito</b>');
  });
});

describe('firstSocialLink', () => {
  it('returns the first non-empty link of a platform, or null', () => {
    expect(firstSocialLink({ platform: 'instagram', link1: null, link2: ' ', link3: 'https://instagram.com/b', link4: 'https://instagram.com/c' })).toBe(
      'https://instagram.com/b',
    );
    expect(firstSocialLink({ platform: 'facebook', link1: null, link2: null, link3: null, link4: null })).toBeNull();
    expect(firstSocialLink(undefined)).toBeNull();
  });
});
