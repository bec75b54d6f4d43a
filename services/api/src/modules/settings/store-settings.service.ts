/**
 * Store settings service: reads and saves the single `store_settings` row. Reads use
 * the caller's EntityManager (request-scoped through RequestContext).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_GIFT_WRAP, giftWrapSettingSchema, type GiftWrapSetting } from '@prata/contracts';
import { DEFAULT_INSTALLMENT_RULES, installmentSettingsSchema, type InstallmentSettings, DEFAULT_RECOVERY_SETTINGS, DEFAULT_STORE_CONTACT, recoverySettingsSchema, type RecoverySettings, freeShippingSettingSchema, pixDiscountSettingSchema, type PixDiscountSetting, type StoreOffers, lowStockSettingSchema, type FreeShippingSetting, storeContactUpdateSchema, type LowStockSetting, type StoreContact, type StoreContactUpdate } from '@prata/contracts';
import { audit, type RequestMeta } from '../audit/index.ts';
import { STORE_SETTINGS_ID, StoreSettings } from './store-settings.entity.ts';

export class StoreSettingsService {
  private readonly em: EntityManager;

  /** The threshold a fresh store starts with (the `LOW_STOCK_THRESHOLD` setting), in units. */
  private readonly initialLowStockThreshold: number;

  /** The recovery settings a fresh store starts with (`PAYMENT_RENEWAL_WINDOW_DAYS`, `REVIEW_REQUEST_DELAY_DAYS` over {@link DEFAULT_RECOVERY_SETTINGS}). */
  private readonly initialRecovery: RecoverySettings;

  constructor(em: EntityManager, initialLowStockThreshold = 3, initialRecovery: Partial<RecoverySettings> = {}) {
    this.em = em;
    this.initialLowStockThreshold = initialLowStockThreshold;
    this.initialRecovery = { ...DEFAULT_RECOVERY_SETTINGS, ...initialRecovery };
  }

  /**
   * The recovery settings (cart reminders, the new-PIX window, the review request's delay), read
   * from the row each time, so every service process sees a change at its next use; the store's
   * initial values before the row exists.
   */
  async recovery(): Promise<RecoverySettings> {
    const row = await this.em.findOne(StoreSettings, { id: STORE_SETTINGS_ID }, { fields: [...RECOVERY_FIELDS] });
    return row ? toRecovery(row) : this.initialRecovery;
  }

  /** Saves the recovery settings, audited with the old and new values. @throws ZodError (out of bounds, second reminder not after the first). */
  async saveRecovery(actorId: string, input: RecoverySettings, meta: RequestMeta): Promise<RecoverySettings> {
    const data = recoverySettingsSchema.parse(input);
    const row = await this.row();
    audit(this.em, { userId: actorId, action: 'recovery_settings_updated', details: { before: toRecovery(row), after: data }, meta });
    this.em.assign(row, { ...data, updatedAt: new Date() });
    await this.em.flush();
    return data;
  }

  /** The low-stock threshold in units: one value for the dashboard, the sales page and the bell. */
  async lowStockThreshold(): Promise<number> {
    const row = await this.em.findOne(StoreSettings, { id: STORE_SETTINGS_ID }, { fields: ['lowStockThreshold'] });
    return row?.lowStockThreshold ?? this.initialLowStockThreshold;
  }

  /** Saves the low-stock threshold, audited. @throws ZodError. */
  async saveLowStockThreshold(actorId: string, input: LowStockSetting, meta: RequestMeta): Promise<LowStockSetting> {
    const { threshold } = lowStockSettingSchema.parse(input);
    const row = await this.row();
    audit(this.em, { userId: actorId, action: 'low_stock_threshold_updated', details: { before: row.lowStockThreshold, after: threshold }, meta });
    row.lowStockThreshold = threshold;
    await this.em.flush();
    return { threshold };
  }

  /** Free shipping: the threshold in BRL cents (null: off) and its regions (null: all). */
  async freeShipping(): Promise<FreeShippingSetting> {
    const row = await this.em.findOne(StoreSettings, { id: STORE_SETTINGS_ID }, { fields: ['freeShippingThresholdCents', 'freeShippingRegions'] });
    return { thresholdCents: row?.freeShippingThresholdCents ?? null, regions: row?.freeShippingRegions ?? null };
  }

  /** Saves free shipping, audited with the old and new values. @throws ZodError. */
  async saveFreeShipping(actorId: string, input: FreeShippingSetting, meta: RequestMeta): Promise<FreeShippingSetting> {
    const data = freeShippingSettingSchema.parse(input);
    const row = await this.row();
    audit(this.em, { userId: actorId, action: 'free_shipping_updated', details: { before: { thresholdCents: row.freeShippingThresholdCents ?? null, regions: row.freeShippingRegions ?? null }, after: data }, meta });
    this.em.assign(row, { freeShippingThresholdCents: data.thresholdCents, freeShippingRegions: data.regions, updatedAt: new Date() });
    await this.em.flush();
    return data;
  }

  /** The PIX discount in whole percent; 0 before the row exists. */
  async pixDiscountPercent(): Promise<number> {
    const row = await this.em.findOne(StoreSettings, { id: STORE_SETTINGS_ID }, { fields: ['pixDiscountPercent'] });
    return row?.pixDiscountPercent ?? 0;
  }

  /** Saves the PIX discount, audited. @throws ZodError. */
  async savePixDiscount(actorId: string, input: PixDiscountSetting, meta: RequestMeta): Promise<PixDiscountSetting> {
    const { percent } = pixDiscountSettingSchema.parse(input);
    const row = await this.row();
    audit(this.em, { userId: actorId, action: 'pix_discount_updated', details: { before: row.pixDiscountPercent, after: percent }, meta });
    this.em.assign(row, { pixDiscountPercent: percent, updatedAt: new Date() });
    await this.em.flush();
    return { percent };
  }

  /** The gift wrap at checkout (offered, price in BRL cents), read at each order; R$ 9,90 offered before the row exists. */
  async giftWrap(): Promise<GiftWrapSetting> {
    const row = await this.em.findOne(StoreSettings, { id: STORE_SETTINGS_ID }, { fields: ['giftWrapEnabled', 'giftWrapPriceCents'] });
    return row ? { enabled: row.giftWrapEnabled, priceCents: row.giftWrapPriceCents } : DEFAULT_GIFT_WRAP;
  }

  /** Saves the gift wrap, audited with the old and new values. @throws ZodError. */
  async saveGiftWrap(actorId: string, input: GiftWrapSetting, meta: RequestMeta): Promise<GiftWrapSetting> {
    const data = giftWrapSettingSchema.parse(input);
    const row = await this.row();
    audit(this.em, { userId: actorId, action: 'gift_wrap_updated', details: { before: { enabled: row.giftWrapEnabled, priceCents: row.giftWrapPriceCents }, after: data }, meta });
    this.em.assign(row, { giftWrapEnabled: data.enabled, giftWrapPriceCents: data.priceCents, updatedAt: new Date() });
    await this.em.flush();
    return data;
  }

  /**
   * The card instalment rules, read from the row each time (place-order checks a plan against
   * them in its transaction); today's rules (up to 12x without interest) before the row exists.
   */
  async installments(): Promise<InstallmentSettings> {
    const row = await this.em.findOne(StoreSettings, { id: STORE_SETTINGS_ID }, { fields: [...INSTALLMENT_FIELDS] });
    return row ? toInstallments(row) : DEFAULT_INSTALLMENT_RULES;
  }

  /** Saves the instalment rules, audited with the old and new values. @throws ZodError (out of bounds, interest-free above the maximum, no rate for the plans with interest). */
  async saveInstallments(actorId: string, input: InstallmentSettings, meta: RequestMeta): Promise<InstallmentSettings> {
    const data = installmentSettingsSchema.parse(input);
    const row = await this.row();
    audit(this.em, { userId: actorId, action: 'installment_rules_updated', details: { before: toInstallments(row), after: data }, meta });
    const { monthlyInterestPercent, ...counts } = data;
    this.em.assign(row, { ...counts, installmentInterestBasisPoints: Math.round(monthlyInterestPercent * 100), updatedAt: new Date() });
    await this.em.flush();
    return data;
  }

  /** The offers the storefront shows: the PIX discount, the instalment rules, free shipping and the gift wrap. */
  async offers(): Promise<StoreOffers> {
    const row = await this.em.findOne(StoreSettings, { id: STORE_SETTINGS_ID }, { fields: ['pixDiscountPercent', 'freeShippingThresholdCents', 'freeShippingRegions', 'giftWrapEnabled', 'giftWrapPriceCents', ...INSTALLMENT_FIELDS] });
    return {
      pixDiscountPercent: row?.pixDiscountPercent ?? 0,
      freeShippingThresholdCents: row?.freeShippingThresholdCents ?? null,
      freeShippingRegions: row?.freeShippingRegions ?? null,
      installments: row ? toInstallments(row) : DEFAULT_INSTALLMENT_RULES,
      giftWrap: row ? { enabled: row.giftWrapEnabled, priceCents: row.giftWrapPriceCents } : DEFAULT_GIFT_WRAP,
    };
  }

  /** The store's contact details; the defaults when the row is missing (before `ensureDefaults`). */
  async contact(): Promise<StoreContact> {
    const row = await this.em.findOne(StoreSettings, { id: STORE_SETTINGS_ID });
    return row ? toContact(row) : DEFAULT_STORE_CONTACT;
  }

  /**
   * Saves the contact details (validated again here: phone and WhatsApp normalised, e-mail
   * checked), with an audit row holding the old and new values. @throws ZodError.
   */
  async saveContact(actorId: string, input: StoreContactUpdate, meta: RequestMeta): Promise<StoreContact> {
    const data = storeContactUpdateSchema.parse(input);
    const row = await this.row();
    audit(this.em, { userId: actorId, action: 'store_contact_updated', details: { before: toContact(row), after: data }, meta });
    this.em.assign(row, { ...data, updatedAt: new Date() });
    await this.em.flush();
    return toContact(row);
  }

  /**
   * Inserts the settings row with the defaults when missing (safe to run concurrently); `offers`:
   * the PIX discount and free shipping a fresh store starts with (the demo store's), none otherwise.
   * An existing row is never changed. Returns rows inserted.
   */
  async ensureDefaults(offers: Partial<StoreOffers> = {}): Promise<number> {
    const result = await this.em
      .createQueryBuilder(StoreSettings)
      .insert({
        id: STORE_SETTINGS_ID,
        ...DEFAULT_STORE_CONTACT,
        lowStockThreshold: this.initialLowStockThreshold,
        pixDiscountPercent: offers.pixDiscountPercent ?? 0,
        freeShippingThresholdCents: offers.freeShippingThresholdCents ?? null,
        freeShippingRegions: offers.freeShippingRegions ?? null,
        ...this.initialRecovery,
        updatedAt: new Date(),
      })
      .onConflict('id')
      .ignore()
      .execute('run');
    return result.affectedRows ?? 0;
  }

  /** The settings row, inserted first when missing. */
  private async row(): Promise<StoreSettings> {
    const found = await this.em.findOne(StoreSettings, { id: STORE_SETTINGS_ID });
    if (found) return found;
    await this.ensureDefaults();
    return this.em.findOneOrFail(StoreSettings, { id: STORE_SETTINGS_ID });
  }
}

