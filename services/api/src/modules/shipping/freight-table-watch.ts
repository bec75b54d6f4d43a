/**
 * Announces a change of the freight table, whoever made it (the panel's Frete tab, a script, SQL):
 * a shown-state watch (events/shown-state-watch.ts, namespace `freight`) compares a signature of
 * the table with the one stored, on every `NOTIFY prata_storefront` (the `freight_rates` trigger)
 * and at start, and records `StoreSettingsChanged` ('freight-table') when it moved. The catalogue
 * feeds, whose `g:shipping` the table prices, rebuild on it (feeds/subscribers.ts).
 */
import type { FastifyInstance } from 'fastify';
import { STORE_SETTINGS_CHANGED } from '@prata/contracts';
import { ShownStateWatch, shownSignature, STOREFRONT_CHANNEL } from '../../events/shown-state-watch.ts';
import { nameBasedUuid } from '../../lib/name-uuid.ts';
import { freightTable } from './freight-rates.service.ts';

/** Starts the watch with the app (checked once ready) and stops it when the app closes. */
export function watchFreightTable(app: FastifyInstance): void {
  const watch = new ShownStateWatch({
    namespace: 'freight',
    em: () => app.orm.em,
    events: app.events,
    log: app.log,
    read: async (em) => new Map([['freight:table', shownSignature(await freightTable(em))]]),
    record: (tx) => [app.events.record(tx, { type: STORE_SETTINGS_CHANGED, aggregateId: nameBasedUuid('settings', 'freight-table'), payload: { setting: 'freight-table' } })],
  });
  const stopListening = app.events.listen(STOREFRONT_CHANNEL, () => watch.poke());
  app.addHook('onReady', async () => watch.poke());
  app.addHook('onClose', async () => {
    stopListening();
    watch.close();
  });
}
