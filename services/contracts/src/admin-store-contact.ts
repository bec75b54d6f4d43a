/**
 * Admin panel contracts for the store's contact details: phone and WhatsApp numbers (validated
 * and stored in display or international form), e-mail, address and opening hours.
 */
import { z } from 'zod';

/** Most rows of opening hours (one per weekday). */
export const OPENING_HOURS_MAX_ROWS = 7;

/** The digits of a Brazilian number typed with or without the country code (+55) and mask. */
function brazilianDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length > 11 && digits.startsWith('55') ? digits.slice(2) : digits;
}

/**
 * Brazilian numbers (Anatel numbering plan): a two-digit area code (DDD, no zero digit) and either
 * a mobile number (9 digits starting with 9) or a landline (8 digits starting with 2 to 5).
 * Written here rather than with brazilian-utils, whose area-code tables would weigh on the panel.
 */
const MOBILE_DIGITS = /^[1-9][1-9]9\d{8}$/;
const LANDLINE_DIGITS = /^[1-9][1-9][2-5]\d{7}$/;
const isValidMobilePhone = (digits: string) => MOBILE_DIGITS.test(digits);
const isValidPhone = (digits: string) => MOBILE_DIGITS.test(digits) || LANDLINE_DIGITS.test(digits);

/** `(DD) NNNNN-NNNN` (mobile, 11 digits) or `(DD) NNNN-NNNN` (landline, 10 digits). */
export function maskBrazilianPhone(digits: string): string {
  const local = digits.slice(2);
  const split = local.length - 4;
  return `(${digits.slice(0, 2)}) ${local.slice(0, split)}-${local.slice(split)}`;
}

/**
 * The store's phone (area code + 8 or 9 digits; mask, spaces and +55 optional), stored masked
 * `(11) 99999-9999` for display. A shopper's phone is `brazilianPhoneSchema` (auth.ts, digits).
 */
export const storePhoneSchema = z
  .string()
  .trim()
  .max(25, 'Telefone inválido')
  .transform(brazilianDigits)
  .refine((digits) => (digits.length === 10 || digits.length === 11) && isValidPhone(digits), 'Telefone inválido')
  .transform(maskBrazilianPhone);

/** A Brazilian mobile number for WhatsApp, stored international and digits only (`5511999999999`). */
export const whatsappNumberSchema = z
  .string()
  .trim()
  .max(25, 'Número de WhatsApp inválido')
  .transform(brazilianDigits)
  .refine((digits) => digits.length === 11 && isValidMobilePhone(digits), 'Número de WhatsApp inválido: use um celular com DDD')
  .transform((digits) => `55${digits}`);

/** `PUT /api/admin/store-contact`: the store's contact details and opening hours. */
export const storeContactUpdateSchema = z.object({
  phone: storePhoneSchema,
  whatsappNumber: whatsappNumberSchema,
  email: z.string().trim().max(255, 'Email muito longo').pipe(z.email('Email inválido')),
  address: z.string().trim().min(1, 'Endereço é obrigatório').max(200, 'Endereço muito longo'),
  openingHours: z
    .array(
      z.object({
        days: z.string().trim().min(1, 'Informe os dias').max(40, 'Dias: texto muito longo'),
        hours: z.string().trim().min(1, 'Informe o horário').max(40, 'Horário: texto muito longo'),
      }),
    )
    .min(1, 'Informe ao menos um horário de atendimento')
    .max(OPENING_HOURS_MAX_ROWS, `No máximo ${OPENING_HOURS_MAX_ROWS} linhas de horário`),
});
export type StoreContactUpdate = z.input<typeof storeContactUpdateSchema>;
