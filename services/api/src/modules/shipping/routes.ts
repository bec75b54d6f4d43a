/**
 * Shipping routes (selling to all of Brazil):
 * - `GET /api/cep/:cep` (public, 60 per minute and client): the address of a CEP from the configured
 *   CEP lookup (cep-lookup.ts; `CEP_LOOKUP_URL`), cached, its calls within a budget (upstream-guard.ts). 200 with the address, 400 for a malformed
 *   CEP, 404 when it does not exist, 503 when the lookup does not answer within
 *   `CEP_LOOKUP_TIMEOUT_MS` (the forms then stay fillable by hand; they never block on it).
 * - `POST /api/shipping/quotes` (public, 60 per minute and client) `{ zipCode, items }`: the delivery
 *   options for the cart to that CEP, priced on the server (shipping-quote.service.ts): 200 with
 *   the options, 400 for a malformed body or a CEP in no state, 404 for a product not for sale. The
 *   carrier's answers are cached and its calls within a budget (upstream-guard.ts).
 * - `GET`/`PUT /api/admin/shipping/freight-rates` (admin): the store's freight table by region.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CEP_LOOKUP_UNAVAILABLE_MESSAGE, CEP_NOT_FOUND_MESSAGE, apiErrorSchema, cepAddressSchema, cepLookupParamsSchema, freightTableSchema, shippingQuoteRequestSchema, shippingQuoteSchema } from '@prata/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { requestMeta } from '../identity/index.ts';
import { freightTable, saveFreightTable } from './freight-rates.service.ts';
import { watchFreightTable } from './freight-table-watch.ts';
import { DomainError, NotFoundError } from '../../errors.ts';
import { CepLookupUnavailableError, createCepLookup } from './cep-lookup.ts';
import { shippingQuotes } from './shipping-setup.ts';
import { GuardedCepLookup } from './upstream-guard.ts';
import { windowBudget, type SqlExecutor } from '../../plugins/rate-limit-store.ts';

/** Requests per minute and client of the CEP lookup (it is typed once per form, not per key). */
export const CEP_LOOKUPS_PER_MINUTE = 60;
/** Freight quotes per minute and client (one per CEP typed and per cart change). */
export const SHIPPING_QUOTES_PER_MINUTE = 60;

const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  watchFreightTable(app);
  // Both call services on the store's account: cached, and their calls spend a budget every replica shares (upstream-guard.ts).
  const execute: SqlExecutor = (sql, params) => app.orm.em.getConnection().execute(sql, params, 'all');
  const upstream = app.config.upstreamPerMinute;
  const lookup = new GuardedCepLookup(createCepLookup(app.config.cepLookup), windowBudget(execute, 'cep-lookup', upstream.cepLookups, 60_000));
  const quotes = shippingQuotes(app.config.shipping, windowBudget(execute, 'carrier-quotes', upstream.carrierQuotes, 60_000));

  app.post(
    '/api/shipping/quotes',
    {
      config: { access: 'public', rateLimit: { max: SHIPPING_QUOTES_PER_MINUTE, timeWindow: 60_000 } },
      schema: { body: shippingQuoteRequestSchema, response: { 200: shippingQuoteSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema } },
    },
    async (request) => {
      const { goodsCents: _goods, weightGrams: _weight, ...quote } = await quotes.quote(app.orm.em, request.body);
      return quote;
    },
  );

  app.get(
    '/api/admin/shipping/freight-rates',
    { config: { access: 'admin' }, schema: { response: { 200: freightTableSchema, 401: apiErrorSchema, 403: apiErrorSchema } } },
    async () => freightTable(app.orm.em),
  );

  app.put(
    '/api/admin/shipping/freight-rates',
    { config: { access: 'admin' }, schema: { body: freightTableSchema, response: { 200: freightTableSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema } } },
    async (request) => saveFreightTable(app.orm.em, requireAuth(request).userId, request.body, requestMeta(request)),
  );

  app.get(
    '/api/cep/:cep',
    {
      config: { access: 'public', rateLimit: { max: CEP_LOOKUPS_PER_MINUTE, timeWindow: 60_000 } },
      schema: { params: cepLookupParamsSchema, response: { 200: cepAddressSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema } },
    },
    async (request) => {
      try {
        const address = await lookup.lookup(request.params.cep);
        if (!address) throw new NotFoundError(CEP_NOT_FOUND_MESSAGE);
        return address;
      } catch (error) {
        if (!(error instanceof CepLookupUnavailableError)) throw error;
        request.log.warn({ err: error }, 'CEP lookup unavailable');
        throw new DomainError(503, 'cep_lookup_unavailable', CEP_LOOKUP_UNAVAILABLE_MESSAGE);
      }
    },
  );
};

export default fp(shippingRoutes, { name: 'shipping-routes', encapsulate: true });
