/**
 * Content contracts: editable content sections and social links (admin.md sections 3 and 7),
 * the store's contact details and the contact form (storefront.md sections 2, 3, 4, 5 and 9).
 *
 * The contact form makes no backend call (storefront.md 7): the schema lives here so the rules
 * are written once and tested beside the other shared schemas.
 */
import { z } from 'zod';

// --- Content sections (admin.md 3) --------------------------------------------------------

/** Keys of the default content sections, in the order the spec lists them (admin.md 3), then the ring size guide. */
export const CONTENT_SECTION_KEYS = [
  'privacy_policy',
  'terms_of_service',
  'exchange_policy',
  'shipping_info',
  'about_us',
  'contact_info',
  'size_guide',
] as const;
export type ContentSectionKey = (typeof CONTENT_SECTION_KEYS)[number];

/** Upper bound of a section key, in characters (column `section_key varchar(50)`). */
export const CONTENT_SECTION_KEY_MAX_LENGTH = 50;

/** One content section as the API returns it. `content` is plain text; blank lines split paragraphs. */
export const contentSectionSchema = z.object({
  sectionKey: z.string().min(1).max(CONTENT_SECTION_KEY_MAX_LENGTH),
  title: z.string(),
  content: z.string(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ContentSection = z.infer<typeof contentSectionSchema>;

export const contentSectionListSchema = z.array(contentSectionSchema);

/** Params of `GET /api/content/:key`. Unknown well-formed keys answer 404, not 400. */
export const contentSectionKeyParamsSchema = z.object({
  key: z
    .string()
    .max(CONTENT_SECTION_KEY_MAX_LENGTH, 'Chave de conteúdo inválida')
    .regex(/^[a-z0-9_]+$/, 'Chave de conteúdo inválida'),
});

// --- Social links (admin.md 3) ------------------------------------------------------------

/** Platforms with social links, in display order (admin.md 2, social links tab). */
export const SOCIAL_PLATFORMS = ['instagram', 'facebook', 'telegram', 'whatsapp'] as const;
export const socialPlatformSchema = z.enum(SOCIAL_PLATFORMS);
export type SocialPlatform = z.infer<typeof socialPlatformSchema>;

/** Each platform holds up to four links (`link_1` .. `link_4`). */
export const SOCIAL_LINKS_PER_PLATFORM = 4;

/** One platform's links as the API returns them; an empty slot is null. */
export const socialLinksSchema = z.object({
  platform: socialPlatformSchema,
  link1: z.string().nullable(),
  link2: z.string().nullable(),
  link3: z.string().nullable(),
  link4: z.string().nullable(),
});
export type SocialLinks = z.infer<typeof socialLinksSchema>;

export const socialLinksListSchema = z.array(socialLinksSchema);

/** The first non-empty link of a platform's entry, or null. */
export function firstSocialLink(entry: SocialLinks | undefined): string | null {
  if (!entry) return null;
  for (const link of [entry.link1, entry.link2, entry.link3, entry.link4]) {
    if (link && link.trim()) return link.trim();
  }
  return null;
}

// --- Store contact details (storefront.md 2, 3, 9) --------------------------------

/** One row of the opening hours, e.g. `{ days: 'Sábado', hours: '9h às 14h' }`. */
export const openingHoursRowSchema = z.object({ days: z.string(), hours: z.string() });
export type OpeningHoursRow = z.infer<typeof openingHoursRowSchema>;

/**
 * How shoppers reach the store, as `GET /api/store-contact` returns it: shown by the
 * footer and the contact page, and the number the WhatsApp button and the contact form open.
 * `phone` is masked `(11) 99999-9999`; `whatsappNumber` is international, digits only
 * (`5511999999999`); `address` is the city/address line; `openingHours` in display order.
 * The owner edits it in the panel's Conteúdo tab (`storeContactUpdateSchema` in admin.ts).
 */
export const storeContactSchema = z.object({
  phone: z.string(),
  whatsappNumber: z.string(),
  email: z.string(),
  address: z.string(),
  openingHours: z.array(openingHoursRowSchema),
});
export type StoreContact = z.infer<typeof storeContactSchema>;

/**
 * The contact details a fresh store starts with (storefront.md 9: Mon–Fri 9–18, Sat 9–14, Sun
 * closed), also shown while the stored ones load or when loading them failed.
 */
export const DEFAULT_STORE_CONTACT: StoreContact = {
  email: 'contato@prata925.com.br',
  phone: '(11) 99999-9999',
  whatsappNumber: '5511999999999',
  address: 'São Paulo, SP',
  openingHours: [
    { days: 'Segunda a Sexta', hours: '9h às 18h' },
    { days: 'Sábado', hours: '9h às 14h' },
    { days: 'Domingo', hours: 'Fechado' },
  ],
};

// --- Contact form (storefront.md 3, 5) ----------------------------------------------------

const SCRIPT_BLOCK = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const SCRIPT_TAG = /<\/?script\b[^>]*>?/gi;

/**
 * Removes script elements (with their content) and any stray opening or closing script tag.
 * Applied on input (each keystroke) and again by the schema (storefront.md 5).
 */
export function stripScriptTags(value: string): string {
  let previous: string;
  let current = value;
  // Repeat until stable so that nested fragments ("<scr<script>ipt>") cannot reassemble a tag.
  do {
    previous = current;
    current = current.replace(SCRIPT_BLOCK, '').replace(SCRIPT_TAG, '');
  } while (current !== previous);
  return current;
}

/** A text field: script tags stripped, then trimmed, then the length rules. */
function cleanText() {
  return z.string().overwrite(stripScriptTags).trim();
}

/** Contact form (storefront.md 5). Field order is the order of the messages in the toast. */
export const contactFormSchema = z.object({
  name: cleanText().min(1, 'Nome é obrigatório').max(100, 'Nome muito longo'),
  phone: cleanText().min(10, 'Telefone inválido').max(20, 'Telefone muito longo'),
  email: cleanText().pipe(z.email('Email inválido').max(255, 'Email muito longo')),
  subject: cleanText().min(1, 'Assunto é obrigatório').max(200, 'Assunto muito longo'),
  message: cleanText().min(1, 'Mensagem é obrigatória').max(1000, 'Mensagem muito longa'),
});
export type ContactForm = z.output<typeof contactFormSchema>;
export type ContactFormInput = z.input<typeof contactFormSchema>;

/** Result of {@link validateContactForm}: the cleaned values, or every message joined with commas. */
export type ContactFormValidation = { success: true; data: ContactForm } | { success: false; message: string };

/** Validates the contact form; on failure all messages are joined with ", " for one toast. */
export function validateContactForm(input: ContactFormInput): ContactFormValidation {
  const result = contactFormSchema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  return { success: false, message: result.error.issues.map((issue) => issue.message).join(', ') };
}

/**
 * The key `ContentChanged` names when the social links change (content sections use their own
 * `section_key`); the shell's host tags every cached page with `content:social-links`, as the
 * footer shows them.
 */
export const SOCIAL_LINKS_CONTENT_KEY = 'social-links';
