/**
 * The analytics ids and secrets the owner sets in the panel (contracts/analytics.ts): the GA4
 * measurement id and Meta Pixel id, which the browser's tags need (`GET /api/analytics-config`),
 * and the GA4 Measurement Protocol API secret and Meta Conversions API access token, which only the
 * server uses (modules/analytics): stored sealed (`ENCRYPTION_KEY`, lib/crypto.ts) and never
 * answered to anyone, the panel included (it sees whether each is set).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { analyticsSettingsUpdateSchema, type AnalyticsPublicConfig, type AnalyticsSettings, type AnalyticsSettingsUpdate } from '@prata/contracts';
import type { SecretBox } from '../../lib/crypto.ts';
import { audit, type RequestMeta } from '../audit/index.ts';
import { STORE_SETTINGS_ID, StoreSettings } from './store-settings.entity.ts';

/** What the server's conversions need: each provider's id and secret, null when that provider is not fully set. */
export interface AnalyticsCredentials {
  ga4: { measurementId: string; apiSecret: string } | null;
  meta: { pixelId: string; accessToken: string } | null;
}

const FIELDS = ['ga4MeasurementId', 'ga4ApiSecretSealed', 'metaPixelId', 'metaAccessTokenSealed'] as const;

export class AnalyticsSettingsService {
  private readonly em: EntityManager;
  private readonly box: SecretBox;

  constructor(em: EntityManager, box: SecretBox) {
    this.em = em;
    this.box = box;
  }

  private read(): Promise<Pick<StoreSettings, (typeof FIELDS)[number]> | null> {
    return this.em.findOne(StoreSettings, { id: STORE_SETTINGS_ID }, { fields: [...FIELDS] });
  }

  /** The panel's view: the ids, and whether each secret is set. */
  async settings(): Promise<AnalyticsSettings> {
    const row = await this.read();
    return {
      ga4MeasurementId: row?.ga4MeasurementId ?? null,
      ga4ApiSecretSet: Boolean(row?.ga4ApiSecretSealed),
      metaPixelId: row?.metaPixelId ?? null,
      metaAccessTokenSet: Boolean(row?.metaAccessTokenSealed),
    };
  }

  /** What the browser's tags need (public): the ids only. */
  async publicConfig(): Promise<AnalyticsPublicConfig> {
    const row = await this.read();
    return { ga4MeasurementId: row?.ga4MeasurementId ?? null, metaPixelId: row?.metaPixelId ?? null };
  }

  /** The server's credentials (ids and opened secrets); a provider lacking either is null. */
  async credentials(): Promise<AnalyticsCredentials> {
    const row = await this.read();
    const ga4Secret = row?.ga4ApiSecretSealed ? this.box.open(row.ga4ApiSecretSealed) : null;
    const metaToken = row?.metaAccessTokenSealed ? this.box.open(row.metaAccessTokenSealed) : null;
    return {
      ga4: row?.ga4MeasurementId && ga4Secret ? { measurementId: row.ga4MeasurementId, apiSecret: ga4Secret } : null,
      meta: row?.metaPixelId && metaToken ? { pixelId: row.metaPixelId, accessToken: metaToken } : null,
    };
  }

  /**
   * Saves the ids and, when given, the secrets (absent: kept; null: removed), audited without the
   * secrets. The settings row must exist (the settings module inserts it at start). @throws ZodError.
   */
  async save(actorId: string, input: AnalyticsSettingsUpdate, meta: RequestMeta): Promise<AnalyticsSettings> {
    const data = analyticsSettingsUpdateSchema.parse(input);
    const row = await this.em.findOneOrFail(StoreSettings, { id: STORE_SETTINGS_ID });
    const before = await this.settings();
    this.em.assign(row, {
      ga4MeasurementId: data.ga4MeasurementId,
      metaPixelId: data.metaPixelId,
      ...(data.ga4ApiSecret !== undefined ? { ga4ApiSecretSealed: data.ga4ApiSecret === null ? null : this.box.seal(data.ga4ApiSecret) } : {}),
      ...(data.metaAccessToken !== undefined ? { metaAccessTokenSealed: data.metaAccessToken === null ? null : this.box.seal(data.metaAccessToken) } : {}),
      updatedAt: new Date(),
    });
    const after = {
      ga4MeasurementId: data.ga4MeasurementId,
      ga4ApiSecretSet: data.ga4ApiSecret === undefined ? before.ga4ApiSecretSet : data.ga4ApiSecret !== null,
      metaPixelId: data.metaPixelId,
      metaAccessTokenSet: data.metaAccessToken === undefined ? before.metaAccessTokenSet : data.metaAccessToken !== null,
    };
    audit(this.em, { userId: actorId, action: 'analytics_settings_updated', details: { before, after }, meta });
    await this.em.flush();
    return after;
  }
}
