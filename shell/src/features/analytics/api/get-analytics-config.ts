/** `GET /api/analytics-config`: the GA4 measurement id and Meta Pixel id the tags load with (null: off). */
import { analyticsPublicConfigSchema, type AnalyticsPublicConfig } from '@prata/contracts/analytics';
import { apiRequest } from '@prata/shared-ui/state';

export function getAnalyticsConfig(): Promise<AnalyticsPublicConfig> {
  return apiRequest('/api/analytics-config', analyticsPublicConfigSchema, { auth: false });
}
