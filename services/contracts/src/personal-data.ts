/** A customer's own data (LGPD art. 18): the export of what the store keeps, and deleting the account. */
import { z } from 'zod';
import { consentRecordSchema } from './consent.ts';
import { savedAddressSchema } from './orders.ts';

/**
 * `GET /api/me/export` (LGPD art. 18, II and V): the signed-in customer's personal data
 * as the store keeps it: account, profile, orders with their lines, delivery data and WhatsApp
 * opt-in, favourites, the cart kept on the server with the reminder consent and the reminders
 * e-mailed, the reviews they wrote and the cookie choices made while signed in (the consent log). The parts added later default to none, so a client parses
 * an export of an older service too.
 */
export const personalDataExportSchema = z.object({
  exportedAt: z.iso.datetime({ offset: true }),
  account: z.object({ id: z.uuid(), email: z.string(), createdAt: z.iso.datetime({ offset: true }), emailConfirmedAt: z.iso.datetime({ offset: true }).nullable(), lastLoginAt: z.iso.datetime({ offset: true }).nullable(), twoFactorEnabled: z.boolean() }),
  profile: z.object({ fullName: z.string(), phone: z.string().nullable().default(null) }).nullable(),
  /** The saved delivery addresses (absent from a service before it: read as none). */
  addresses: z.array(savedAddressSchema).default([]),
  orders: z.array(
    z.object({
      number: z.string(),
      status: z.string(),
      createdAt: z.iso.datetime({ offset: true }),
      totalCents: z.number().int(),
      paymentMethod: z.string(),
      /** `cpf`: the buyer's CPF the order kept for its invoice, digits; null before it was asked. */
      contact: z.object({ name: z.string(), email: z.string(), phone: z.string(), cpf: z.string().nullable() }),
      delivery: z.object({ zipCode: z.string(), street: z.string(), number: z.string(), complement: z.string().nullable(), neighborhood: z.string(), city: z.string(), state: z.string() }),
      items: z.array(z.object({ productName: z.string(), variantLabel: z.string().nullable().default(null), quantity: z.number().int(), unitPriceCents: z.number().int() })),
      /** Whether the shopper asked for the order's updates on WhatsApp at `contact.phone` too. */
      whatsappOptIn: z.boolean().default(false),
      /** The cookie choice recorded when placing it: which providers may hear of its purchase (contracts/analytics.ts). */
      cookieConsent: z.object({ analytics: z.boolean(), marketing: z.boolean() }).default({ analytics: false, marketing: false }),
    }),
  ),
  favourites: z.array(z.string()),
  /** Back-in-stock alerts asked with the account or its e-mail: the piece ('Anel — Aro 18'), status, when. */
  stockAlerts: z.array(z.object({ item: z.string(), status: z.string(), createdAt: z.iso.datetime({ offset: true }) })).default([]),
  /**
   * The cart kept on the server (null without one): its lines ('Anel — Aro 18', units) and the
   * shopper's last change; the consent to cart reminders by e-mail (and when it was given), and the
   * reminders e-mailed (step 1 or 2, when sent, when its link was opened).
   */
  cart: z
    .object({
      items: z.array(z.object({ item: z.string(), quantity: z.number().int() })),
      updatedAt: z.iso.datetime({ offset: true }),
      reminderConsent: z.boolean(),
      reminderConsentAt: z.iso.datetime({ offset: true }).nullable(),
    })
    .nullable()
    .default(null),
  cartReminders: z.array(z.object({ step: z.number().int(), sentAt: z.iso.datetime({ offset: true }), openedAt: z.iso.datetime({ offset: true }).nullable() })).default([]),
  /** The reviews they wrote, of any status: the piece, stars, text, photos (public URLs), the store's reply. */
  reviews: z
    .array(
      z.object({
        productName: z.string(),
        rating: z.number().int(),
        text: z.string(),
        status: z.string(),
        photos: z.array(z.string()),
        reply: z.string().nullable(),
        createdAt: z.iso.datetime({ offset: true }),
      }),
    )
    .default([]),
  /** The cookie consent choices recorded while signed in (the consent log), oldest first. */
  consents: z.array(consentRecordSchema).default([]),
});
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;

/** `DELETE /api/me`: a customer deletes their own account; the current password confirms it. */
export const deleteOwnAccountSchema = z.object({
  currentPassword: z.string({ error: 'Informe sua senha atual para excluir a conta.' }).min(1, 'Informe sua senha atual para excluir a conta.').max(200, 'Senha muito longa'),
});
