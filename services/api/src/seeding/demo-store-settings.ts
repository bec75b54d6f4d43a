/**
 * The demo store's offers (`DEMO_ACCOUNTS=true`, which `npm start` sets): a fresh demo store
 * starts with a 5 % PIX discount and free shipping for goods from R$ 299,00 anywhere in Brazil,
 * so the checkout, the product pages and the default texts (content-defaults.ts) show them. Only
 * a store without its settings row gets them: what an owner saved is never changed, and every
 * fresh start gets the same values.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { StoreOffers } from '@prata/contracts';
import { StoreSettingsService } from '../modules/settings/index.ts';

/** The demo store's offers: whole percent, BRL cents, all regions. */
export const DEMO_STORE_OFFERS: Omit<StoreOffers, 'installments' | 'giftWrap'> = { pixDiscountPercent: 5, freeShippingThresholdCents: 29_900, freeShippingRegions: null };

/** Inserts the settings row with {@link DEMO_STORE_OFFERS} when it is missing. @returns whether it did. */
export async function seedDemoStoreSettings(em: EntityManager, initialLowStockThreshold: number): Promise<boolean> {
  return (await new StoreSettingsService(em, initialLowStockThreshold).ensureDefaults(DEMO_STORE_OFFERS)) > 0;
}