const INSTALLMENT_FIELDS = ['maxInstallments', 'minInstallmentCents', 'interestFreeInstallments', 'installmentInterestBasisPoints'] as const;

function toInstallments(row: Pick<StoreSettings, (typeof INSTALLMENT_FIELDS)[number]>): InstallmentSettings {
  return {
    maxInstallments: row.maxInstallments,
    minInstallmentCents: row.minInstallmentCents,
    interestFreeInstallments: row.interestFreeInstallments,
    monthlyInterestPercent: row.installmentInterestBasisPoints / 100,
  };
}

const RECOVERY_FIELDS = ['cartRemindersEnabled', 'cartFirstReminderHours', 'cartSecondReminderHours', 'paymentRenewalWindowDays', 'reviewRequestDelayDays'] as const;

function toRecovery(row: Pick<StoreSettings, (typeof RECOVERY_FIELDS)[number]>): RecoverySettings {
  return {
    cartRemindersEnabled: row.cartRemindersEnabled,
    cartFirstReminderHours: row.cartFirstReminderHours,
    cartSecondReminderHours: row.cartSecondReminderHours,
    paymentRenewalWindowDays: row.paymentRenewalWindowDays,
    reviewRequestDelayDays: row.reviewRequestDelayDays,
  };
}

function toContact(row: StoreSettings): StoreContact {
  return { phone: row.phone, whatsappNumber: row.whatsappNumber, email: row.email, address: row.address, openingHours: row.openingHours };
}
