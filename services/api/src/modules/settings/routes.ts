/**
 * Store settings routes:
 * - `GET /api/store-contact` (public): the store's contact details and opening hours, for the
 *   footer, the contact page and the WhatsApp button (server-rendered with the page);
 * - `PUT /api/admin/store-contact` (admin): saves them from the panel's Conteúdo tab (Brazilian
 *   phone and WhatsApp mobile numbers, e-mail; pt-BR 400s);
 * - `GET /api/admin/settings/low-stock` and `PUT /api/admin/settings/low-stock` `{ threshold }`
 *   (admin): the low-stock threshold in units used by the dashboard, the sales page and the bell.
 * - `GET`/`PUT /api/admin/settings/free-shipping` `{ thresholdCents, regions }` (admin):
 *   goods from the threshold (BRL cents) ship free by the cheapest option in those regions.
 * - `GET`/`PUT /api/admin/settings/pix-discount` `{ percent }` (admin): the PIX discount;
 * - `GET`/`PUT /api/admin/settings/installments` (admin): the card instalment rules (most
 *   instalments, the smallest instalment, interest-free up to, the monthly rate above), read by
 *   place-order at each order;
 * - `GET`/`PUT /api/admin/settings/recovery` (admin): cart reminders on/off and their delays
 *   (hours), the new-PIX window and the review request's delay (days), read by the carts, orders
 *   and reviews modules at each use;
 * - `GET`/`PUT /api/admin/settings/gift-wrap` `{ enabled, priceCents }` (admin): 'Embalagem para
 *   presente' at checkout, read by place-order at each order;
 * - `GET /api/store-offers` (public): the PIX discount, the instalment rules, free shipping and the
 *   gift wrap the storefront shows;
 * - `GET`/`PUT /api/admin/settings/analytics` (admin): the GA4 measurement id and Meta Pixel id,
 *   and the server-only GA4 API secret and Meta access token (answered only as 'set' or not);
 * - `GET /api/analytics-config` (public): the two ids the browser's tags load with after consent.
 * The settings row is inserted with the defaults when missing once the service is ready. What the
 * store shows of the settings is watched (src/events/shown-state-watch.ts): `StoreSettingsChanged`
 * names the setting that changed, from the panel or in SQL, for the shell's host to purge its pages.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STORE_SETTINGS_CHANGED, type DomainEventPayload, analyticsPublicConfigSchema, analyticsSettingsSchema, analyticsSettingsUpdateSchema, apiErrorSchema, freeShippingSettingSchema, giftWrapSettingSchema, installmentSettingsSchema, pixDiscountSettingSchema, recoverySettingsSchema, storeOffersSchema, lowStockSettingSchema, storeContactSchema, storeContactUpdateSchema } from '@prata/contracts';
import { ShownStateWatch, shownSignature, STOREFRONT_CHANNEL } from '../../events/shown-state-watch.ts';
import { SecretBox } from '../../lib/crypto.ts';
import { nameBasedUuid } from '../../lib/name-uuid.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { requestMeta } from '../identity/index.ts';
import { AnalyticsSettingsService } from './analytics-settings.service.ts';
import { StoreSettingsService } from './store-settings.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const initial = app.config.lowStockThreshold;
  const initialRecovery = { paymentRenewalWindowDays: app.config.orderLimits.paymentRenewalWindowDays, reviewRequestDelayDays: app.config.reviewRequestDelayDays };
  const service = new StoreSettingsService(app.orm.em, initial, initialRecovery);

  // `StoreSettingsChanged` whenever a setting the store's pages show changes, from the panel or in SQL.
  const watch = new ShownStateWatch({
    namespace: 'settings',
    em: () => app.orm.em,
    events: app.events,
    log: app.log,
    read: async (em) => {
      const reader = new StoreSettingsService(em, initial, initialRecovery);
      const [offers, freeShipping, contact, lowStock, recovery, installments, giftWrap] = await Promise.all([reader.pixDiscountPercent(), reader.freeShipping(), reader.contact(), reader.lowStockThreshold(), reader.recovery(), reader.installments(), reader.giftWrap()]);
      // The new-PIX window is stated by the payment terms' default text (content/store-rules.ts).
      // The freight table is the shipping module's to watch (shipping/freight-table-watch.ts).
      const shown: Record<Exclude<DomainEventPayload<typeof STORE_SETTINGS_CHANGED>['setting'], 'freight-table'>, unknown> = {
        'pix-discount': offers,
        'free-shipping': freeShipping,
        contact,
        'low-stock': lowStock,
        'payment-renewal': recovery.paymentRenewalWindowDays,
        installments,
        'gift-wrap': giftWrap,
      };
      return new Map(Object.entries(shown).map(([setting, value]) => [`settings:${setting}`, shownSignature(value)]));
    },
    record: (tx, changes) =>
      changes.map(({ key }) => {
        const setting = key.slice('settings:'.length) as DomainEventPayload<typeof STORE_SETTINGS_CHANGED>['setting'];
        return app.events.record(tx, { type: STORE_SETTINGS_CHANGED, aggregateId: nameBasedUuid('settings', setting), payload: { setting } });
      }),
  });
  const stopListening = app.events.listen(STOREFRONT_CHANNEL, () => watch.poke());

  app.addHook('onReady', async () => {
    await new StoreSettingsService(app.orm.em.fork(), initial, initialRecovery).ensureDefaults();
    watch.poke();
  });
  app.addHook('onClose', async () => {
    stopListening();
    watch.close();
  });

  app.get(
    '/api/store-contact',
    { config: { access: 'public' }, schema: { response: { 200: storeContactSchema } } },
    async () => service.contact(),
  );

  app.put(
    '/api/admin/store-contact',
    { config: { access: 'admin' }, schema: { body: storeContactUpdateSchema, response: { 200: storeContactSchema, ...errors } } },
    async (request) => service.saveContact(requireAuth(request).userId, request.body, requestMeta(request)),
  );

  app.get(
    '/api/admin/settings/low-stock',
    { config: { access: 'admin' }, schema: { response: { 200: lowStockSettingSchema, 401: apiErrorSchema, 403: apiErrorSchema } } },
    async () => ({ threshold: await service.lowStockThreshold() }),
  );

  app.put(
    '/api/admin/settings/low-stock',
    { config: { access: 'admin' }, schema: { body: lowStockSettingSchema, response: { 200: lowStockSettingSchema, ...errors } } },
    async (request) => service.saveLowStockThreshold(requireAuth(request).userId, request.body, requestMeta(request)),
  );

  app.get(
    '/api/admin/settings/free-shipping',
    { config: { access: 'admin' }, schema: { response: { 200: freeShippingSettingSchema, 401: apiErrorSchema, 403: apiErrorSchema } } },
    async () => service.freeShipping(),
  );

  app.put(
    '/api/admin/settings/free-shipping',
    { config: { access: 'admin' }, schema: { body: freeShippingSettingSchema, response: { 200: freeShippingSettingSchema, ...errors } } },
    async (request) => service.saveFreeShipping(requireAuth(request).userId, request.body, requestMeta(request)),
  );

  app.get(
    '/api/admin/settings/pix-discount',
    { config: { access: 'admin' }, schema: { response: { 200: pixDiscountSettingSchema, 401: apiErrorSchema, 403: apiErrorSchema } } },
    async () => ({ percent: await service.pixDiscountPercent() }),
  );

  app.put(
    '/api/admin/settings/pix-discount',
    { config: { access: 'admin' }, schema: { body: pixDiscountSettingSchema, response: { 200: pixDiscountSettingSchema, ...errors } } },
    async (request) => service.savePixDiscount(requireAuth(request).userId, request.body, requestMeta(request)),
  );

  app.get(
    '/api/admin/settings/installments',
    { config: { access: 'admin' }, schema: { response: { 200: installmentSettingsSchema, 401: apiErrorSchema, 403: apiErrorSchema } } },
    async () => service.installments(),
  );

  app.put(
    '/api/admin/settings/installments',
    { config: { access: 'admin' }, schema: { body: installmentSettingsSchema, response: { 200: installmentSettingsSchema, ...errors } } },
    async (request) => service.saveInstallments(requireAuth(request).userId, request.body, requestMeta(request)),
  );

  app.get(
    '/api/admin/settings/recovery',
    { config: { access: 'admin' }, schema: { response: { 200: recoverySettingsSchema, 401: apiErrorSchema, 403: apiErrorSchema } } },
    async () => service.recovery(),
  );

  app.put(
    '/api/admin/settings/recovery',
    { config: { access: 'admin' }, schema: { body: recoverySettingsSchema, response: { 200: recoverySettingsSchema, ...errors } } },
    async (request) => service.saveRecovery(requireAuth(request).userId, request.body, requestMeta(request)),
  );

  app.get(
    '/api/admin/settings/gift-wrap',
    { config: { access: 'admin' }, schema: { response: { 200: giftWrapSettingSchema, 401: apiErrorSchema, 403: apiErrorSchema } } },
    async () => service.giftWrap(),
  );

  app.put(
    '/api/admin/settings/gift-wrap',
    { config: { access: 'admin' }, schema: { body: giftWrapSettingSchema, response: { 200: giftWrapSettingSchema, ...errors } } },
    async (request) => service.saveGiftWrap(requireAuth(request).userId, request.body, requestMeta(request)),
  );

  const analytics = new AnalyticsSettingsService(app.orm.em, new SecretBox(app.config.encryptionKey));
  app.get(
    '/api/admin/settings/analytics',
    { config: { access: 'admin' }, schema: { response: { 200: analyticsSettingsSchema, 401: apiErrorSchema, 403: apiErrorSchema } } },
    async (_request, reply) => reply.header('cache-control', 'no-store').send(await analytics.settings()),
  );

  app.put(
    '/api/admin/settings/analytics',
    { config: { access: 'admin' }, schema: { body: analyticsSettingsUpdateSchema, response: { 200: analyticsSettingsSchema, ...errors } } },
    async (request) => analytics.save(requireAuth(request).userId, request.body, requestMeta(request)),
  );

  app.get(
    '/api/analytics-config',
    { config: { access: 'public' }, schema: { response: { 200: analyticsPublicConfigSchema } } },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(await analytics.publicConfig()),
  );

  app.get('/api/store-offers', { config: { access: 'public' }, schema: { response: { 200: storeOffersSchema } } }, async () => service.offers());
};

export default fp(settingsRoutes, { name: 'settings-routes', encapsulate: true });
