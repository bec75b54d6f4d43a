/**
 * The settings module's public face: other modules and the composition import these from here,
 * never another file of this folder. Its routes are routes.ts (registered by app.ts).
 */
export { StoreSettings, StoreSettingsSchema } from './store-settings.entity.ts';
export { StoreSettingsService } from './store-settings.service.ts';
export { AnalyticsSettingsService, type AnalyticsCredentials } from './analytics-settings.service.ts';
