/**
 * The shipping services an app's configuration (`app.config.shipping`) selects: the freight quotes
 * and the label seller. Built by the shipping routes and by the orders module.
 */
import type { FastifyInstance } from 'fastify';
import type { LabelGateway } from './carrier-gateway.ts';
import { MelhorEnvioGateway } from './melhor-envio-gateway.ts';
import { SandboxLabelGateway } from './sandbox-labels.ts';
import { ShippingQuoteService } from './shipping-quote.service.ts';
import { GuardedCarrierGateway, type UpstreamBudget } from './upstream-guard.ts';

/**
 * The freight quotes of the configured carrier and packaging: the quote route's and the order's.
 * With `budget` (the public quote route), the carrier's answers are cached and its calls spend
 * that budget (upstream-guard.ts).
 */
export function shippingQuotes({ carrier, originCep, packaging }: FastifyInstance['config']['shipping'], budget?: UpstreamBudget): ShippingQuoteService {
  const gateway = carrier ? new MelhorEnvioGateway(carrier) : null;
  return new ShippingQuoteService({ originCep, packaging, gateway: gateway && budget ? new GuardedCarrierGateway(gateway, budget) : gateway });
}

/**
 * The label seller `CARRIER` names: Melhor Envio's label API, the sandbox (simulated labels
 * printed from `publicUrl`), or null with `CARRIER=table` (the owner enters carrier and tracking
 * code by hand).
 */
export function createLabelGateway(shipping: FastifyInstance['config']['shipping'], publicUrl: string, now: () => Date): LabelGateway | null {
  if (shipping.labels === 'melhorenvio' && shipping.carrier) return new MelhorEnvioGateway(shipping.carrier);
  if (shipping.labels === 'sandbox') return new SandboxLabelGateway(publicUrl, now);
  return null;
}
