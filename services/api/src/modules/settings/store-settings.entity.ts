/**
 * `store_settings`: the one row of settings the owner edits in the panel: the store's
 * contact details and opening hours (footer, contact page, WhatsApp button) and the low-stock
 * threshold in units (dashboard, sales, the bell's 'Estoque baixo'), free shipping, the PIX discount, the
 * card instalment rules, the recovery settings (cart reminders, the new-PIX window, the review request's delay)
 * and the analytics ids and secrets (GA4, Meta). The row has the
 * fixed id 1; `StoreSettingsService.ensureDefaults` inserts it when missing.
 */
import { defineEntity, p } from '@mikro-orm/core';
import type { OpeningHoursRow, ShippingRegion } from '@prata/contracts';

/** The id of the single settings row. */
export const STORE_SETTINGS_ID = 1;

export const StoreSettingsSchema = defineEntity({
  name: 'StoreSettings',
  tableName: 'store_settings',
  // Any change, by the service or behind its back (SQL, scripts), asks the shown-state watches for
  // a check (`NOTIFY prata_storefront`, once per statement; src/events/shown-state-watch.ts).
  triggers: [{ name: 'store_settings_storefront_notify', timing: 'after', events: ['insert', 'update', 'delete', 'truncate'], forEach: 'statement', body: "perform pg_notify('prata_storefront', ''); return null;" }],
  properties: {
    id: p.smallint().primary().autoincrement(false),
    phone: p.string().length(20),
    whatsappNumber: p.string().length(15),
    email: p.string().length(255),
    address: p.string().length(200),
    openingHours: p.json<OpeningHoursRow[]>(),
    lowStockThreshold: p.integer().default(3),
    /** Free shipping: goods from this amount (BRL cents) ship free; null: never. */
    freeShippingThresholdCents: p.integer().nullable(),
    /** The regions free shipping applies to; null: all of Brazil. */
    freeShippingRegions: p.json<ShippingRegion[]>().nullable(),
    /** 'Embalagem para presente' at checkout: offered or not, and its price, BRL cents. */
    giftWrapEnabled: p.boolean().default(true),
    giftWrapPriceCents: p.integer().default(990).check('gift_wrap_price_cents >= 0'),
    /** Discount for paying by PIX, whole percent; 0: none. */
    pixDiscountPercent: p.smallint().default(0),
    /** Card instalments (contracts installments.ts): the most instalments, 1..12. */
    maxInstallments: p.smallint().default(12),
    /** The smallest instalment of a plan of 2x or more, BRL cents. */
    minInstallmentCents: p.integer().default(500),
    /** Plans up to this many instalments carry no interest. */
    interestFreeInstallments: p.smallint().default(12),
    /** Monthly interest of the plans above them, in hundredths of a percent (299: 2,99 % a.m.). */
    installmentInterestBasisPoints: p.smallint().default(0),
    /** Cart reminders on/off, and their delays after the cart's last change, whole hours (carts module). */
    cartRemindersEnabled: p.boolean().default(true),
    cartFirstReminderHours: p.smallint().default(1),
    cartSecondReminderHours: p.smallint().default(24),
    /** Days after an expired PIX or boleto when 'Gerar novo PIX' / 'Gerar novo boleto' is still offered (orders module). */
    paymentRenewalWindowDays: p.smallint().default(7),
    /** Days after delivery when the "Avalie a sua compra" e-mail goes (reviews module). */
    reviewRequestDelayDays: p.smallint().default(8),
    /** GA4 measurement id ('G-XXXX'); null: GA4 off. */
    ga4MeasurementId: p.string().length(30).nullable().fieldName('ga4_measurement_id'),
    /** GA4 Measurement Protocol API secret, sealed (lib/crypto.ts SecretBox); server-only. */
    ga4ApiSecretSealed: p.text().nullable().fieldName('ga4_api_secret_sealed'),
    /** Meta Pixel id (digits); null: Meta off. */
    metaPixelId: p.string().length(30).nullable(),
    /** Meta Conversions API access token, sealed; server-only. */
    metaAccessTokenSealed: p.text().nullable(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class StoreSettings extends StoreSettingsSchema.class {}
StoreSettingsSchema.setClass(StoreSettings);
