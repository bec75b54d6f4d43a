/**
 * Shipping routes (issue 23 "Sell to all of Brazil"):
 * - `GET /api/cep/:cep` (public, 60 per minute and client): the address of a CEP from the configured
 *   CEP lookup (cep-lookup.ts; `CEP_LOOKUP_URL`). 200 with the address, 400 for a malformed
 *   CEP, 404 when it does not exist, 503 when the lookup does not answer within
 *   `CEP_LOOKUP_TIMEOUT_MS` (the forms then stay fillable by hand; they never block on it).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CEP_LOOKUP_UNAVAILABLE_MESSAGE, CEP_NOT_FOUND_MESSAGE, apiErrorSchema, cepAddressSchema, cepLookupParamsSchema } from '@prata/contracts';
import { DomainError, NotFoundError } from '../../errors.ts';
import { CepLookupUnavailableError, createCepLookup } from './cep-lookup.ts';

/** Requests per minute and client of the CEP lookup (it is typed once per form, not per key). */
export const CEP_LOOKUPS_PER_MINUTE = 60;

const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  const lookup = createCepLookup(app.config.cepLookup);

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

export default shippingRoutes;

// The module's public face.
export { CepLookupUnavailableError, ViaCepLookup, createCepLookup, type CepLookup } from './cep-lookup.ts';
