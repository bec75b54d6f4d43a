/**
 * Analytics and ad conversions the owner sets in the panel: Google Analytics 4 (gtag.js in the
 * browser, the Measurement Protocol from the server) and the Meta Pixel (fbevents.js, the
 * Conversions API). Everything here runs only with the shopper's consent (consent.ts): GA4 with
 * `analytics`, Meta with `marketing`.
 *
 * The five e-commerce events the store sends (GA4's recommended names; Meta's standard events
 * beside them) each carry an `event_id`: a random UUID, except the purchase's, which is the
 * order's id ({@link purchaseEventId}): the browser's purchase and the one the server sends when
 * the order is paid share it, so Meta counts one conversion (its deduplication key is the event
 * name and `event_id`) and GA4 one purchase (it also keys on `transaction_id`, the order's number).
 * Derived rather than stored: the browser knows the order's id from the placing answer, the server
 * from the order, and nothing new is kept.
 */
import { z } from 'zod';

/** GA4's recommended e-commerce events the store sends. */
export const ANALYTICS_EVENTS = ['view_item', 'add_to_cart', 'begin_checkout', 'add_payment_info', 'purchase'] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

/** Meta's standard event for each of {@link ANALYTICS_EVENTS}. */
export const META_EVENT_NAMES: Record<AnalyticsEventName, string> = {
  view_item: 'ViewContent',
  add_to_cart: 'AddToCart',
  begin_checkout: 'InitiateCheckout',
  add_payment_info: 'AddPaymentInfo',
  purchase: 'Purchase',
};

/** A piece in an event: the product (or variant) id, its name, unit price in BRL cents, units. */
export interface AnalyticsItem {
  id: string;
  name: string;
  priceCents: number;
  quantity: number;
  /** The variant's label ('Aro 18'), when it has one. */
  variant?: string | undefined;
}

/** One e-commerce event as the remotes report it (shared-ui's `trackEvent`). */
export interface AnalyticsEvent {
  name: AnalyticsEventName;
  /** The event's value, BRL cents. */
  valueCents: number;
  items: AnalyticsItem[];
  /** `add_payment_info`: the method chosen (`pix`, `card`, `boleto`). */
  paymentType?: string | undefined;
  /** `purchase`: the order's number. */
  transactionId?: string | undefined;
  /** `purchase`: the freight, BRL cents. */
  shippingCents?: number | undefined;
  /** Given for the purchase ({@link purchaseEventId}); a random UUID otherwise. */
  eventId?: string | undefined;
}

/** The `event_id` of an order's purchase, in the browser and from the server alike: the order's id. */
export function purchaseEventId(orderId: string): string {
  return orderId;
}

const GA4_ID = /^G-[A-Z0-9]{4,20}$/;
const PIXEL_ID = /^\d{5,20}$/;

/** `GET /api/analytics-config` (public): the ids the browser's tags need; null: that provider is off. */
export const analyticsPublicConfigSchema = z.object({
  ga4MeasurementId: z.string().nullable(),
  metaPixelId: z.string().nullable(),
});
export type AnalyticsPublicConfig = z.infer<typeof analyticsPublicConfigSchema>;

/** `GET /api/admin/settings/analytics`: the ids, and whether each server-only secret is set (never the secret). */
export const analyticsSettingsSchema = z.object({
  ga4MeasurementId: z.string().nullable(),
  ga4ApiSecretSet: z.boolean(),
  metaPixelId: z.string().nullable(),
  metaAccessTokenSet: z.boolean(),
});
export type AnalyticsSettings = z.infer<typeof analyticsSettingsSchema>;

const secret = (label: string) =>
  z
    .string({ error: `${label} inválido` })
    .trim()
    .min(8, `${label} inválido`)
    .max(400, `${label} inválido`)
    .nullable()
    .optional();

/**
 * `PUT /api/admin/settings/analytics`: the ids (null or '': off) and the secrets: absent keeps the
 * stored one, null removes it, a string replaces it. The secrets never leave the server.
 */
export const analyticsSettingsUpdateSchema = z.object({
  ga4MeasurementId: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(GA4_ID, "ID de medição do GA4 inválido (formato 'G-XXXXXXX')"))
    .nullable()
    .or(z.literal('').transform(() => null)),
  ga4ApiSecret: secret('Segredo da API do GA4'),
  metaPixelId: z.string().trim().regex(PIXEL_ID, 'ID do Pixel da Meta inválido (apenas números)').nullable().or(z.literal('').transform(() => null)),
  metaAccessToken: secret('Token da API de Conversões da Meta'),
});
export type AnalyticsSettingsUpdate = z.input<typeof analyticsSettingsUpdateSchema>;

const typedSecret = (label: string) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.string().min(8, `${label} inválido`).max(400, `${label} inválido`).optional());

/**
 * The panel's form of {@link analyticsSettingsUpdateSchema}: every field text; an empty id turns
 * its provider off, an empty secret keeps the stored one (the form never shows a secret).
 */
export const analyticsSettingsFormSchema = z.object({
  ga4MeasurementId: analyticsSettingsUpdateSchema.shape.ga4MeasurementId,
  ga4ApiSecret: typedSecret('Segredo da API do GA4'),
  metaPixelId: analyticsSettingsUpdateSchema.shape.metaPixelId,
  metaAccessToken: typedSecret('Token da API de Conversões da Meta'),
});
