/**
 * Store settings service: reads and saves the single `store_settings` row. Reads use
 * the caller's EntityManager (request-scoped through RequestContext).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_STORE_CONTACT, freeShippingSettingSchema, pixDiscountSettingSchema, type PixDiscountSetting, type StoreOffers, lowStockSettingSchema, type FreeShippingSetting, storeContactUpdateSchema, type LowStockSetting, type StoreContact, type StoreContactUpdate } from '@prata/contracts';
import { audit, type RequestMeta } from '../audit/index.ts';
import { STORE_SETTINGS_ID, StoreSettings } from './store-settings.entity.ts';

export class StoreSettingsService {
  private readonly em: EntityManager;

  /** The threshold a fresh store starts with (the `LOW_STOCK_THRESHOLD` setting), in units. */
  private readonly initialLowStockThreshold: number;

  constructor(em: EntityManager, initialLowStockThreshold = 3) {
    this.em = em;
    this.initialLowStockThreshold = initialLowStockThreshold;
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

  /** The offers the storefront shows: the PIX discount and free shipping. */
  async offers(): Promise<StoreOffers> {
    const row = await this.em.findOne(StoreSettings, { id: STORE_SETTINGS_ID }, { fields: ['pixDiscountPercent', 'freeShippingThresholdCents', 'freeShippingRegions'] });
    return { pixDiscountPercent: row?.pixDiscountPercent ?? 0, freeShippingThresholdCents: row?.freeShippingThresholdCents ?? null, freeShippingRegions: row?.freeShippingRegions ?? null };
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

  /** Inserts the settings row with the defaults when missing (safe to run concurrently). Returns rows inserted. */
  async ensureDefaults(): Promise<number> {
    const result = await this.em
      .createQueryBuilder(StoreSettings)
      .insert({ id: STORE_SETTINGS_ID, ...DEFAULT_STORE_CONTACT, lowStockThreshold: this.initialLowStockThreshold, updatedAt: new Date() })
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

function toContact(row: StoreSettings): StoreContact {
  return { phone: row.phone, whatsappNumber: row.whatsappNumber, email: row.email, address: row.address, openingHours: row.openingHours };
}
