/**
 * The store's rules the default texts state (content-defaults.ts `StoreRules`), as the settings and
 * the configuration have them now, and keeping the unedited default texts in step with them: at
 * start (after the missing rows are inserted) and whenever a setting changes (subscribers.ts).
 */
import type { FastifyInstance } from 'fastify';
import { StoreSettingsService } from '../settings/index.ts';
import type { StoreRules } from './content-defaults.ts';
import { ContentService } from './content.service.ts';

/**
 * The rules now: the offers and the contact from the settings (one query after the other, each on
 * its own fork: the same row read twice at once on one EntityManager, once partially, is not
 * something the identity map is built for), the new-code window from the recovery settings,
 * the boleto's hold from the configuration.
 */
export async function currentStoreRules(app: FastifyInstance): Promise<StoreRules> {
  const offers = await new StoreSettingsService(app.orm.em.fork()).offers();
  const contact = await new StoreSettingsService(app.orm.em.fork()).contact();
  const { paymentRenewalWindowDays } = await new StoreSettingsService(app.orm.em.fork()).recovery();
  const { boletoHoldBusinessDays } = app.config.orderLimits;
  return { ...offers, contact, boletoHoldBusinessDays, paymentRenewalWindowDays };
}

/** Rewrites the default texts the owner has not edited to the current rules (`ContentService.followRules`); the keys rewritten. */
export async function followStoreRules(app: FastifyInstance): Promise<string[]> {
  return new ContentService(app.orm.em.fork()).followRules(await currentStoreRules(app));
}
