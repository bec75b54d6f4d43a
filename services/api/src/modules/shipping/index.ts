/**
 * The shipping module's public face: other modules and the app import these from here, never a
 * file of this folder. Its routes are routes.ts.
 */
export { shippingQuotes, createLabelGateway } from './shipping-setup.ts';
export { CarrierUnavailableError, LabelRefusedError, type CarrierTracking, type CompletedLabel, type LabelGateway, type LabelParty, type LabelRequest, type PurchasedLabel, type Shipment as CarrierShipment } from './carrier-gateway.ts';
export { melhorEnvioWebhookTracking, signMelhorEnvioWebhook, verifyMelhorEnvioSignature } from './melhor-envio-webhook.ts';
export { SANDBOX_LABEL_PATH, isSandboxLabelId } from './sandbox-labels.ts';
export { CepLookupUnavailableError, ViaCepLookup, createCepLookup, type CepLookup } from './cep-lookup.ts';
export { ShippingQuoteService, HANDLING_DAYS, chosenOption, freightTablePricer, type PricedShipment, type PackagingRules, type RegionFreight } from './shipping-quote.service.ts';
export { FreightRate, FreightRateSchema } from './freight-rate.entity.ts';
